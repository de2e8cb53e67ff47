import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, cleanup, ofType, setup, turn, turnEnd } from './testing/kit.test.util.js';

afterEach(cleanup);

describe('thinking on the default model (strict mock)', () => {
  it('streams thinking as thinking_delta under summarized display and sends every thinking block back byte for byte', async () => {
    const script = new ScriptBuilder()
      .turn({
        content: [
          { type: 'thinking', thinking: 'First look at the notes.' },
          { type: 'tool_use', name: 'glob', input: { pattern: '*' } },
        ],
      })
      .turn({
        content: [
          { type: 'thinking', thinking: 'Nothing there, say so.', update: true },
          { type: 'redacted_thinking' },
          { type: 'text', text: 'The root is empty.' },
        ],
      })
      .text('Still empty.')
      .build();
    const { agent, server } = await setup(script);
    const first = await turn(agent, 'what is here?');
    expect(turnEnd(first).stopReason).toBe('end_turn');
    expect(
      ofType(first, 'thinking_delta')
        .map((e) => e.text)
        .join(''),
    ).toContain('First look at the notes.');
    await turn(agent, 'and now?');
    const stored = agent.messages().flatMap((m) => m.content.flatMap((b) => (b.type === 'thinking' ? [b] : [])));
    expect(stored.map((b) => b.redacted === true)).toEqual([false, false, true]);
    const sent = body(server, 2).messages.flatMap((m) =>
      m.content.filter((b) => b.type === 'thinking' || b.type === 'redacted_thinking'),
    );
    // Sent back exactly as the API gave them: the text with its signature, a redacted block's data.
    const asReceived = stored.map((b) =>
      b.redacted
        ? { type: 'redacted_thinking', data: b.meta?.anthropic?.data }
        : { type: 'thinking', thinking: b.text, signature: b.meta?.anthropic?.signature },
    );
    expect(JSON.stringify(sent)).toBe(JSON.stringify(asReceived));
    expect(server.messageRequests().filter((r) => r.rejected)).toEqual([]);
  });
});
