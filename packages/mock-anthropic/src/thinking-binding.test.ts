import type Anthropic from '@anthropic-ai/sdk';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { modelSpec } from './model-table.js';
import { ask, closeAll, refusal, serve } from './test-support.test-util.js';
import {
  BOUND_MESSAGE,
  checkThinkingBlocks,
  INVALID_SIGNATURE_MESSAGE,
  MOCK_ACCOUNT,
  PrefixChain,
  signBlock,
} from './thinking-binding.js';
import type { ScriptTurn } from './types.js';

afterEach(closeAll);

const BETA = 'thinking-binding-controls-2026-08-01';
const tools = [{ name: 'read_file', description: 'Read a file', input_schema: { type: 'object' as const } }];
const system = 'You are terse.';
const toolTurn: ScriptTurn = {
  content: [
    { type: 'thinking', thinking: 'I will read it.' },
    { type: 'thinking', thinking: 'Then answer.' },
    { type: 'tool_use', name: 'read_file', input: { path: 'a' } },
  ],
};
const done: ScriptTurn = { content: [{ type: 'text', text: 'done' }] };

/** One tool round on `model`: the first reply, and the follow-up messages that echo it exactly. */
async function firstRound(client: Anthropic, model = 'claude-sonnet-5-5') {
  const first = await client.messages.create({ ...ask('read a', model), system, tools });
  const use = first.content.find((b) => b.type === 'tool_use');
  const messages: Anthropic.MessageParam[] = [
    { role: 'user', content: 'read a' },
    { role: 'assistant', content: first.content as Anthropic.ContentBlockParam[] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: use!.id, content: 'file a' }] },
  ];
  return { first, messages };
}

