import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { SessionInfo } from '@coding-harness/agent';
import { createSession, parseHarnessArgs } from '@coding-harness/session';
import type { Session } from '@coding-harness/session';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from './cli.js';
import type { ClientOptions } from './session-client.js';
import { sessionPickerKey, sessionRows, visibleWindow, type SessionPick } from './session-picker.js';
import { runSessionPicker } from './widgets/session-picker-screen.js';
import { FakeSession } from './fake-session.js';
import { eventually, fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { messageEnd, turnStart } from './test-events.test.helper.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

function info(id: string, title: string, updatedAt: string): SessionInfo {
  return { id, title, updatedAt, createdAt: updatedAt, workroot: '/w', model: 'm', file: `/s/${id}.jsonl` };
}
const SESSIONS = [
  info('s-new', 'fix the greeting', '2026-12-01T14:05:00.000Z'),
  info('s-mid', '', '2026-12-01T13:00:00.000Z'),
  info('s-old', 'evil \x1b[2J title', '2026-11-30T09:00:00.000Z'),
];

describe('the --resume picker, pure', () => {
  it('rows: when, first prompt (or "(no prompt)"), the id when there is room; the selected row marked; escapes shown as text', () => {
    const rows = sessionRows(SESSIONS, 1, 80);
    expect(rows[0]).toMatch(/^ {2}2026-12-01 14:05 {2}fix the greeting +s-new$/);
    expect(rows[1]).toMatch(/^› 2026-12-01 13:00 {2}\(no prompt\) +s-mid$/);
    expect(rows[2]).toContain('evil \\x1b[2J title');
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(80);
    expect(sessionRows(SESSIONS, 0, 40)[0]).toBe('› 2026-12-01 14:05  fix the greeting');
  });

  it('keys: ↑↓ move within the list, Enter resumes the selected one, n is a new session, Esc / q / Ctrl-C quit', () => {
    expect(sessionPickerKey(0, SESSIONS, 'down', undefined)).toEqual({ type: 'select', selected: 1 });
    expect(sessionPickerKey(2, SESSIONS, 'down', undefined)).toEqual({ type: 'select', selected: 2 });
    expect(sessionPickerKey(0, SESSIONS, 'up', undefined)).toEqual({ type: 'select', selected: 0 });
    expect(sessionPickerKey(0, SESSIONS, 'end', undefined)).toEqual({ type: 'select', selected: 2 });
    expect(sessionPickerKey(1, SESSIONS, 'return', '\r')).toEqual({
      type: 'done',
      pick: { type: 'resume', id: 's-mid' },
    });
    expect(sessionPickerKey(1, SESSIONS, 'n', 'n')).toEqual({ type: 'done', pick: { type: 'new' } });
    for (const [name, ch] of [
      ['escape', undefined],
      ['q', 'q'],
      ['c', '\x03'],
    ] as const)
      expect(sessionPickerKey(1, SESSIONS, name, ch)).toEqual({ type: 'done', pick: { type: 'quit' } });
    expect(sessionPickerKey(1, SESSIONS, 'x', 'x')).toEqual({ type: 'select', selected: 1 });
  });

  it('the window keeps the selected row on screen', () => {
    expect(visibleWindow(50, 0, 10)).toEqual({ start: 0, end: 10 });
    expect(visibleWindow(50, 25, 10)).toEqual({ start: 16, end: 26 });
    expect(visibleWindow(3, 2, 10)).toEqual({ start: 0, end: 3 });
  });
});

describe('the --resume picker on a terminal', () => {
  async function picker(keys: string[]): Promise<{ pick: SessionPick; written: string }> {
    const input = new PassThrough();
    const output = Object.assign(new PassThrough(), { columns: 80, rows: 24, isTTY: true });
    let written = '';
    output.on('data', (d: Buffer) => (written += d.toString()));
    const done = runSessionPicker(SESSIONS, { input, output, terminal: 'xterm-256color', env: {}, root: '~/proj' });
    await eventually(() => expect(written).toContain('fix the greeting'));
    for (const k of keys) {
      input.write(k);
      await new Promise((r) => setImmediate(r));
    }
    return { pick: await done, written };
  }

  it('shows the sessions most recent first, with the heading and keys; Down, Enter resumes the second; the terminal is restored', async () => {
    const { pick, written } = await picker(['\x1b[B', '\r']);
    expect(pick).toEqual({ type: 'resume', id: 's-mid' });
    expect(written).toContain('Resume a session');
    expect(written).toContain('~/proj');
    expect(written).toContain('Enter resume');
    expect(written.indexOf('fix the greeting')).toBeLessThan(written.indexOf('(no prompt)'));
    expect(written).toContain('\\x1b[2J'); // blessed moves over the spaces, the escape is text
    expect(written).not.toMatch(/evil.{0,8}\x1b\[2J/);
    expect(written.lastIndexOf('\x1b[?1049l')).toBeGreaterThan(written.lastIndexOf('fix the greeting'));
  });

  it('n starts a new session; Esc quits', async () => {
    expect((await picker(['n'])).pick).toEqual({ type: 'new' });
    expect((await picker(['\x1b'])).pick).toEqual({ type: 'quit' });
  });
});

describe('harness-tui --resume without an id', () => {
  async function setup() {
    const server = await startMockServer({ script: new ScriptBuilder().text('First answer.').build() });
    undo.push(() => server.close());
    const root = mkdtempSync(join(tmpdir(), 'harness-tui-pick-'));
    undo.push(() => rmSync(root, { recursive: true, force: true }));
    const work = join(root, 'work');
    mkdirSync(work);
    const env = {
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'fake',
      XDG_STATE_HOME: join(root, 'state'),
      XDG_CONFIG_HOME: join(root, 'config'),
    };
    const home = join(root, 'home');
    const run = async (pick: (s: readonly SessionInfo[]) => SessionPick) => {
      let opened: { session: Session; client: ClientOptions } | undefined;
      const offered: SessionInfo[][] = [];
      const code = await main(['-C', work, '--resume'], {
        stdout: new PassThrough(),
        stderr: new PassThrough(),
        env,
        cwd: root,
        home,
        tty: true,
        pick: async (sessions) => {
          offered.push([...sessions]);
          return pick(sessions);
        },
        run: async (session, client) => {
          opened = { session, client };
          undo.push(() => session.close());
          return 0;
        },
      });
      return { code, opened, offered };
    };
    return { env, home, work, root, run };
  }

  it("offers this work root's sessions, most recent first; the pick is resumed (its conversation replayed)", async () => {
    const box = await setup();
    const parsed = parseHarnessArgs(['-C', box.work]);
    if (!parsed.ok) throw new Error(parsed.message);
    const first = await createSession(parsed.flags, box.env, { home: box.home, cwd: box.root });
    await first.dispatch({ id: 'c1', type: 'send', text: 'remember this' });
    const id = first.status().sessionId;
    await first.close();

    const { code, opened, offered } = await box.run((sessions) => ({ type: 'resume', id: sessions[0]!.id }));
    expect(code).toBe(0);
    expect(offered[0]?.map((s) => [s.id, s.title])).toEqual([[id, 'remember this']]);
    expect(opened?.session.info.resumed).toBe(true);
    expect(opened?.session.status().sessionId).toBe(id);

    const fresh = await box.run(() => ({ type: 'new' }));
    expect(fresh.opened?.session.info.resumed).toBe(false);
    const quit = await box.run(() => ({ type: 'quit' }));
    expect(quit).toMatchObject({ code: 0, opened: undefined });
  });

  it('with no saved session it starts a new one and says so, without a picker', async () => {
    const box = await setup();
    const { opened, offered } = await box.run(() => ({ type: 'quit' }));
    expect(offered).toEqual([]);
    expect(opened?.client.notices).toContain('no saved session in this work root yet; starting a new one');
  });
});

describe('/resume inside the TUI', () => {
  const summaries = SESSIONS.map(({ file: _file, ...summary }) => summary);
  const older = [turnStart('the older question'), messageEnd('The older answer.')];

  it('lists the sessions over the transcript; Enter on another resumes it in place and draws its conversation', async () => {
    const session = new FakeSession({ sessionId: 's-new', sessions: summaries, histories: { 's-mid': older } });
    const t = await fakeTerminal(session);
    await t.type('hello');
    await t.press(KEY.enter);
    await t.see('You said: hello');
    await t.type('/resume');
    await t.press(KEY.enter);
    await t.see('Resume a session');
    await t.see('fix the greeting');
    await t.press(KEY.down);
    await t.press(KEY.enter);
    await t.see('resumed session s-mid');
    await t.see('The older answer.');
    expect(t.text()).not.toContain('You said: hello');
    expect(session.status().sessionId).toBe('s-mid');
    expect(session.commands.map((c) => c.type)).toEqual(['send', 'slash', 'resume', 'history']);
    expect(session.commands[2]).toMatchObject({ type: 'resume', sessionId: 's-mid' });
    // The screen stays up: the next turn goes to the resumed session.
    await t.type('more');
    await t.press(KEY.enter);
    await t.see('You said: more');
    await t.press(KEY.ctrlD);
    expect(await t.exit).toBe(0);
    expect(t.written()).toContain('resume it with: harness-tui --resume s-mid');
  });

  it('Enter on this session says so; Esc closes the list; n starts a new conversation', async () => {
    const session = new FakeSession({ sessionId: 's-new', sessions: summaries });
    const t = await fakeTerminal(session);
    await t.type('/resume');
    await t.press(KEY.enter);
    await t.see('Resume a session');
    await t.press(KEY.enter);
    await t.see('that is this session');
    await t.type('/resume');
    await t.press(KEY.enter);
    await t.see('Resume a session');
    await t.press(KEY.esc);
    await eventually(() => expect(t.text()).not.toContain('Resume a session'));
    await t.type('/resume');
    await t.press(KEY.enter);
    await t.see('Resume a session');
    await t.press('n');
    await t.see('new conversation');
    expect(session.commandTypes()).toEqual(['slash', 'slash', 'slash', 'clear']);
    await t.press(KEY.ctrlC, KEY.ctrlC);
    expect(await t.exit).toBe(0);
  });

  it('with no stored session it says so in the transcript, no list', async () => {
    const t = await fakeTerminal(new FakeSession());
    await t.type('/resume');
    await t.press(KEY.enter);
    await t.see('no saved sessions in this work root yet');
    expect(t.text()).not.toContain('Resume a session');
    await t.press(KEY.ctrlC, KEY.ctrlC);
    expect(await t.exit).toBe(0);
  });
});
