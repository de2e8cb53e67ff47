import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { totalInput } from '@coding-harness/model';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentConfig } from './state.js';
import { toolResultClearing } from './tool-result-clearing.js';
import { body, cleanup, ofType, setup, tempDir, turn } from './testing/kit.test.util.js';

afterEach(cleanup);

/** Twelve reads of files of about 3,700 tokens each, then an answer; a context window of 40,000. */
async function readingSession(clearToolResults: boolean) {
  const workroot = await tempDir('agent-root-');
  const builder = new ScriptBuilder();
  for (let i = 0; i < 12; i++) {
    await writeFile(join(workroot, `part${i}.txt`), `${String(i).repeat(90)}\n`.repeat(150));
    builder.toolUse('read_file', { path: `part${i}.txt` });
  }
  builder.text('SUMMARY: twelve parts read.', { match: 'about to be compacted' });
  const { agent, server } = await setup(builder.text('All twelve parts read.').build(), {
    workroot,
    agent: { contextWindow: 40_000, clearToolResults },
  });
  const events = await turn(agent, 'read the twelve parts');
  return { agent, server, events };
}

describe('tool-result clearing by the API (context editing)', () => {
  it('past half the window the API clears the older results, so the session reaches its answer without compacting; the transcript keeps them whole', async () => {
    const { agent, server, events } = await readingSession(true);
    const requests = server.messageRequests();
    expect(requests.filter((r) => r.rejected)).toEqual([]);
    expect(ofType(events, 'compaction')).toEqual([]);
    for (const [i, r] of requests.entries()) {
      expect(r.headers['anthropic-beta']).toContain('context-management-2025-06-27');
      expect(body(server, i).context_management).toEqual({
        edits: [
          {
            type: 'clear_tool_uses_20250919',
            trigger: { type: 'input_tokens', value: 20_000 },
            keep: { type: 'tool_uses', value: 4 },
            clear_at_least: { type: 'input_tokens', value: 4_000 },
          },
        ],
      });
    }
    // The last request sent every result (well over the window's 40,000 tokens as sent), yet the
    // model read (and was billed for) less than the compaction threshold (80% of 40,000).
    const sent = body(server, requests.length - 1).messages;
    expect(JSON.stringify(sent).length / 4).toBeGreaterThan(40_000);
    expect(JSON.stringify(sent)).toContain('0000000000');
    const last = ofType(events, 'usage').at(-1)!.usage;
    expect(totalInput(last)).toBeLessThan(32_000);
    const results = agent.messages().flatMap((m) => m.content.filter((p) => p.type === 'tool_result'));
    expect(results).toHaveLength(12);
    expect(JSON.stringify(results[0])).toContain('0000000000');
  });

  it('off (the default): nothing is sent, and the same session compacts', async () => {
    const { server, events } = await readingSession(false);
    expect(server.messageRequests().filter((r) => r.rejected)).toEqual([]);
    expect(server.messageRequests().some((r) => (r.body as Record<string, unknown>).context_management)).toBe(false);
    expect(ofType(events, 'compaction')).toHaveLength(1);
  });

  it('is asked for only where the model can clear, with the window-relative policy and the kept count given', async () => {
    const { describeModel } = await import('@coding-harness/model/anthropic');
    const config = (id: string, keep?: number) =>
      ({
        descriptor: describeModel(id),
        contextWindow: 200_000,
        ...(keep !== undefined ? { clearToolResults: { keepToolUses: keep } } : {}),
      }) as unknown as AgentConfig;
    expect(toolResultClearing(config('claude-haiku-4-5', 2))).toEqual({
      triggerTokens: 100_000,
      keepToolUses: 2,
      clearAtLeastTokens: 20_000,
    });
    expect(toolResultClearing(config('claude-haiku-4-5'))).toBeUndefined();
    // A model the catalogue does not know gets no parameter it might refuse.
    expect(toolResultClearing(config('claude-next-preview', 4))).toBeUndefined();
  });
});
