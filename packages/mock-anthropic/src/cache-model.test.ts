import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CACHE_RULES, CacheModel } from './cache-model.js';
import type { FlatBlock } from './flatten.js';
import { flattenRequest } from './flatten.js';

// Identity determines the tokens, as it does for real blocks; few distinct blocks so prefixes repeat.
const blockArb = fc
  .record({ tokens: fc.constantFrom(1, 2, 300, 700), name: fc.constantFrom('a', 'b'), breakpoint: fc.boolean() })
  .map(({ tokens, name, breakpoint }): FlatBlock => ({ tokens, identity: `${name}${tokens}`, breakpoint, ttl: '5m' }));
const requestArb = fc.record({
  model: fc.constantFrom('m1', 'm2'),
  blocks: fc
    .array(blockArb, { minLength: 1, maxLength: 30 })
    .filter((bs) => bs.filter((b) => b.breakpoint).length <= CACHE_RULES.maxBreakpoints),
  repeat: fc.boolean(),
});

const sumTo = (blocks: FlatBlock[], end: number) => blocks.slice(0, end + 1).reduce((s, b) => s + b.tokens, 0);
const key = (model: string, blocks: FlatBlock[]) => `${model}|${blocks.map((b) => b.identity).join(',')}`;

describe('CacheModel accounting invariants (fast-check)', () => {
  it('never flatters: reads only what an earlier request wrote, and the three counters add up', () => {
    fc.assert(
      fc.property(fc.array(requestArb, { minLength: 1, maxLength: 12 }), (requests) => {
        const cache = new CacheModel({ now: () => 0 });
        const writtenPrefixes = new Set<string>();
        const serve = (model: string, blocks: FlatBlock[]) => {
          const usage = cache.account(model, blocks);
          const total = sumTo(blocks, blocks.length - 1);
          const bps = blocks.flatMap((b, i) => (b.breakpoint ? [i] : []));
          const lastPrefix = bps.length ? sumTo(blocks, bps.at(-1)!) : 0;
          expect(usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens).toBe(total);
          expect(
            Math.min(usage.input_tokens, usage.cache_read_input_tokens, usage.cache_creation_input_tokens),
          ).toBeGreaterThanOrEqual(0);
          if (usage.cache_read_input_tokens > 0) {
            expect(usage.cache_read_input_tokens).toBeGreaterThanOrEqual(CACHE_RULES.minCacheableTokens);
            const end = blocks.findIndex((_, i) => sumTo(blocks, i) === usage.cache_read_input_tokens);
            expect(writtenPrefixes.has(key(model, blocks.slice(0, end + 1)))).toBe(true);
            expect(bps.some((b) => b >= end && b - end < CACHE_RULES.lookbackBlocks)).toBe(true);
          }
          if (usage.cache_creation_input_tokens > 0)
            expect(usage.cache_read_input_tokens + usage.cache_creation_input_tokens).toBe(lastPrefix);
          if (lastPrefix < CACHE_RULES.minCacheableTokens)
            expect(usage).toMatchObject({ cache_read_input_tokens: 0, cache_creation_input_tokens: 0 });
          for (const b of bps)
            if (sumTo(blocks, b) >= CACHE_RULES.minCacheableTokens)
              writtenPrefixes.add(key(model, blocks.slice(0, b + 1)));
          return { usage, lastPrefix };
        };
        for (const { model, blocks, repeat } of requests) {
          serve(model, blocks);
          if (!repeat) continue;
          const again = serve(model, blocks);
          if (again.lastPrefix >= CACHE_RULES.minCacheableTokens) {
            expect(again.usage).toMatchObject({
              cache_read_input_tokens: again.lastPrefix,
              cache_creation_input_tokens: 0,
            });
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('flattenRequest', () => {
  it('orders blocks tools, system, then message content, and marks cache_control breakpoints', () => {
    const blocks = flattenRequest({
      tools: [{ name: 't', input_schema: {} }],
      system: 'sys',
      messages: [
        { role: 'user', content: 'hello' },
        { role: 'assistant', content: [{ type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } }] },
      ],
    });
    expect(blocks.map((b) => JSON.parse(b.identity).at)).toEqual(['tool', 'system', 'message', 'message']);
    expect(blocks.map((b) => b.breakpoint)).toEqual([false, false, false, true]);
    expect(blocks.map((b) => b.tokens)).toEqual([
      Math.ceil(JSON.stringify({ input_schema: {}, name: 't' }).length / 4),
      1,
      2,
      1,
    ]);
  });

  it('strips cache_control from the identity, so moving a breakpoint keeps the prefix', () => {
    const [marked] = flattenRequest({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'x', cache_control: { type: 'ephemeral' } }] }],
    });
    const [plain] = flattenRequest({ messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] });
    expect(marked!.identity).toBe(plain!.identity);
  });
});
