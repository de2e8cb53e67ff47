import type Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { MODEL_TABLE } from '../model-table.js';
import { ask, closeAll, refusal, serve } from '../test-support.test-util.js';
import { PREFILL_MESSAGE } from './messages.js';

afterEach(closeAll);

type Params = Anthropic.MessageCreateParamsNonStreaming;
/** Sends params the SDK's types no longer allow (budgets, sampling) as the raw body. */
const loose = (p: Record<string, unknown>) => p as unknown as Params;

describe('the real error body and request-id header', () => {
  it('answers a 400 with type, message, request_id and the same request-id header', async () => {
    const { client } = await serve();
    const r = await refusal(
      client.messages.create(loose({ ...ask('hi'), thinking: { type: 'enabled', budget_tokens: 2048 } })),
    );
    expect(r).toMatchObject({ status: 400, type: 'invalid_request_error' });
    expect(r.requestId).toMatch(/^req_/);
  });
});

describe('thinking configuration per model', () => {
  it('rejects budgets on every 4.7+ / 5.x model and accepts them on Sonnet 4.6 and Haiku 4.5', async () => {
    const { client } = await serve([], {});
    for (const spec of MODEL_TABLE) {
      const call = client.messages.create(
        loose({ ...ask('hi', spec.id), max_tokens: 4096, thinking: { type: 'enabled', budget_tokens: 2048 } }),
      );
      if (spec.thinking.includes('enabled')) await expect(call).resolves.toMatchObject({ type: 'message' });
      else
        expect((await refusal(call)).message).toBe(
          '"thinking.type.enabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.',
        );
    }
  });

  it('checks the budget against 1024 and max_tokens where budgets are accepted', async () => {
    const { client } = await serve();
    expect(
      (
        await refusal(
          client.messages.create(
            loose({ ...ask('hi', 'claude-haiku-4-5'), thinking: { type: 'enabled', budget_tokens: 0 } }),
          ),
        )
      ).message,
    ).toMatch(/greater than or equal to 1024/);
    expect(
      (
        await refusal(
          client.messages.create(
            loose({
              ...ask('hi', 'claude-haiku-4-5'),
              max_tokens: 2000,
              thinking: { type: 'enabled', budget_tokens: 2000 },
            }),
          ),
        )
      ).message,
    ).toBe('`max_tokens` must be greater than `thinking.budget_tokens`');
  });

  it('Sonnet 5.5: disabled points to between_tools; between_tools works up to high and fails at xhigh/max', async () => {
    const { client } = await serve([{ content: [{ type: 'text', text: 'ok' }] }]);
    expect((await refusal(client.messages.create({ ...ask('hi'), thinking: { type: 'disabled' } }))).message).toMatch(
      /thinking\.type\.between_tools/,
    );
    await expect(
      client.messages.create({ ...ask('hi'), thinking: { type: 'between_tools' }, output_config: { effort: 'high' } }),
    ).resolves.toMatchObject({ type: 'message' });
    for (const effort of ['xhigh', 'max'] as const) {
      expect(
        (
          await refusal(
            client.messages.create({ ...ask('hi'), thinking: { type: 'between_tools' }, output_config: { effort } }),
          )
        ).message,
      ).toContain(`"${effort}"`);
    }
  });

  it('between_tools is a 400 on every model but Sonnet 5.5; disabled on Opus 5.5 and Fable names adaptive', async () => {
    const { client } = await serve();
    for (const spec of MODEL_TABLE.filter((m) => m.id !== 'claude-sonnet-5-5')) {
      expect(
        (await refusal(client.messages.create({ ...ask('hi', spec.id), thinking: { type: 'between_tools' } }))).message,
      ).toBe('"thinking.type.between_tools" is not supported for this model.');
    }
    for (const id of ['claude-opus-5-5', 'claude-fable-5-1', 'claude-fable-5-2']) {
      expect(
        (await refusal(client.messages.create({ ...ask('hi', id), thinking: { type: 'disabled' } }))).message,
      ).toContain('"thinking.type.adaptive"');
    }
  });

  it('Opus 5 and Haiku 5.5 accept disabled only at effort high or below', async () => {
    const { client } = await serve([
      { content: [{ type: 'text', text: 'a' }] },
      { content: [{ type: 'text', text: 'b' }] },
    ]);
    for (const id of ['claude-opus-5', 'claude-haiku-5-5']) {
      await expect(
        client.messages.create({ ...ask('hi', id), thinking: { type: 'disabled' }, output_config: { effort: 'high' } }),
      ).resolves.toMatchObject({ type: 'message' });
      expect(
        (
          await refusal(
            client.messages.create({
              ...ask('hi', id),
              thinking: { type: 'disabled' },
              output_config: { effort: 'max' },
            }),
          )
        ).message,
      ).toMatch(/"high" or lower/);
    }
  });

  it('display: summarized and omitted pass; updates needs its beta header; anything else is a 400', async () => {
    const { client } = await serve([
      { content: [{ type: 'text', text: 'a' }] },
      { content: [{ type: 'text', text: 'b' }] },
    ]);
    for (const display of ['summarized', 'omitted'] as const)
      await expect(
        client.messages.create({ ...ask('hi'), thinking: { type: 'adaptive', display } }),
      ).resolves.toBeTruthy();
    const updates = loose({ ...ask('hi'), thinking: { type: 'adaptive', display: 'updates' } });
    expect((await refusal(client.messages.create(updates))).message).toContain('thinking-display-updates-2026-08-18');
    await expect(
      client.messages.create(updates, { headers: { 'anthropic-beta': 'thinking-display-updates-2026-08-18' } }),
    ).resolves.toBeTruthy();
    expect(
      (await refusal(client.messages.create(loose({ ...ask('hi'), thinking: { type: 'adaptive', display: 'full' } }))))
        .message,
    ).toMatch(/display/);
  });
});

