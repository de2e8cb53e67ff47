import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPolicy } from '@coding-harness/approval';
import { createToolContext, createToolRegistry } from '@coding-harness/tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from './events.js';
import type { ToolCallPart } from '@coding-harness/model';
import { resultText } from '@coding-harness/model';
import { executeToolUses } from './tool-executor.js';
import { createApprovals } from './approvals.js';
import type { ExecutorDeps } from './tool-executor.js';

const SECRET = 'sk-ant-executor-test-0123456789';
let root: string;
let events: AgentEvent[];
let asked: string[];

function deps(
  mode: 'bypassPermissions' | 'default' = 'bypassPermissions',
  extra: { secrets?: string[] } = {},
): ExecutorDeps {
  const approvals = createApprovals();
  return {
    registry: createToolRegistry({ rgPath: null }),
    policy: createPolicy({ mode, root }),
    approvals,
    // Answers each question as it is emitted (a front end reading the events), once.
    emit: (e) => {
      events.push(e);
      if (e.type === 'approval_requested') {
        asked.push(e.summary);
        queueMicrotask(() => approvals.answer(e.requestId, { type: 'once' }));
      }
    },
    context: createToolContext({ root, secrets: extra.secrets ?? [SECRET], env: {} }),
  };
}
const use = (id: string, name: string, input: unknown): ToolCallPart => ({ type: 'tool_call', id, name, input });

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'executor-')));
  events = [];
  asked = [];
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('executeToolUses', () => {
  it('runs a repeated tool_use id once, answers it once and reports the repeat with a notice', async () => {
    const counter = path.join(root, 'count.txt');
    const call = use('toolu_dup', 'bash', { command: `echo x >> ${counter}` });
    const results = await executeToolUses([call, call, use('toolu_other', 'bash', { command: 'true' })], deps());
    expect(results.map((r) => r.callId)).toEqual(['toolu_dup', 'toolu_other']);
    expect(fs.readFileSync(counter, 'utf8')).toBe('x\n');
    const notices = events.filter((e) => e.type === 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ message: expect.stringContaining('toolu_dup') });
  });

  it('redacts secret values from every result, content and display, and from previews', async () => {
    fs.writeFileSync(path.join(root, '.env'), `TOKEN=${SECRET}\n`);
    const results = await executeToolUses(
      [
        use('t1', 'read_file', { path: '.env' }),
        use('t2', 'grep', { pattern: 'TOKEN', output: 'content' }),
        use('t3', 'bash', { command: 'cat .env' }),
      ],
      deps(),
    );
    const all = JSON.stringify([results, events]);
    expect(all).not.toContain(SECRET);
    expect(resultText(results[0]!.content)).toContain('TOKEN=[redacted secret]');
    expect(resultText(results[2]!.content)).toContain('[redacted secret]');
  });

  it("a write's finished event carries what it changed as a diff (secrets redacted); the model's tool_result does not", async () => {
    const results = await executeToolUses(
      [use('w1', 'write_file', { path: 'new.txt', content: `one\nkey ${SECRET}\n` })],
      deps(),
    );
    const finished = events.find((e) => e.type === 'tool_call_finished');
    expect(finished).toMatchObject({
      callId: 'w1',
      diff: ['--- new.txt', '+++ new.txt', '@@ -0,0 +1,2 @@', '+one', '+key [redacted secret]'].join('\n'),
    });
    expect(JSON.stringify(results)).not.toContain('@@');
    await executeToolUses([use('r1', 'read_file', { path: 'new.txt' })], deps());
    expect(events.filter((e) => e.type === 'tool_call_finished').at(-1)).not.toHaveProperty('diff');
  });

  it('names the credential variable a redacted value came from', async () => {
    const d = deps();
    d.context = createToolContext({ root, env: { ANTHROPIC_API_KEY: SECRET } });
    fs.writeFileSync(path.join(root, 'leak.txt'), `key: ${SECRET}\n`);
    const results = await executeToolUses([use('t1', 'read_file', { path: 'leak.txt' })], d);
    expect(results[0]?.content).toEqual([{ type: 'text', text: '     1\tkey: [redacted ANTHROPIC_API_KEY]' }]);
  });

  it('refuses a protected path in bypass mode without asking, and in ask mode before the question', async () => {
    for (const mode of ['bypassPermissions', 'default'] as const) {
      asked = [];
      const results = await executeToolUses(
        [use(`w-${mode}`, 'write_file', { path: '.git/config', content: '[core]\n\tfsmonitor = ./x\n' })],
        deps(mode),
      );
      expect(results[0]).toMatchObject({ isError: true });
      expect(resultText(results[0]!.content)).toContain('git metadata');
      expect(asked).toEqual([]);
      expect(fs.existsSync(path.join(root, '.git'))).toBe(false);
    }
  });
});
