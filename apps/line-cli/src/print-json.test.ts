import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, run, writeSkill } from './test-support/cli.js';

afterEach(cleanup);

// Claude Code's documented fields, as scripts written for `claude -p` read them.
// https://code.claude.com/docs/en/agent-sdk/typescript (SDKResultMessage, SDKSystemMessage,
// SDKAssistantMessage, SDKUserMessage) and https://code.claude.com/docs/en/headless (output formats).
const RESULT_FIELDS = [
  'type',
  'subtype',
  'uuid',
  'session_id',
  'is_error',
  'result',
  'num_turns',
  'duration_ms',
  'duration_api_ms',
  'total_cost_usd',
  'usage',
  'modelUsage',
  'permission_denials',
];
const RESULT_ERROR_FIELDS = [...RESULT_FIELDS, 'errors'];
const USAGE_FIELDS = ['input_tokens', 'output_tokens', 'cache_read_input_tokens', 'cache_creation_input_tokens'];
const MODEL_USAGE_FIELDS = [
  'inputTokens',
  'outputTokens',
  'cacheReadInputTokens',
  'cacheCreationInputTokens',
  'webSearchRequests',
  'costUSD',
];
const INIT_FIELDS = [
  'type',
  'subtype',
  'uuid',
  'session_id',
  'apiKeySource',
  'cwd',
  'tools',
  'mcp_servers',
  'model',
  'permissionMode',
  'slash_commands',
  'output_style',
];
const ASSISTANT_FIELDS = ['type', 'uuid', 'session_id', 'message', 'parent_tool_use_id'];
const USER_FIELDS = ['type', 'uuid', 'session_id', 'message', 'parent_tool_use_id'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Json = Record<string, unknown>;

function jsonLines(stdout: string): Json[] {
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Json);
}

function expectFields(value: unknown, fields: readonly string[]): void {
  expect(Object.keys(value as Json)).toEqual(expect.arrayContaining([...fields]));
}

