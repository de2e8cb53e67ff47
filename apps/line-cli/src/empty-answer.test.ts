import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, run } from './test-support/cli.js';

afterEach(cleanup);

const thinkingOnly = new ScriptBuilder().turn({
  content: [{ type: 'thinking', thinking: 'The whole answer was written here, in thinking.' }],
});

describe('harness -p: replies with no answer in them', () => {
  it('a thinking-only reply exits 1 with a message naming the cause and what to try; JSON says is_error', async () => {
    const box = makeSandbox();
    const server = await mock(thinkingOnly.turn({ content: [{ type: 'thinking', thinking: 'again' }] }).build());
    const text = await run(['-C', box.work, '-p', 'answer'], { env: childEnv(box, server) });
    expect(text.code).toBe(1);
    expect(text.stdout).toBe('');
    expect(text.stderr).toMatch(/error: no answer: the model ended its turn with thinking only/);
    expect(text.stderr).toContain('lower the effort');
    expect(text.stderr).toContain('--verbose shows it');
    const json = await run(['-C', box.work, '-p', 'answer', '--output-format', 'json'], { env: childEnv(box, server) });
    expect(json.code).toBe(1);
    const result = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(result).toMatchObject({ is_error: true, subtype: 'error_during_execution', stop_reason: 'empty_answer' });
    expect(String((result.errors as string[])[0])).toContain('no answer');
    expect(server.messageRequests().filter((r) => r.rejected)).toEqual([]);
  });

  it("thinking that fills max_tokens at the model's cap says so instead of 'raise --max-tokens'", async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder().turn({ content: [{ type: 'thinking', thinking: 'long' }], thinkingTokens: 500_000 }).build(),
    );
    const res = await run(['-C', box.work, '-p', 'think'], { env: childEnv(box, server) });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("(128,000, this model's cap)");
    expect(res.stderr).not.toContain('raise --max-tokens');
  });

  it('a pause_turn whose reply ends in no server tool ends the turn (exit 0) without a rejected request', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('Working on it.', { stopReason: 'pause_turn' }).build());
    const res = await run(['-C', box.work, '-p', 'long job', '--verbose'], { env: childEnv(box, server) });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('Working on it.\n');
    expect(res.stderr).toContain('the API paused this turn (pause_turn)');
    expect(server.messageRequests()).toHaveLength(1);
    expect(server.messageRequests().filter((r) => r.rejected)).toEqual([]);
  });
});