describe('effort, tool choice, sampling, max_tokens', () => {
  it('rejects an unknown effort and one the model lacks', async () => {
    const { client } = await serve();
    expect(
      (await refusal(client.messages.create(loose({ ...ask('hi'), output_config: { effort: 'extreme' } })))).message,
    ).toMatch(/^output_config\.effort: Input should be/);
    expect(
      (await refusal(client.messages.create({ ...ask('hi', 'claude-sonnet-4-6'), output_config: { effort: 'xhigh' } })))
        .message,
    ).toMatch(/"xhigh" is not supported by claude-sonnet-4-6/);
    expect(
      (await refusal(client.messages.create({ ...ask('hi', 'claude-haiku-4-5'), output_config: { effort: 'low' } })))
        .message,
    ).toMatch(/does not support the effort parameter/);
  });

  it('forced tool_choice is a 400 on Sonnet 5.5, Opus 5.5 and Fable; auto and none pass', async () => {
    const { client } = await serve([
      { content: [{ type: 'text', text: 'a' }] },
      { content: [{ type: 'text', text: 'b' }] },
    ]);
    const tools = [{ name: 'read_file', input_schema: { type: 'object' as const } }];
    for (const id of ['claude-sonnet-5-5', 'claude-opus-5-5', 'claude-fable-5-1']) {
      for (const tool_choice of [{ type: 'any' as const }, { type: 'tool' as const, name: 'read_file' }]) {
        expect((await refusal(client.messages.create({ ...ask('hi', id), tools, tool_choice }))).message).toMatch(
          /forced tool use/,
        );
      }
    }
    await expect(client.messages.create({ ...ask('hi'), tools, tool_choice: { type: 'auto' } })).resolves.toBeTruthy();
    await expect(client.messages.create({ ...ask('hi'), tools, tool_choice: { type: 'none' } })).resolves.toBeTruthy();
  });

  it('temperature, top_p and top_k are a 400 under 2026-10-21 even at defaults; 2023-06-01 allows them on Sonnet 4.6 only', async () => {
    const { client } = await serve([{ content: [{ type: 'text', text: 'a' }] }]);
    for (const [field, value] of [
      ['temperature', 1],
      ['top_p', 1],
      ['top_k', 5],
    ] as const) {
      expect(
        await refusal(client.messages.create(loose({ ...ask('hi', 'claude-sonnet-4-6'), [field]: value }))),
      ).toMatchObject({ message: `${field}: Extra inputs are not permitted` });
    }
    const old = { headers: { 'anthropic-version': '2023-06-01' } };
    await expect(
      client.messages.create(loose({ ...ask('hi', 'claude-sonnet-4-6'), temperature: 0.2 }), old),
    ).resolves.toBeTruthy();
    expect((await refusal(client.messages.create(loose({ ...ask('hi'), temperature: 0.2 }), old))).message).toMatch(
      /^temperature: claude-sonnet-5-5 supports only the default/,
    );
  });

  it('rejects max_tokens over the model limit and answers max_tokens 0 with an empty reply that warms the cache', async () => {
    const { client } = await serve([{ content: [{ type: 'text', text: 'not sent' }] }]);
    expect(
      await refusal(client.messages.create({ ...ask('hi'), max_tokens: 128_001 }, { timeout: 60_000 })),
    ).toMatchObject({
      message:
        'max_tokens: 128001 > 128000, which is the maximum allowed number of output tokens for claude-sonnet-5-5',
    });
    const system = [{ type: 'text' as const, text: 's'.repeat(4000), cache_control: { type: 'ephemeral' as const } }];
    const warm = await client.messages.create({ ...ask('hi'), system, max_tokens: 0 });
    expect(warm.content).toEqual([]);
    expect(warm.usage).toMatchObject({ output_tokens: 0, cache_creation_input_tokens: 1000 });
    expect((await client.messages.create({ ...ask('hi'), system })).usage.cache_read_input_tokens).toBe(1000);
  });

  it('rejects unknown top-level fields and beta-only fields without their header', async () => {
    const { client } = await serve([{ content: [{ type: 'text', text: 'a' }] }]);
    expect((await refusal(client.messages.create(loose({ ...ask('hi'), frequency_penalty: 1 })))).message).toBe(
      'frequency_penalty: Extra inputs are not permitted',
    );
    const cm = loose({ ...ask('hi'), context_management: { edits: [] } });
    expect((await refusal(client.messages.create(cm))).message).toMatch(/context-management-2025-06-27/);
    await expect(
      client.messages.create(cm, { headers: { 'anthropic-beta': 'context-management-2025-06-27' } }),
    ).resolves.toBeTruthy();
  });
});