describe('harness -p --output-format json (Claude Code result object)', () => {
  it('prints only the result object, with every documented field', async () => {
    const box = makeSandbox();
    writeFileSync(join(box.work, 'a.txt'), 'alpha\n');
    const server = await mock(
      new ScriptBuilder().toolUse('read_file', { path: 'a.txt' }).text('It says alpha.').build(),
    );
    const res = await run(['-C', box.work, '-p', 'read a.txt', '--output-format', 'json'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(0);
    const lines = jsonLines(res.stdout);
    expect(lines).toHaveLength(1);
    const out = lines[0]!;
    expectFields(out, RESULT_FIELDS);
    expect(out).toMatchObject({
      type: 'result',
      subtype: 'success',
      is_error: false,
      result: 'It says alpha.',
      num_turns: 2,
      permission_denials: [],
      stop_reason: 'end_turn',
    });
    expect(out.uuid).toMatch(UUID);
    expect(typeof out.session_id).toBe('string');
    expect(out.duration_ms).toEqual(expect.any(Number));
    expect(out.duration_api_ms as number).toBeLessThanOrEqual(out.duration_ms as number);
    expectFields(out.usage, USAGE_FIELDS);
    expect(Object.keys(out.modelUsage as Json)).toEqual(['claude-sonnet-5-5']);
    expectFields((out.modelUsage as Record<string, Json>)['claude-sonnet-5-5'], MODEL_USAGE_FIELDS);
    // Exact in JSON, without floating-point noise: at most ten decimals.
    const cost = out.total_cost_usd as number;
    expect(cost).toBeGreaterThan(0);
    expect(cost).toBe(Number(cost.toFixed(10)));
  });

  it('a denied tool call is listed in permission_denials (and the denial still names the flag on stderr)', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder().toolUse('bash', { command: 'npm test' }).text('I could not run the tests.').build(),
    );
    const res = await run(['-C', box.work, '-p', 'run the tests', '--output-format', 'json', '--no-sandbox'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('--allowed-tools');
    const out = jsonLines(res.stdout)[0]!;
    expect(out.permission_denials).toEqual([
      { tool_name: 'bash', tool_use_id: expect.any(String), tool_input: { command: 'npm test' } },
    ]);
  });

  it('a call refused by --disallowed-tools is a permission denial too', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().toolUse('bash', { command: 'ls' }).text('refused').build());
    const res = await run(
      [
        '-C',
        box.work,
        '-p',
        'list',
        '--permission-mode',
        'bypass',
        '--disallowed-tools',
        'Bash',
        '--output-format',
        'json',
      ],
      { env: childEnv(box, server) },
    );
    expect(res.code).toBe(0);
    expect(jsonLines(res.stdout)[0]!.permission_denials).toEqual([
      { tool_name: 'bash', tool_use_id: expect.any(String), tool_input: { command: 'ls' } },
    ]);
  });

  it('hitting --max-turns: subtype error_max_turns, is_error, errors, exit 1', async () => {
    const box = makeSandbox();
    writeFileSync(join(box.work, 'a.txt'), 'alpha\n');
    const server = await mock(new ScriptBuilder().toolUse('read_file', { path: 'a.txt' }).text('unused').build());
    const res = await run(['-C', box.work, '-p', 'read', '--max-turns', '1', '--output-format', 'json'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(1);
    const out = jsonLines(res.stdout)[0]!;
    expectFields(out, RESULT_ERROR_FIELDS);
    expect(out).toMatchObject({ subtype: 'error_max_turns', is_error: true, stop_reason: 'max_turns', num_turns: 1 });
    expect((out.errors as string[]).length).toBeGreaterThan(0);
  });

  it('an API failure: subtype error_during_execution with the error message', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('unused').build());
    const res = await run(['-C', box.work, '-p', 'hi', '--output-format', 'json'], {
      env: childEnv(box, undefined, { ANTHROPIC_BASE_URL: `${server.url}/no-such-prefix` }),
    });
    expect(res.code).toBe(1);
    const out = jsonLines(res.stdout)[0]!;
    expect(out).toMatchObject({ subtype: 'error_during_execution', is_error: true, num_turns: 1 });
    expect((out.errors as string[]).join('\n')).toMatch(/model request failed/);
  });
});

