import type Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { ask, closeAll, serve } from './test-support.test-util.js';

afterEach(closeAll);

const BETA = 'context-management-2025-06-27';
type Body = Record<string, unknown>;

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

const tools = [{ name: 'read', description: 'Reads a file.', input_schema: { type: 'object', properties: {} } }];

/** Six read calls, each result about 1,000 tokens, then `tail` user text. */
function history(tail: string[]): Anthropic.MessageParam[] {
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'read them all' }];
  for (let i = 0; i < 6; i++) {
    messages.push(
      { role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${i}`, name: 'read', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_${i}`, content: `${i}`.repeat(4000) }] },
    );
  }
  messages.push({ role: 'assistant', content: 'done' });
  for (const [i, text] of tail.entries()) {
    if (i > 0) messages.push({ role: 'assistant', content: 'ok' });
    messages.push({ role: 'user', content: [{ type: 'text', text, cache_control: { type: 'ephemeral' } }] });
  }
  return messages;
}

const edits = {
  edits: [
    {
      type: 'clear_tool_uses_20250919',
      trigger: { type: 'input_tokens', value: 3000 },
      keep: { type: 'tool_uses', value: 2 },
      clear_at_least: { type: 'input_tokens', value: 1500 },
    },
  ],
};

const usageSeen = (json: Body): number => {
  const u = json.usage as Record<string, number>;
  return u.input_tokens! + u.cache_creation_input_tokens! + u.cache_read_input_tokens!;
};
const applied = (json: Body): Body[] => (json.context_management as { applied_edits: Body[] }).applied_edits;

