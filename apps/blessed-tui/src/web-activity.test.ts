/** A reply that used the API's web tools: its searches and cited sources appear in the transcript, sanitized. */
import type { SessionEvent } from '@coding-harness/protocol';
import { describe, expect, it } from 'vitest';
import { layoutTranscript } from './layout.js';
import { reduce } from './reduce.js';
import { freshView } from './test-events.test.helper.js';

const reply: SessionEvent = {
  type: 'message_end',
  stopReason: 'end_turn',
  message: {
    role: 'assistant',
    content: [
      {
        type: 'provider',
        provider: 'anthropic',
        kind: 'server_tool_use',
        block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'bun 2' } },
      },
      {
        type: 'provider',
        provider: 'anthropic',
        kind: 'web_search_tool_result',
        block: {
          type: 'web_search_tool_result',
          tool_use_id: 'srvtoolu_1',
          content: [
            {
              type: 'web_search_result',
              url: 'https://bun.sh/2',
              title: 'Bun 2\u001b[31m red',
              encrypted_content: 'x',
            },
          ],
        },
      },
      {
        type: 'text',
        text: 'Bun 2 is here.',
        meta: {
          anthropic: {
            citations: [
              {
                type: 'web_search_result_location',
                url: 'https://bun.sh/2',
                title: 'Bun 2',
                cited_text: 'x',
                encrypted_index: 'e',
              },
            ],
          },
        },
      },
    ],
  },
};

describe('web activity in harness-tui', () => {
  it('shows the search, its results and the sources after the answer, with escapes made harmless', () => {
    const state = reduce(freshView({ skills: 0 }), { type: 'event', event: reply, now: 0 });
    expect(state.items.map((i) => i.kind)).toEqual(['assistant', 'info']);
    const layout = layoutTranscript(state, 100);
    const screen = layout
      .slice(0, layout.total)
      .map((l) => l.text)
      .join('\n');
    expect(screen).toContain('web search "bun 2": 1 result');
    expect(screen).toContain('[1] Bun 2  https://bun.sh/2');
    expect(screen).not.toContain('\u001b[31m');
  });
});