describe('harness -p --output-format stream-json (Claude Code message lines)', () => {
  it('init line, assistant and user (tool result) lines, then the result; one session id throughout', async () => {
    const box = makeSandbox();
    writeFileSync(join(box.work, 'a.txt'), 'alpha\n');
    const server = await mock(
      new ScriptBuilder().toolUse('read_file', { path: 'a.txt' }).text('It says alpha.').build(),
    );
    const res = await run(['-C', box.work, '-p', 'read a.txt', '--output-format', 'stream-json'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(0);
    const lines = jsonLines(res.stdout);
    expect(lines.map((l) => l.type)).toEqual(['system', 'assistant', 'user', 'assistant', 'result']);
    const [init, toolCall, toolResult, answer, result] = lines as [Json, Json, Json, Json, Json];
    expectFields(init, INIT_FIELDS);
    expect(init).toMatchObject({
      subtype: 'init',
      cwd: box.work,
      model: 'claude-sonnet-5-5',
      permissionMode: 'default',
      mcp_servers: [],
      apiKeySource: 'none',
    });
    expect(init.tools).toEqual(expect.arrayContaining(['read_file', 'bash']));
    for (const line of [toolCall, answer]) expectFields(line, ASSISTANT_FIELDS);
    expectFields(toolResult, USER_FIELDS);
    expect(toolCall.message).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-5-5',
      stop_reason: 'tool_use',
      content: [{ type: 'tool_use', name: 'read_file', input: { path: 'a.txt' } }],
    });
    expectFields((toolCall.message as Json).usage, USAGE_FIELDS);
    expect(toolResult.message).toMatchObject({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: (toolCall.message as { content: Json[] }).content[0]!.id }],
    });
    expect(answer.message).toMatchObject({
      content: [{ type: 'text', text: 'It says alpha.' }],
      stop_reason: 'end_turn',
    });
    expect(result).toMatchObject({ type: 'result', subtype: 'success', result: 'It says alpha.' });
    expectFields(result, RESULT_FIELDS);
    expect(new Set(lines.map((l) => l.session_id)).size).toBe(1);
    expect(JSON.stringify(lines)).not.toContain('cache_control');
  });

  it('parallel calls denied at once, and a forced /skill call: every message once, in transcript order', async () => {
    const box = makeSandbox();
    writeSkill(join(box.home, '.agents', 'skills'), 'notes', 'name: notes\ndescription: Take notes.', 'Write notes.\n');
    const server = await mock(
      new ScriptBuilder()
        .toolUses([
          { name: 'bash', input: { command: 'make' } },
          { name: 'bash', input: { command: 'make test' } },
        ])
        .text('both were denied')
        .build(),
    );
    const res = await run(['-C', box.work, '-p', '/notes today', '--output-format', 'stream-json', '--no-sandbox'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(0);
    const lines = jsonLines(res.stdout);
    expect(lines.map((l) => l.type)).toEqual([
      'system',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'result',
    ]);
    const content = (l: Json): Json[] => (l.message as { content: Json[] }).content;
    expect(content(lines[1]!)).toEqual([expect.objectContaining({ type: 'tool_use', name: 'skill' })]);
    expect((lines[1]!.message as Json).stop_reason).toBe('tool_use');
    expect(content(lines[2]!).map((b) => b.tool_use_id)).toEqual([content(lines[1]!)[0]!.id]);
    expect(content(lines[3]!).map((b) => b.name)).toEqual(['bash', 'bash']);
    expect(content(lines[4]!).map((b) => [b.type, b.is_error])).toEqual([
      ['tool_result', true],
      ['tool_result', true],
    ]);
    expect(content(lines[5]!)).toEqual([{ type: 'text', text: 'both were denied' }]);
    expect(lines.at(-1)).toMatchObject({ result: 'both were denied', num_turns: 2 });
    expect((lines.at(-1)!.permission_denials as Json[]).map((d) => d.tool_input)).toEqual([
      { command: 'make' },
      { command: 'make test' },
    ]);
    expect(lines[0]!.slash_commands).toEqual(['notes']);
  });

  it('--input-format stream-json: each user line on stdin is a turn with its own result line', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('first answer').text('second answer').build());
    const user = (content: unknown): string =>
      `${JSON.stringify({ type: 'user', message: { role: 'user', content } })}\n`;
    const res = await run(['-C', box.work, '-p', '--input-format', 'stream-json', '--output-format', 'stream-json'], {
      env: childEnv(box, server),
      stdin: user('the colour is teal') + user([{ type: 'text', text: 'which colour?' }]),
    });
    expect(res.code).toBe(0);
    const lines = jsonLines(res.stdout);
    expect(lines.map((l) => l.type)).toEqual(['system', 'assistant', 'result', 'assistant', 'result']);
    expect(lines.filter((l) => l.type === 'result').map((l) => l.result)).toEqual(['first answer', 'second answer']);
    const second = JSON.stringify(body(server.messageRequests()[1]).messages);
    expect(second).toContain('the colour is teal');
    expect(second).toContain('which colour?');
  });

  it('--input-format stream-json refuses other output formats, a PROMPT, and a malformed line (exit 2)', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('never').build());
    const env = childEnv(box, server);
    const wrongOut = await run(['-C', box.work, '-p', '--input-format', 'stream-json'], { env, stdin: '' });
    expect(wrongOut.code).toBe(2);
    expect(wrongOut.stderr).toContain('--output-format stream-json');
    const withPrompt = await run(
      ['-C', box.work, '-p', 'hi', '--input-format', 'stream-json', '--output-format', 'stream-json'],
      { env, stdin: '' },
    );
    expect(withPrompt.code).toBe(2);
    expect(withPrompt.stderr).toContain('PROMPT');
    const bad = await run(['-C', box.work, '-p', '--input-format', 'stream-json', '--output-format', 'stream-json'], {
      env,
      stdin: 'not json\n',
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('line 1');
    expect(server.requests).toHaveLength(0);
  });
});
