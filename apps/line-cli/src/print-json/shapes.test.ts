import { describe, expect, it } from 'vitest';
import { emptyUsage } from '@coding-harness/model';
import { addModelUsage, claudeUsage, exactUsd, messageLine, randomUuid } from './shapes.js';

describe("Claude Code's print-mode shapes", () => {
  it('money stays exact to 1e-10 USD without floating-point noise', () => {
    expect(exactUsd(0.0005720999999999999)).toBe(0.0005721);
    expect(exactUsd(0.1 + 0.2)).toBe(0.3);
    expect(exactUsd(1.2345678901234)).toBe(1.2345678901);
    expect(exactUsd(0)).toBe(0);
  });

  it('usage under the Messages API names; modelUsage adds up per model', () => {
    const usage = { input: 3, output: 5, cacheRead: 7, cacheWrite: 11 };
    expect(claudeUsage(usage)).toEqual({
      input_tokens: 3,
      output_tokens: 5,
      cache_read_input_tokens: 7,
      cache_creation_input_tokens: 11,
    });
    expect(addModelUsage(addModelUsage(undefined, usage, 0.1), usage, 0.2)).toEqual({
      inputTokens: 6,
      outputTokens: 10,
      cacheReadInputTokens: 14,
      cacheCreationInputTokens: 22,
      webSearchRequests: 0,
      costUSD: 0.3,
    });
  });

  it('uuids are version-4 UUIDs', () => {
    const ids = Array.from({ length: 200 }, randomUuid);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a transcript message becomes an assistant or user line, its parts in the Messages API shapes', () => {
    const meta = {
      sessionId: 's1',
      model: 'm',
      stopReason: 'end_turn',
      usage: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 },
    };
    const assistant = messageLine({ role: 'assistant', content: [{ type: 'text', text: 'hi' }] }, meta);
    expect(assistant).toMatchObject({
      type: 'assistant',
      session_id: 's1',
      parent_tool_use_id: null,
      message: {
        type: 'message',
        role: 'assistant',
        model: 'm',
        content: [{ type: 'text', text: 'hi' }],
        stop_reason: 'end_turn',
      },
    });
    const user = messageLine(
      { role: 'user', content: [{ type: 'tool_result', callId: 't', content: [{ type: 'text', text: 'ok' }] }] },
      meta,
    );
    expect(user).toMatchObject({
      type: 'user',
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't' }] },
    });
    expect(messageLine({ role: 'system', content: [] }, meta)).toBeUndefined();
  });

  it('prints each part as Claude Code does, byte for byte: thinking with its signature, tool calls, results', () => {
    const meta = { sessionId: 's1', model: 'm', stopReason: 'tool_use', usage: emptyUsage() };
    const assistant = messageLine(
      {
        role: 'assistant',
        content: [
          { type: 'thinking', text: 'hm', meta: { anthropic: { signature: 'sig' } } },
          { type: 'thinking', text: '', redacted: true, meta: { anthropic: { data: 'blob' } } },
          { type: 'tool_call', id: 'toolu_1', name: 'glob', input: { pattern: '*' } },
          { type: 'provider', provider: 'other', kind: 'x', block: { type: 'x' } },
        ],
      },
      meta,
    );
    expect(JSON.stringify(assistant?.message.content)).toBe(
      '[{"type":"thinking","thinking":"hm","signature":"sig"},{"type":"redacted_thinking","data":"blob"},{"type":"tool_use","id":"toolu_1","name":"glob","input":{"pattern":"*"}}]',
    );
    const user = messageLine(
      {
        role: 'user',
        content: [
          { type: 'tool_result', callId: 'toolu_1', content: [{ type: 'text', text: 'a.txt' }] },
          { type: 'tool_result', callId: 'toolu_2', content: [{ type: 'text', text: 'no' }], isError: true },
          {
            type: 'tool_result',
            callId: 'toolu_3',
            content: [
              { type: 'text', text: 'see' },
              { type: 'image', mediaType: 'image/png', data: 'iVBO' },
            ],
          },
        ],
      },
      meta,
    );
    expect(JSON.stringify(user?.message.content)).toBe(
      '[{"type":"tool_result","tool_use_id":"toolu_1","content":"a.txt"},{"type":"tool_result","tool_use_id":"toolu_2","content":"no","is_error":true},{"type":"tool_result","tool_use_id":"toolu_3","content":[{"type":"text","text":"see"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBO"}}]}]',
    );
  });
});