describe('preserved thinking: signatures and the prefix check', () => {
  it('emits signed thinking (empty under the default display) and accepts the exact echo', async () => {
    const { client } = await serve([toolTurn, done]);
    const { first, messages } = await firstRound(client);
    expect(first.content[0]).toMatchObject({ type: 'thinking', thinking: '' });
    expect((first.content[0] as Anthropic.ThinkingBlock).signature.length).toBeGreaterThan(40);
    const moved = structuredClone(messages);
    (moved[0] as { content: unknown }).content = [
      { type: 'text', text: 'read a', cache_control: { type: 'ephemeral' } },
    ];
    await expect(
      client.messages.create({ model: 'claude-sonnet-5-5', max_tokens: 1024, system, tools, messages: moved }),
    ).resolves.toMatchObject({ content: [{ text: 'done' }] });
  });

  it('rejects an edited thinking text or signature', async () => {
    const { client } = await serve([{ ...toolTurn }, done]);
    const first = await client.messages.create({
      ...ask('read a'),
      system,
      tools,
      thinking: { type: 'adaptive', display: 'summarized' },
    });
    const use = first.content.find((b) => b.type === 'tool_use')!;
    const reply = (content: unknown[]) => [
      { role: 'user' as const, content: 'read a' },
      { role: 'assistant' as const, content: content as Anthropic.ContentBlockParam[] },
      { role: 'user' as const, content: [{ type: 'tool_result' as const, tool_use_id: use.id, content: 'x' }] },
    ];
    const edited = first.content.map((b, i) => (i === 0 ? { ...b, thinking: 'I will NOT read it.' } : b));
    const forged = first.content.map((b, i) =>
      i === 1 ? { ...b, signature: `${(b as Anthropic.ThinkingBlock).signature.slice(0, -2)}xx` } : b,
    );
    expect(
      (await refusal(client.messages.create({ ...ask(''), system, tools, messages: reply(edited) }))).message,
    ).toBe(`messages.1.content.0: ${INVALID_SIGNATURE_MESSAGE}`);
    expect(
      (await refusal(client.messages.create({ ...ask(''), system, tools, messages: reply(forged) }))).message,
    ).toBe(`messages.1.content.1: ${INVALID_SIGNATURE_MESSAGE}`);
  });

  it('a changed system prompt gives the exact "bound to a different conversation" 400', async () => {
    const { client } = await serve([toolTurn, done]);
    const { messages } = await firstRound(client);
    const r = await refusal(
      client.messages.create({
        model: 'claude-sonnet-5-5',
        max_tokens: 1024,
        system: 'You are terse. Today is 2026-12-02.',
        tools,
        messages,
      }),
    );
    expect(r.message).toBe(`messages.1.content.0: ${BOUND_MESSAGE}`);
    const fewerTools = await refusal(
      client.messages.create({
        model: 'claude-sonnet-5-5',
        max_tokens: 1024,
        system,
        messages: messages.map((m) => m),
      }),
    );
    expect(fewerTools.message).toBe(`messages.1.content.0: ${BOUND_MESSAGE}`);
  });

  it('an old account lets a changed prefix through (recorded), unless block_binding is set', async () => {
    const { client, server } = await serve([toolTurn, done, done], { oldAccount: true });
    const { messages } = await firstRound(client);
    await expect(
      client.messages.create({ model: 'claude-sonnet-5-5', max_tokens: 1024, system: 'changed', tools, messages }),
    ).resolves.toBeTruthy();
    expect(server.messageRequests()[1]?.thinkingTransformations).toEqual([
      { type: 'thinking_mismatch_allowed', path: 'messages.1.content.0', reason: 'prefix_binding_mismatch' },
      { type: 'thinking_mismatch_allowed', path: 'messages.1.content.1', reason: 'prefix_binding_mismatch' },
    ]);
    const enforced = client.beta.messages.create({
      model: 'claude-sonnet-5-5',
      max_tokens: 1024,
      system: 'changed',
      tools,
      messages,
      thinking: { type: 'adaptive', block_binding: { prefix_mismatch_behavior: 'error' } },
      betas: [BETA],
    });
    expect((await refusal(enforced)).message).toBe(`messages.1.content.0: ${BOUND_MESSAGE}`);
  });

  it('drop_block with the beta header drops the block and the rest of its turn, and reports it', async () => {
    const { client, server } = await serve([toolTurn, done]);
    const { messages } = await firstRound(client);
    const params = {
      model: 'claude-sonnet-5-5',
      max_tokens: 1024,
      system: 'changed',
      tools,
      messages,
      thinking: { type: 'adaptive' as const, block_binding: { prefix_mismatch_behavior: 'drop_block' as const } },
    };
    expect((await refusal(client.beta.messages.create(params))).message).toContain(BETA);
    const reply = await client.beta.messages.create({ ...params, betas: [BETA] });
    const dropped = [
      { type: 'thinking_dropped', path: 'messages.1.content.0', reason: 'prefix_binding_mismatch' },
      { type: 'thinking_dropped', path: 'messages.1.content.1', reason: 'prefix_binding_mismatch' },
    ];
    expect(reply.input_transformations).toEqual(dropped);
    expect(server.messageRequests().at(-1)?.thinkingTransformations).toEqual(dropped);
  });

  it('the model check: an unreadable block is dropped silently; Fable 5.1 reads Opus 5.5; Haiku 5.5 blocks are portable', async () => {
    const { client, server } = await serve([toolTurn, done, toolTurn, done, toolTurn, done]);
    const sonnet = await firstRound(client);
    await expect(
      client.messages.create({ model: 'claude-opus-5-5', max_tokens: 1024, system, tools, messages: sonnet.messages }),
    ).resolves.toBeTruthy();
    expect(server.messageRequests()[1]?.thinkingTransformations?.map((t) => t.reason)).toEqual([
      'model_binding_mismatch',
      'model_binding_mismatch',
    ]);
    const opus = await firstRound(client, 'claude-opus-5-5');
    await expect(
      client.messages.create({ model: 'claude-fable-5-1', max_tokens: 1024, system, tools, messages: opus.messages }),
    ).resolves.toBeTruthy();
    expect(server.messageRequests()[3]?.thinkingTransformations).toBeUndefined();
    const haiku = await firstRound(client, 'claude-haiku-5-5');
    await expect(
      client.messages.create({ model: 'claude-sonnet-5-5', max_tokens: 1024, system, tools, messages: haiku.messages }),
    ).resolves.toBeTruthy();
    expect(server.messageRequests()[5]?.thinkingTransformations).toBeUndefined();
  });

  it('blocks of Sonnet 5.5 are bound to the account: another account drops them', async () => {
    const a = await serve([toolTurn]);
    const { messages } = await firstRound(a.client);
    const b = await serve([done], { account: 'acct_someone_else' });
    await expect(
      b.client.messages.create({ model: 'claude-sonnet-5-5', max_tokens: 1024, system, tools, messages }),
    ).resolves.toBeTruthy();
    expect(b.server.messageRequests()[0]?.thinkingTransformations?.map((t) => t.reason)).toEqual([
      'organization_binding_mismatch',
      'organization_binding_mismatch',
    ]);
  });

  it('property: a block verifies exactly when nothing before it changed', () => {
    const spec = modelSpec('claude-sonnet-5-5')!;
    const plan = { mode: 'adaptive' as const, display: 'omitted' as const, bindingSet: false, dropBlocks: false };
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 5 }),
        fc.string({ minLength: 1 }),
        fc.nat(),
        fc.string({ minLength: 1 }),
        (texts, sys, which, replacement) => {
          const body = { system: sys };
          const history = texts.map((t, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: t }));
          const messages = history.length % 2 === 0 ? [...history, { role: 'user', content: 'next' }] : history;
          const signature = signBlock(
            spec.id,
            MOCK_ACCOUNT,
            new PrefixChain(body, messages).at(messages.length, []),
            '',
          );
          const replay = [...messages, { role: 'assistant', content: [{ type: 'thinking', thinking: '', signature }] }];
          expect(checkThinkingBlocks(body, replay, { spec, plan, account: MOCK_ACCOUNT, oldAccount: false }).ok).toBe(
            true,
          );
          const index = which % messages.length;
          const changed = replay.map((m, i) =>
            i === index ? { ...m, content: `${String(m.content)}${replacement}` } : m,
          );
          const result = checkThinkingBlocks(body, changed, { spec, plan, account: MOCK_ACCOUNT, oldAccount: false });
          expect(result.ok === false && result.error.body.error.message).toBe(
            `messages.${messages.length}.content.0: ${BOUND_MESSAGE}`,
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