describe('models and the context window', () => {
  it('answers 404 not_found_error for an unknown or retired model', async () => {
    const { client } = await serve();
    for (const id of ['claude-3-opus-20240229', 'm'])
      expect(await refusal(client.messages.create(ask('hi', id)))).toMatchObject({
        status: 404,
        type: 'not_found_error',
        message: `model: ${id}`,
      });
  });

  it('rejects a prompt over the window and stops with model_context_window_exceeded when the reply runs out of room', async () => {
    const { client } = await serve([{ content: [{ type: 'text', text: 'x'.repeat(400) }] }]);
    const big = (tokens: number) => ({
      model: 'claude-haiku-4-5',
      max_tokens: 64_000,
      messages: [{ role: 'user' as const, content: 'y'.repeat(tokens * 4) }],
    });
    expect((await refusal(client.messages.create(big(200_001), { timeout: 60_000 }))).message).toBe(
      'prompt is too long: 200001 tokens > 200000 maximum',
    );
    const full = await client.messages.create(big(199_990), { timeout: 60_000 });
    expect(full.stop_reason).toBe('model_context_window_exceeded');
    expect(full.usage.output_tokens).toBe(10);
    expect(full.content).toEqual([{ type: 'text', text: 'x'.repeat(40) }]);
  });
});

