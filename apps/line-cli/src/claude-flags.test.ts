/**
 * The `claude -p` flags scripts use that the harness took last, through the built `harness -p`
 * against the mock: `--session-id`, `--agents`, `--setting-sources`, `--include-partial-messages`
 * (and `--fallback-model` parses; its switch is tested in the agent package against the mock's
 * overloaded faults, whose backoff is too long for a CLI test).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, resultText, run, systemText, toolResults } from './test-support/cli.js';

afterEach(cleanup);

function put(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const ID = '3f2b7c1e-0a4d-4e8b-9c6f-1d2e3f4a5b6c';

describe("claude -p's remaining flags", () => {
  it('--session-id names the new session; the same id again is a usage error; --resume continues it', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('first').text('second').build());
    const env = childEnv(box, server);
    const res = await run(['-C', box.work, '-p', 'hi', '--session-id', ID, '--output-format', 'json'], { env });
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout).session_id).toBe(ID);
    expect(existsSync(join(box.state, 'coding-harness', 'sessions', `${ID}.jsonl`))).toBe(true);
    const again = await run(['-C', box.work, '-p', 'hi', '--session-id', ID], { env });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`--session-id ${ID}: a session with this id exists already`);
    const resumed = await run(['-C', box.work, '-p', 'again', '--resume', ID], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout.trim()).toBe('second');
  });

  it('--agents gives the session an agent the model can call; bad JSON is a usage error naming the flag', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder()
        .toolUse('agent', { description: 'check', prompt: 'Check it.', subagent_type: 'checker' })
        .text('CHECKED')
        .text('done')
        .build(),
    );
    const agents = JSON.stringify({
      checker: { description: 'Checks things.', prompt: 'You are CHECKER.', tools: ['Read'] },
    });
    const res = await run(['-C', box.work, '-p', 'go', '--agents', agents], { env: childEnv(box, server) });
    expect(res.code, res.stderr).toBe(0);
    const [, sub, last] = server.messageRequests();
    expect(systemText(sub)).toContain('You are CHECKER.');
    expect(resultText(toolResults(last).at(-1)!)).toBe('CHECKED');
    const bad = await run(['-C', box.work, '-p', 'go', '--agents', '{nope'], {
      env: childEnv(box, undefined, { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' }),
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--agents: not JSON');
  });

  it('--setting-sources project leaves the user file out; a misspelt source is a usage error', async () => {
    const box = makeSandbox();
    put(
      join(box.home, '.claude', 'settings.json'),
      JSON.stringify({ permissions: { deny: ['Bash(printf user-denied:*)'] } }),
    );
    const server = await mock(
      new ScriptBuilder().toolUse('bash', { command: 'printf user-denied' }).text('done').build(),
    );
    const res = await run(
      ['-C', box.work, '-p', 'go', '--no-sandbox', '--allowed-tools', 'Bash', '--setting-sources', 'project,local'],
      { env: childEnv(box, server) },
    );
    expect(res.code, res.stderr).toBe(0);
    // It ran: the user file's deny rule was not read.
    expect(resultText(toolResults(server.messageRequests().at(-1))[0]!)).toMatch(/^user-denied\n/);
    // Without the flag the user file's deny rule refuses it.
    const all = await mock(new ScriptBuilder().toolUse('bash', { command: 'printf user-denied' }).text('done').build());
    const denied = await run(['-C', box.work, '-p', 'go', '--no-sandbox', '--allowed-tools', 'Bash'], {
      env: childEnv(box, all),
    });
    expect(denied.code, denied.stderr).toBe(0);
    expect(resultText(toolResults(all.messageRequests().at(-1))[0]!)).toContain(
      join(box.home, '.claude', 'settings.json'),
    );
    const bad = await run(['-C', box.work, '-p', 'go', '--setting-sources', 'user,projet'], {
      env: childEnv(box, undefined, { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' }),
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--setting-sources: "projet" is no settings source');
  });

  it("--include-partial-messages streams stream_event lines in the Messages API's order", async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().toolUse('glob', { pattern: '*' }).text('All done here.').build());
    const res = await run(
      ['-C', box.work, '-p', 'go', '--output-format', 'stream-json', '--include-partial-messages', '--verbose'],
      { env: childEnv(box, server) },
    );
    expect(res.code, res.stderr).toBe(0);
    const lines = res.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; event?: { type: string; delta?: { type: string; text?: string } } });
    const events = lines.filter((l) => l.type === 'stream_event').map((l) => l.event!);
    expect(lines.every((l) => l.type !== 'stream_event' || ('session_id' in l && 'uuid' in l))).toBe(true);
    const kinds = events.map((e) => e.type);
    expect(kinds[0]).toBe('message_start');
    expect(kinds).toContain('content_block_delta');
    expect(kinds.filter((k) => k === 'message_stop')).toHaveLength(2);
    const text = events
      .filter((e) => e.delta?.type === 'text_delta')
      .map((e) => e.delta!.text)
      .join('');
    expect(text).toBe('All done here.');
    expect(events.some((e) => e.delta?.type === 'input_json_delta')).toBe(true);
    // Each stream ends before the assistant line that carries the whole message.
    const firstAssistant = lines.findIndex((l) => l.type === 'assistant');
    expect(lines.slice(0, firstAssistant).some((l) => l.event?.type === 'message_stop')).toBe(true);
    const without = await run(['-C', box.work, '-p', 'go', '--include-partial-messages'], {
      env: childEnv(box, undefined, { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' }),
    });
    expect(without.code).toBe(2);
    expect(without.stderr).toContain('--include-partial-messages needs --output-format stream-json');
  });
});
