import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { SessionInfo } from '@coding-harness/agent';
import { buildHarness, parseHarnessArgs } from '@coding-harness/session';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TuiBackend } from './backend.js';
import { main } from './cli.js';
import { sessionPickerKey, sessionRows, visibleWindow, type SessionPick } from './session-picker.js';
import { runSessionPicker } from './widgets/session-picker-screen.js';
import { FakeBackend } from './fake-backend.js';
import { fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import type { SessionControls } from '@coding-harness/session';

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
    await vi.waitFor(() => expect(written).toContain('fix the greeting'));
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
      let backend: TuiBackend | undefined;
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
        run: async (b) => {
          backend = b;
          return 0;
        },
      });
      return { code, backend, offered };
    };
    return { env, home, work, root, run };
  }

  it("offers this work root's sessions, most recent first; the pick is resumed (its conversation replayed)", async () => {
    const box = await setup();
    const parsed = parseHarnessArgs(['-C', box.work]);
    if (!parsed.ok) throw new Error(parsed.message);
    const first = await buildHarness(parsed.flags, box.env, { home: box.home, cwd: box.root });
    for await (const event of first.agent.send('remember this')) void event;
    const id = first.agent.sessionId;

    const { code, backend, offered } = await box.run((sessions) => ({ type: 'resume', id: sessions[0]!.id }));
    expect(code).toBe(0);
    expect(offered[0]?.map((s) => [s.id, s.title])).toEqual([[id, 'remember this']]);
    expect(backend?.history?.()?.sessionId).toBe(id);

    const fresh = await box.run(() => ({ type: 'new' }));
    expect(fresh.backend?.history?.()).toBeUndefined();
    const quit = await box.run(() => ({ type: 'quit' }));
    expect(quit).toMatchObject({ code: 0, backend: undefined });
  });

  it('with no saved session it starts a new one and says so, without a picker', async () => {
    const box = await setup();
    const { backend, offered } = await box.run(() => ({ type: 'quit' }));
    expect(offered).toEqual([]);
    expect(backend?.startupNotices).toContain('no saved session in this work root yet; starting a new one');
  });
});

describe('/resume inside the TUI', () => {
  /** Just what /resume reads of the session's controls. */
  const controls = (current: string) =>
    ({
      sessions: async () => SESSIONS,
      status: () => ({ sessionId: current }),
    }) as unknown as SessionControls;

  it('lists the sessions over the transcript; Enter on another one reopens the TUI on it (the screen quits)', async () => {
    const resumed: string[] = [];
    const backend = new FakeBackend({
      sessionId: 's-new',
      controls: controls('s-new'),
      onResume: (id) => resumed.push(id),
    });
    const t = await fakeTerminal(backend);
    await t.type('/resume');
    await t.press(KEY.enter);
    await t.see('Resume a session');
    await t.see('fix the greeting');
    await t.press(KEY.down);
    await t.press(KEY.enter);
    expect(await t.exit).toBe(0);
    expect(resumed).toEqual(['s-mid']);
    expect(backend.sent).toEqual([]);
  });

  it('Enter on this session says so; Esc closes the list; n starts a new conversation', async () => {
    const backend = new FakeBackend({ sessionId: 's-new', controls: controls('s-new'), onResume: () => {} });
    const t = await fakeTerminal(backend);
    await t.type('/resume');
    await t.press(KEY.enter);
    await t.see('Resume a session');
    await t.press(KEY.enter);
    await t.see('that is this session');
    await t.type('/resume');
    await t.press(KEY.enter);
    await t.see('Resume a session');
    await t.press(KEY.esc);
    await vi.waitFor(() => expect(t.text()).not.toContain('Resume a session'));
    await t.type('/resume');
    await t.press(KEY.enter);
    await t.see('Resume a session');
    await t.press('n');
    await t.see('new conversation');
    expect(backend.clears).toBe(1);
    await t.press(KEY.ctrlC, KEY.ctrlC);
    expect(await t.exit).toBe(0);
  });

  it('the CLI reopens the screen on the picked session', async () => {
    const server = await startMockServer({ script: new ScriptBuilder().text('First answer.').build() });
    undo.push(() => server.close());
    const root = mkdtempSync(join(tmpdir(), 'harness-tui-reopen-'));
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
    const parsed = parseHarnessArgs(['-C', work]);
    if (!parsed.ok) throw new Error(parsed.message);
    const first = await buildHarness(parsed.flags, env, { home, cwd: root });
    for await (const event of first.agent.send('the old one')) void event;
    const old = first.agent.sessionId;

    const screens: (string | undefined)[] = [];
    const code = await main(['-C', work], {
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      env,
      cwd: root,
      home,
      tty: true,
      run: async (backend) => {
        screens.push(backend.history?.()?.sessionId);
        if (screens.length === 1) backend.resume?.(old);
        return 0;
      },
    });
    expect(code).toBe(0);
    expect(screens).toEqual([undefined, old]);
  });
});