describe('messages', () => {
  it('rejects a last assistant message with the exact prefill text, except on Haiku 4.5', async () => {
    const { client } = await serve([{ content: [{ type: 'text', text: 'continued' }] }]);
    const messages = [
      { role: 'user' as const, content: 'hi' },
      { role: 'assistant' as const, content: 'Sure, ' },
    ];
    expect(await refusal(client.messages.create({ ...ask(''), messages }))).toMatchObject({
      status: 400,
      message: PREFILL_MESSAGE,
    });
    await expect(client.messages.create({ ...ask('', 'claude-haiku-4-5'), messages })).resolves.toBeTruthy();
  });

  it('requires a tool_result for every tool_use in the next user message, and no unknown ids', async () => {
    const { client } = await serve();
    const use = {
      role: 'assistant' as const,
      content: [{ type: 'tool_use' as const, id: 'toolu_a', name: 'read_file', input: {} }],
    };
    const missing = [{ role: 'user' as const, content: 'hi' }, use, { role: 'user' as const, content: 'well?' }];
    expect((await refusal(client.messages.create({ ...ask(''), messages: missing }))).message).toMatch(
      /^messages\.2: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_a\./,
    );
    const unknown = [
      { role: 'user' as const, content: 'hi' },
      use,
      {
        role: 'user' as const,
        content: [
          { type: 'tool_result' as const, tool_use_id: 'toolu_a', content: 'x' },
          { type: 'tool_result' as const, tool_use_id: 'toolu_b', content: 'y' },
        ],
      },
    ];
    expect((await refusal(client.messages.create({ ...ask(''), messages: unknown }))).message).toMatch(
      /^messages\.2\.content\.1: unexpected `tool_use_id` found in `tool_result` blocks: toolu_b\./,
    );
  });

  it('rejects empty and whitespace-only text blocks and empty content', async () => {
    const { client } = await serve();
    for (const content of [[{ type: 'text' as const, text: '' }], [{ type: 'text' as const, text: '  ' }], [], '']) {
      expect(
        (await refusal(client.messages.create({ ...ask(''), messages: [{ role: 'user', content }] }))).message,
      ).toMatch(/^messages\.0/);
    }
  });

  it('accepts a system message right after a user turn on Opus 4.8 and the 5.x line; earlier models refuse it', async () => {
    const { client } = await serve(MODEL_TABLE.map(() => ({ content: [{ type: 'text' as const, text: 'ok' }] })));
    const messages: Anthropic.MessageParam[] = [
      { role: 'user', content: 'hi' },
      { role: 'system', content: 'Today is 2026-12-02.' },
    ];
    for (const spec of MODEL_TABLE) {
      const call = client.messages.create({ ...ask('', spec.id), messages });
      if (spec.midConversationSystem) await expect(call).resolves.toMatchObject({ type: 'message' });
      else expect((await refusal(call)).message).toBe("messages.1.role: role 'system' is not supported on this model");
    }
    const misplaced: Anthropic.MessageParam[] = [
      { role: 'system', content: 'first' },
      { role: 'user', content: 'hi' },
    ];
    expect((await refusal(client.messages.create({ ...ask(''), messages: misplaced }))).message).toMatch(
      /must immediately follow a user turn/,
    );
  });

  it('a system message must end the messages or come right before an assistant turn (a user turn after it is a 400)', async () => {
    const { client } = await serve([{ content: [{ type: 'text', text: 'ok' }] }]);
    const userAfter: Anthropic.MessageParam[] = [
      { role: 'user', content: 'hi' },
      { role: 'system', content: 'note' },
      { role: 'user', content: 'more' },
    ];
    expect((await refusal(client.messages.create({ ...ask(''), messages: userAfter }))).message).toBe(
      "messages.1: a message with role 'system' must be the last message or be immediately followed by an assistant turn",
    );
    const afterServerTool = [
      { role: 'user', content: 'look it up' },
      {
        role: 'assistant',
        content: [
          { type: 'server_tool_use', id: 'srvtoolu_01', name: 'web_search', input: { query: 'q' } },
          { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_01', content: [] },
        ],
      },
      { role: 'system', content: 'note after a paused server-tool turn' },
    ] as unknown as Anthropic.MessageParam[];
    await expect(client.messages.create({ ...ask(''), messages: afterServerTool })).resolves.toMatchObject({
      type: 'message',
    });
  });
});

describe('headers', () => {
  const post = (url: string, headers: Record<string, string>) =>
    fetch(`${url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(ask('hi')),
    });

  it('requires a key (x-api-key or Bearer) and anthropic-version', async () => {
    const { server } = await serve([
      { content: [{ type: 'text', text: 'a' }] },
      { content: [{ type: 'text', text: 'b' }] },
    ]);
    const noKey = await post(server.url, { 'anthropic-version': '2026-10-21' });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
    const noVersion = await post(server.url, { 'x-api-key': 'k' });
    expect(noVersion.status).toBe(400);
    expect(noVersion.headers.get('request-id')).toBe(((await noVersion.json()) as { request_id: string }).request_id);
    expect((await post(server.url, { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' })).status).toBe(200);
    expect((await post(server.url, { authorization: 'Bearer k', 'anthropic-version': '2026-10-21' })).status).toBe(200);
  });

  it('rejected requests consume no turn, and lenient mode accepts what the 2025 mock accepted', async () => {
    const { client, server } = await serve([{ content: [{ type: 'text', text: 'kept' }] }]);
    await refusal(client.messages.create(ask('hi', 'm')));
    expect(server.remainingTurns()).toBe(1);
    expect(server.messageRequests()[0]?.rejected).toMatchObject({ status: 404, type: 'not_found_error' });
    const lenient = await serve(
      [
        {
          content: [
            { type: 'thinking', thinking: 'seen' },
            { type: 'text', text: 'ok' },
          ],
        },
      ],
      { lenient: true },
    );
    const reply = await lenient.client.messages.create(
      loose({ ...ask('hi', 'm'), temperature: 0.3, thinking: { type: 'enabled', budget_tokens: 10 } }),
    );
    expect(reply.content[0]).toMatchObject({ type: 'thinking', thinking: 'seen' });
  });
});
