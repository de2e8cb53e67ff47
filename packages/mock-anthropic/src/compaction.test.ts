import type Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { ask, closeAll, serve } from './test-support.test-util.js';

afterEach(closeAll);

const BETA = 'compact-2026-09-04';
type Body = Record<string, unknown>;

/** Posts a raw body with the compaction beta (or none), as a client would. */
async function post(url: string, body: Body, beta: string | null = BETA): Promise<{ status: number; json: Body }> {
  const res = await fetch(`${url}/v1/messages`, {
    method: 'POST',
    headers: {
      'x-api-key': 'k',
      'anthropic-version': '2026-10-21',
      'content-type': 'application/json',
      ...(beta ? { 'anthropic-beta': beta } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Body };
}

const thinkingTurn = (text: string) => ({
  content: [
    { type: 'thinking' as const, thinking: `about ${text}` },
    { type: 'text' as const, text },
  ],
});

describe('on-demand compaction (compact-2026-09-04)', () => {
  it('a compaction request gets one signed compaction block and stop_reason compaction, its usage in iterations; the block goes back first and later thinking stays valid', async () => {
    const { server, client } = await serve([
      thinkingTurn('first answer'),
      thinkingTurn('kept answer'),
      thinkingTurn('after'),
    ]);
    const thinking = { type: 'adaptive', display: 'summarized' };
    const system = [{ type: 'text', text: 'You are a test.' }];
    const history: Anthropic.MessageParam[] = [{ role: 'user', content: 'one' }];
    const r1 = await client.messages.create({
      ...ask(''),
      system: system as never,
      thinking: thinking as never,
      messages: history,
    });
    history.push({ role: 'assistant', content: r1.content as never }, { role: 'user', content: 'two' });
    const r2 = await client.messages.create({
      ...ask(''),
      system: system as never,
      thinking: thinking as never,
      messages: history,
    });
    // Compact exactly the messages of the request already made (the docs' simplest way), keep its reply.
    const compacted = await post(server.url, {
      ...ask(''),
      max_tokens: 4096,
      system,
      thinking,
      messages: history,
      compaction: { type: 'summarize' },
    });
    expect(compacted.status).toBe(200);
    expect(compacted.json.stop_reason).toBe('compaction');
    const content = compacted.json.content as Body[];
    expect(content).toHaveLength(1);
    expect(content[0]).toMatchObject({ type: 'compaction', content: expect.stringContaining('user: one') });
    expect(compacted.json.usage).toMatchObject({
      input_tokens: 0,
      output_tokens: 0,
      iterations: [{ type: 'compaction' }],
    });
    expect(server.remainingTurns()).toBe(1);
    const next = [
      { role: 'assistant', content },
      { role: 'assistant', content: r2.content },
      { role: 'user', content: 'three' },
    ];
    const ok = await post(server.url, { ...ask(''), system, thinking, messages: next });
    expect(ok.status).toBe(200);
    // Under another system prompt the kept turn's thinking no longer matches what the block stands for.
    const changed = await post(server.url, {
      ...ask(''),
      system: [{ type: 'text', text: 'changed' }],
      thinking,
      messages: next,
    });
    expect(changed.status).toBe(400);
    expect(JSON.stringify(changed.json)).toContain('bound to a different conversation');
  });

  it('checks the block sent back: the beta, first, alone, unedited', async () => {
    const { server } = await serve([]);
    const made = await post(server.url, { ...ask('a long story'), compaction: { type: 'summarize' } });
    const block = (made.json.content as Body[])[0]!;
    const after = (first: unknown[], beta: string | null = BETA) =>
      post(
        server.url,
        {
          ...ask(''),
          messages: [
            { role: 'assistant', content: first },
            { role: 'user', content: 'go on' },
          ],
        },
        beta,
      );
    const noBeta = await after([block], null);
    expect(noBeta.status).toBe(400);
    const edited = await after([{ ...block, content: 'I made this up' }]);
    expect(edited.json).toMatchObject({ error: { details: { error_code: 'compaction_signature_invalid' } } });
    const twice = await after([block, block]);
    expect(twice.json).toMatchObject({ error: { details: { error_code: 'compaction_block_ambiguous' } } });
    const misplaced = await post(server.url, {
      ...ask(''),
      messages: [
        { role: 'user', content: 'left in front' },
        { role: 'assistant', content: [block] },
        { role: 'user', content: 'go on' },
      ],
    });
    expect(misplaced.json).toMatchObject({ error: { details: { error_code: 'compaction_block_misplaced' } } });
  });

  it('refuses the parameter without its beta, on a model without it, and with context_management', async () => {
    const { server } = await serve([]);
    const noBeta = await post(server.url, { ...ask('hi'), compaction: { type: 'summarize' } }, null);
    expect(JSON.stringify(noBeta.json)).toContain('compaction: Extra inputs are not permitted');
    const fable52 = await post(server.url, { ...ask('hi', 'claude-fable-5-2'), compaction: { type: 'summarize' } });
    expect(JSON.stringify(fable52.json)).toContain('not supported on claude-fable-5-2');
    const both = await post(
      server.url,
      { ...ask('hi'), compaction: { type: 'summarize' }, context_management: { edits: [] } },
      `${BETA},context-management-2025-06-27`,
    );
    expect(JSON.stringify(both.json)).toContain('cannot be combined with context_management');
  });
});
