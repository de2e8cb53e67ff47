/**
 * The session commands in the TUI, on a real session (`createSession`) against the mock: each
 * goes to the session as a `slash` command, its result's lines land in the transcript, and what
 * the model receives is what the command changed.
 */
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { mockServer, sandbox, undoAll } from './real-session.test.helper.js';

afterEach(undoAll);

async function open(script: ScriptBuilder) {
  const server = await mockServer(script);
  const session = await sandbox(server).open(['--no-skills']);
  const t = await fakeTerminal(session, { columns: 120, rows: 40 });
  return { server, session, t };
}

async function quit(t: Awaited<ReturnType<typeof fakeTerminal>>): Promise<void> {
  await t.press(KEY.ctrlC, KEY.ctrlC);
  await t.exit;
}

describe('harness-tui: the session commands', () => {
  it('/model <id> switches the model of the next request; the line lands in the transcript, the bar follows', async () => {
    const { server, t } = await open(new ScriptBuilder().text('first answer').text('second answer'));
    await t.type('hello');
    await t.press(KEY.enter);
    await t.see('first answer');
    await t.type('/model claude-opus-5-5');
    await t.press(KEY.enter);
    await t.see('model: claude-opus-5-5 from the next request (was claude-sonnet-5-5)');
    await eventually(() => expect(t.text().split('\n')[39]).toContain('claude-opus-5-5'));
    await t.type('again');
    await t.press(KEY.enter);
    await t.see('second answer');
    expect(server.messageRequests().map((r) => (r.body as { model: string }).model)).toEqual([
      'claude-sonnet-5-5',
      'claude-opus-5-5',
    ]);
    await quit(t);
  });

  it('/mode plan switches the policy (the bar shows it); /status and /permissions answer from the same session', async () => {
    const { session, t } = await open(new ScriptBuilder().text('never'));
    await t.type('/mode plan');
    await t.press(KEY.enter);
    await t.see('mode: plan: plan mode');
    await t.see('⏸ plan mode');
    expect(session.status().mode).toBe('plan');
    await t.type('/status');
    await t.press(KEY.enter);
    await t.see(`session  ${session.status().sessionId}`);
    await t.type('/permissions allow Bash(npm test:*)');
    await t.press(KEY.enter);
    await t.see('allow Bash(npm test:*)  (session, /permissions)');
    await t.type('/allowed');
    await t.press(KEY.enter);
    await t.see('allow bash(npm test:*)');
    await quit(t);
  });
});
