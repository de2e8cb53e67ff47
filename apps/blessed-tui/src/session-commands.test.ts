/**
 * The session commands in the TUI, on a real session (buildHarness + harnessBackend) against the
 * mock: the lines land in the transcript, and what the model receives is what the command changed.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { buildHarness, parseHarnessArgs } from '@coding-harness/session';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { harnessBackend } from './harness-backend.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

async function session(script: ScriptBuilder) {
  const server = await startMockServer({ script: script.build() });
  undo.push(() => server.close());
  const root = mkdtempSync(join(tmpdir(), 'tui-session-commands-'));
  undo.push(() => rmSync(root, { recursive: true, force: true }));
  const work = join(root, 'work');
  mkdirSync(work);
  const parsed = parseHarnessArgs(['-C', work, '--no-skills']);
  if (!parsed.ok) throw new Error(parsed.message);
  const env = {
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: 'fake',
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'config'),
  };
  const harness = await buildHarness(parsed.flags, env, { home: join(root, 'home'), cwd: root });
  const t = await fakeTerminal(harnessBackend(harness), { columns: 120, rows: 40 });
  undo.push(async () => {
    await t.press(KEY.ctrlC, KEY.ctrlC);
    await t.exit;
  });
  return { server, harness, t };
}

describe('harness-tui: the session commands', () => {
  it('/model <id> switches the model of the next request; the line lands in the transcript', async () => {
    const { server, t } = await session(new ScriptBuilder().text('first answer').text('second answer'));
    await t.type('hello');
    await t.press(KEY.enter);
    await t.see('first answer');
    await t.type('/model claude-opus-5-5');
    await t.press(KEY.enter);
    await t.see('model: claude-opus-5-5 from the next request (was claude-sonnet-5-5)');
    await t.type('again');
    await t.press(KEY.enter);
    await t.see('second answer');
    expect(server.messageRequests().map((r) => (r.body as { model: string }).model)).toEqual([
      'claude-sonnet-5-5',
      'claude-opus-5-5',
    ]);
  });

  it('/mode plan switches the policy; /status and /permissions answer from the same session', async () => {
    const { harness, t } = await session(new ScriptBuilder().text('never'));
    await t.type('/mode plan');
    await t.press(KEY.enter);
    await t.see('mode: plan: plan mode');
    await vi.waitFor(() => expect(harness.policy.mode).toBe('plan'));
    await t.type('/status');
    await t.press(KEY.enter);
    await t.see(`session  ${harness.agent.sessionId}`);
    await t.type('/permissions allow Bash(npm test:*)');
    await t.press(KEY.enter);
    await t.see('allow Bash(npm test:*)  (session, /permissions)');
    expect(harness.grants().allowed.map((g) => g.rule)).toContain('bash(npm test:*)');
  });
});
