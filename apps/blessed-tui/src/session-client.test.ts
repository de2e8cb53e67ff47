/**
 * The TUI as a client of the real session (`createSession`, the wiring both bins use) against the
 * mock server: what it shows comes from the session's events and status, questions are answered
 * by request id, and the commands it sends change the session.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { dollars } from './format.js';
import { mockServer, onUndo, sandbox, undoAll } from './real-session.test.helper.js';
import { resumeCommand } from './scrollback.js';

afterEach(undoAll);

type Terminal = Awaited<ReturnType<typeof fakeTerminal>>;
/** The status bar: the last row. */
const bar = (t: Terminal): string => t.text().split('\n').at(-1) ?? '';

async function quit(t: Terminal): Promise<void> {
  await t.press(KEY.ctrlC, KEY.ctrlC);
  await t.exit;
}

function skill(work: string, name: string): void {
  const dir = join(work, '.agents', 'skills', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'SKILL.md'), `---\nname: ${name}\ndescription: The ${name} skill.\n---\nDo it.\n`);
}

describe('the TUI on a real session', () => {
  it("shows the session's model, skills and start-up notice (one line counting the skipped skills)", async () => {
    const server = await mockServer(new ScriptBuilder().text('hi'));
    const box = sandbox(server);
    skill(box.work, 'demo');
    mkdirSync(join(box.work, '.agents', 'skills', 'broken'), { recursive: true });
    writeFileSync(
      join(box.work, '.agents', 'skills', 'broken', 'SKILL.md'),
      '---\nname: broken\n---\nNo description.\n',
    );
    const session = await box.open(['--model', 'claude-haiku-5-5']);
    const t = await fakeTerminal(session, { columns: 120 });
    await t.see('1 skill skipped; run harness skills for details');
    expect(bar(t)).toMatch(/claude-haiku-5-5 │ .* │ 1 skill │ in 0 out 0/);
    await t.see(`session ${session.status().sessionId}`);
    await quit(t);
  });

  it('opens the API connection once the screen is up (preconnect), and the first turn goes over it', async () => {
    const server = await mockServer(new ScriptBuilder().text('done'));
    let connections = 0;
    const sockets = new Set<Socket>();
    const relay = createServer((client) => {
      connections++;
      const upstream = connect(Number(new URL(server.url).port), '127.0.0.1');
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    onUndo(
      () =>
        new Promise((r) => {
          for (const s of sockets) s.destroy();
          relay.close(r);
        }),
    );
    const port = (relay.address() as AddressInfo).port;
    const session = await sandbox(server, { ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}` }).open();
    const t = await fakeTerminal(session);
    await eventually(() => expect(connections).toBe(1));
    await t.type('hello');
    await t.press(KEY.enter);
    await t.see('done');
    expect(server.messageRequests()).toHaveLength(1);
    expect(connections).toBe(1);
    await quit(t);
  });

  it('a question is answered by its request id from the modal; the command runs and its output is shown', async () => {
    const server = await mockServer(
      new ScriptBuilder().toolUse('bash', { command: "printf 'hi-there\\n'" }).text('ran it'),
    );
    // The question is the subject: without the sandbox, which would run the command unasked.
    const session = await sandbox(server).open(['--no-sandbox']);
    const t = await fakeTerminal(session);
    await t.type('run it');
    await t.press(KEY.enter);
    await t.see('Allow bash?');
    await t.see("[a] stores this rule for the session: bash(printf 'hi-there\\n')");
    await t.press('y');
    await t.see('ran it');
    expect(t.text()).toContain('allowed (once)');
    expect(t.text()).toContain('    hi-there');
    await quit(t);
  });

  it('Ctrl-C under a question interrupts the turn: the modal closes, the command never runs, the turn ends cancelled', async () => {
    const server = await mockServer(new ScriptBuilder().toolUse('bash', { command: 'touch made.txt' }).text('never'));
    const box = sandbox(server);
    const session = await box.open(['--no-sandbox']);
    const t = await fakeTerminal(session);
    await t.type('make it');
    await t.press(KEY.enter);
    await t.see('Allow bash?');
    await t.press(KEY.ctrlC);
    await t.see('cancelled');
    expect(t.text()).not.toContain('Allow bash?');
    await eventually(() => expect(t.app.state.busy).toBe(false));
    expect(existsSync(join(box.work, 'made.txt'))).toBe(false);
    expect(server.messageRequests()).toHaveLength(1);
    await quit(t);
  });

  it("a command's output is on screen, under its call, before the command ends", async () => {
    // It prints `line-1`, waits for the test to create `release`, then prints `line-2` (the
    // command's own text holds neither, so what is on screen is its output).
    const command = 'echo line-$((0+1)); while [ ! -e release ]; do sleep 0.05; done; echo line-$((1+1))';
    const server = await mockServer(new ScriptBuilder().toolUse('bash', { command }).text('both lines seen'));
    const box = sandbox(server);
    const session = await box.open(['--permission-mode', 'bypassPermissions']);
    const t = await fakeTerminal(session, { rows: 30 });
    await t.type('run');
    await t.press(KEY.enter);
    await t.see('    line-1');
    // Still running: the release file is not there yet, so the second line cannot have been printed.
    expect(t.text()).toMatch(/⎿ running · \d+s/);
    expect(t.text()).not.toContain('line-2');
    expect(t.app.state.busy).toBe(true);
    writeFileSync(join(box.work, 'release'), '');
    await t.see('both lines seen');
    expect(t.text()).not.toContain('⎿ running ·');
    expect(t.text()).toContain('    line-2');
    await quit(t);
  });

  it('the bar shows the cost /compact added (the session counts the summary request)', async () => {
    const server = await mockServer(new ScriptBuilder().text('first').text('second').text('THE SUMMARY'));
    const session = await sandbox(server).open(['--no-skills']);
    const t = await fakeTerminal(session, { columns: 120 });
    for (const text of ['one', 'two']) {
      await t.type(text);
      await t.press(KEY.enter);
      await eventually(() => expect(t.app.state.busy).toBe(false));
    }
    const before = session.status().costUsd;
    await eventually(() => expect(bar(t)).toContain(dollars(before)));
    await t.type('/compact');
    await t.press(KEY.enter);
    await t.see('context compacted:');
    await eventually(() => expect(t.app.state.busy).toBe(false));
    const after = session.status();
    expect(after.requests).toBe(3);
    expect(after.costUsd).toBeGreaterThan(before);
    await eventually(() => expect(bar(t)).toContain(dollars(after.costUsd)));
    expect(t.app.state.status).toEqual(after);
    await quit(t);
  });

  it('the skill count follows /reload-skills', async () => {
    const server = await mockServer(new ScriptBuilder().text('never'));
    const box = sandbox(server);
    skill(box.work, 'demo');
    const session = await box.open();
    const t = await fakeTerminal(session, { columns: 120 });
    await t.see('1 skill');
    skill(box.work, 'later');
    await t.type('/reload-skills');
    await t.press(KEY.enter);
    await t.see('added: /later');
    await eventually(() => expect(bar(t)).toContain('2 skills'));
    // Routing and the / menu follow the session's skills too.
    await t.type('/lat');
    await t.see('/later');
    await quit(t);
  });

  it("Shift-Tab cycles the session's mode (cycle_mode); the bar shows the status it sends", async () => {
    const server = await mockServer(new ScriptBuilder().text('hi'));
    const session = await sandbox(server).open(['--permission-mode', 'plan']);
    const t = await fakeTerminal(session, { columns: 120 });
    await t.see('⏸ plan mode');
    await t.press('\x1b[Z');
    await eventually(() => expect(session.status().mode).toBe('default'));
    await eventually(() => expect(bar(t)).not.toContain('plan mode'));
    await t.press('\x1b[Z');
    await t.see('⏵⏵ accept edits');
    expect(session.status().mode).toBe('acceptEdits');
    await quit(t);
  });

  it('/resume picks a stored session and continues it in place: its conversation is drawn, the next turn joins it', async () => {
    const server = await mockServer(new ScriptBuilder().text('First answer.').text('Other answer.').text('Joined.'));
    const box = sandbox(server);
    const session = await box.open();
    const t = await fakeTerminal(session, { columns: 120, rows: 30 });
    await t.type('the old one');
    await t.press(KEY.enter);
    await t.see('First answer.');
    const old = session.status().sessionId;
    await t.type('/clear');
    await t.press(KEY.enter);
    await t.see('new conversation');
    await t.type('another topic');
    await t.press(KEY.enter);
    await t.see('Other answer.');
    await t.type('/resume');
    await t.press(KEY.enter);
    await t.see('Resume a session');
    await t.press(KEY.down, KEY.enter);
    await t.see(`resumed session ${old}`);
    await t.see('First answer.');
    expect(t.text()).not.toContain('Other answer.');
    expect(session.status().sessionId).toBe(old);
    await t.type('and now');
    await t.press(KEY.enter);
    await t.see('Joined.');
    const last = server.messageRequests().at(-1)?.body as { messages: unknown[] };
    expect(JSON.stringify(last.messages)).toContain('the old one');
    expect(JSON.stringify(last.messages)).not.toContain('another topic');
    await quit(t);
  });
});

describe('the resume command printed on exit', () => {
  it('names -C only when the work root is not where the bin was started, quoted for the shell', () => {
    expect(resumeCommand('s1', '/w', '/w')).toBe('harness-tui --resume s1');
    expect(resumeCommand('s1', '/w', undefined)).toBe('harness-tui --resume s1');
    expect(resumeCommand('s1', "/a b/it's", '/x')).toBe(`harness-tui -C '/a b/it'\\''s' --resume s1`);
  });
});