describe('context editing: clear_tool_uses_20250919 (context-management-2025-06-27)', () => {
  it('over the trigger clears every result but the newest `keep`, reports what it freed, and the model sees less; the same clearing next time reads the cache', async () => {
    const { server } = await serve([
      { content: [{ type: 'text', text: 'a' }] },
      { content: [{ type: 'text', text: 'b' }] },
      { content: [{ type: 'text', text: 'c' }] },
    ]);
    const plain = await post(server.url, { ...ask(''), tools, messages: history(['next']) }, null);
    const full = usageSeen(plain.json);
    expect(full).toBeGreaterThan(6000);
    expect(plain.json.context_management).toBeUndefined();

    const first = await post(server.url, { ...ask(''), tools, messages: history(['next']), context_management: edits });
    expect(first.status).toBe(200);
    expect(applied(first.json)).toEqual([
      { type: 'clear_tool_uses_20250919', cleared_tool_uses: 4, cleared_input_tokens: expect.any(Number) },
    ]);
    const cleared = applied(first.json)[0]!.cleared_input_tokens as number;
    // Four results of ~1,000 tokens each, less what their placeholders cost.
    expect(cleared).toBeGreaterThan(3800);
    expect(usageSeen(first.json)).toBe(full - cleared);

    // One exchange later the same four are cleared: the edited prefix is read from the cache.
    const second = await post(server.url, {
      ...ask(''),
      tools,
      messages: history(['next', 'and then']),
      context_management: edits,
    });
    expect(applied(second.json)).toMatchObject([{ cleared_tool_uses: 4, cleared_input_tokens: cleared }]);
    expect((second.json.usage as Body).cache_read_input_tokens).toBe(
      (first.json.usage as Body).cache_creation_input_tokens,
    );
    expect((first.json.usage as Body).cache_creation_input_tokens).toBeGreaterThan(0);
  });

  it('applies nothing under the trigger or when clear_at_least cannot be reached, and streams the report in message_delta', async () => {
    const { server, client } = await serve([
      { content: [{ type: 'text', text: 'a' }] },
      { content: [{ type: 'text', text: 'b' }] },
      { content: [{ type: 'text', text: 'c' }] },
    ]);
    const base = edits.edits[0]!;
    const high = await post(server.url, {
      ...ask(''),
      tools,
      messages: history(['next']),
      context_management: { edits: [{ ...base, clear_at_least: { type: 'input_tokens', value: 50_000 } }] },
    });
    expect(applied(high.json)).toEqual([]);
    const under = await post(server.url, {
      ...ask(''),
      tools,
      messages: history(['next']),
      context_management: { edits: [{ ...base, trigger: { type: 'input_tokens', value: 100_000 } }] },
    });
    expect(applied(under.json)).toEqual([]);

    const stream = client.beta.messages.stream({
      ...ask(''),
      tools: tools as never,
      messages: history(['next']) as never,
      context_management: edits as never,
      betas: [BETA],
    });
    const final = await stream.finalMessage();
    expect(final.context_management?.applied_edits).toMatchObject([{ cleared_tool_uses: 4 }]);
  });

  it("a tool_uses trigger counts calls; exclude_tools keeps a tool's results; clear_tool_inputs empties the cleared calls' inputs", async () => {
    const { server } = await serve([
      { content: [{ type: 'text', text: 'a' }] },
      { content: [{ type: 'text', text: 'b' }] },
    ]);
    const messages = history(['next']);
    // The first call becomes a 'grep' with a large input; excluded, its result stays.
    const firstCall = messages[1]!.content as { name: string; input: unknown }[];
    firstCall[0]!.name = 'grep';
    for (const m of messages.slice(3, 5))
      if (m.role === 'assistant') (m.content as { input: unknown }[])[0]!.input = { pattern: 'x'.repeat(2000) };
    const grepTools = [...tools, { ...tools[0]!, name: 'grep' }];
    const byCount = await post(server.url, {
      ...ask(''),
      tools: grepTools,
      messages,
      context_management: {
        edits: [
          {
            type: 'clear_tool_uses_20250919',
            trigger: { type: 'tool_uses', value: 5 },
            keep: { type: 'tool_uses', value: 1 },
            exclude_tools: ['grep'],
          },
        ],
      },
    });
    expect(applied(byCount.json)).toMatchObject([{ cleared_tool_uses: 4 }]);
    const withInputs = await post(server.url, {
      ...ask(''),
      tools: grepTools,
      messages,
      context_management: {
        edits: [
          {
            type: 'clear_tool_uses_20250919',
            trigger: { type: 'tool_uses', value: 5 },
            keep: { type: 'tool_uses', value: 1 },
            exclude_tools: ['grep'],
            clear_tool_inputs: true,
          },
        ],
      },
    });
    const a = applied(byCount.json)[0]!.cleared_input_tokens as number;
    const b = applied(withInputs.json)[0]!.cleared_input_tokens as number;
    // The one large input among the cleared calls (~500 tokens) is freed too.
    expect(b - a).toBeGreaterThan(400);
  });

  it('refuses what the API refuses: a malformed trigger, an unknown field, a bad exclude_tools; and clear_thinking anywhere but first', async () => {
    const { server } = await serve([]);
    const cases: [Body, string][] = [
      [{ edits: [{ type: 'clear_tool_uses_20250919', trigger: 3000 }] }, 'context_management.edits.0.trigger'],
      [{ edits: [{ type: 'clear_tool_uses_20250919', keep: { type: 'input_tokens', value: 3 } }] }, 'edits.0.keep'],
      [{ edits: [{ type: 'clear_tool_uses_20250919', placeholder: 'x' }] }, 'edits.0.placeholder: Extra inputs'],
      [{ edits: [{ type: 'clear_tool_uses_20250919', exclude_tools: 'read' }] }, 'edits.0.exclude_tools'],
      [{ edits: [{ type: 'clear_everything' }] }, 'edits.0.type'],
      [{ edits: [], mode: 'auto' }, 'context_management.mode: Extra inputs'],
      [{ edits: [{ type: 'clear_thinking_20251015', keep: 'none' }] }, 'edits.0.keep'],
      [
        { edits: [{ type: 'clear_tool_uses_20250919' }, { type: 'clear_thinking_20251015' }] },
        'clear_thinking_20251015 must come first',
      ],
    ];
    for (const [cm, message] of cases) {
      const res = await post(server.url, { ...ask('hi'), context_management: cm });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json)).toContain(message);
    }
    const noBeta = await post(server.url, { ...ask('hi'), context_management: edits }, null);
    expect(noBeta.status).toBe(400);
    expect(JSON.stringify(noBeta.json)).toContain(BETA);
  });

  it('clear_thinking_20251015 drops the thinking of all but the newest `keep` turns; "all" keeps it (and the cache)', async () => {
    const turn = (i: number) => ({
      content: [
        { type: 'thinking' as const, thinking: `step ${i} `.repeat(50) },
        { type: 'tool_use' as const, name: 'read', input: { n: i } },
      ],
    });
    const { client } = await serve([
      turn(0),
      turn(1),
      turn(2),
      ...Array(3).fill({ content: [{ type: 'text', text: 'ok' }] }),
    ]);
    const messages: Anthropic.Beta.BetaMessageParam[] = [{ role: 'user', content: 'read three' }];
    for (let i = 0; i < 3; i++) {
      const reply = await client.beta.messages.create({ ...ask(''), tools: tools as never, messages, betas: [BETA] });
      const use = reply.content.find((b) => b.type === 'tool_use')!;
      messages.push(
        { role: 'assistant', content: reply.content as never },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: `result ${i}` }] },
      );
    }
    const send = (keep: unknown) =>
      client.beta.messages.create({
        ...ask(''),
        tools: tools as never,
        messages,
        betas: [BETA],
        context_management: { edits: [{ type: 'clear_thinking_20251015', ...(keep ? { keep } : {}) }] } as never,
      });
    const all = await send('all');
    expect(all.context_management?.applied_edits).toEqual([]);
    const one = await send(undefined);
    expect(one.context_management?.applied_edits).toEqual([
      { type: 'clear_thinking_20251015', cleared_thinking_turns: 2, cleared_input_tokens: expect.any(Number) },
    ]);
    const freed = (one.context_management!.applied_edits[0] as { cleared_input_tokens: number }).cleared_input_tokens;
    expect(freed).toBeGreaterThan(0);
    const seen = (u: Anthropic.Beta.BetaUsage) =>
      u.input_tokens + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);
    expect(seen(one.usage)).toBe(seen(all.usage) - freed);
    const two = await send({ type: 'thinking_turns', value: 2 });
    expect(two.context_management?.applied_edits).toMatchObject([{ cleared_thinking_turns: 1 }]);
  });
});
