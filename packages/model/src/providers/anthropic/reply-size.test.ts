import { describe, expect, it } from 'vitest';
import { MAX_REPLY_CHARS, readStream } from './stream-reader.js';

describe('the size of one reply', () => {
  it('past the limit, reading stops at once with a clear error that no retry repeats', async () => {
    let pulled = 0;
    async function* big(): AsyncIterable<unknown> {
      yield { type: 'message_start', message: { usage: { input_tokens: 1, output_tokens: 1 } } };
      yield {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 't', name: 'x', input: {} },
      };
      for (let i = 0; i < 1000; i += 1) {
        pulled += 1;
        yield {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'input_json_delta', partial_json: ' '.repeat(1000) },
        };
      }
    }
    const events = [];
    for await (const e of readStream(big(), 10_000)) events.push(e);
    const last = events.at(-1);
    expect(last?.type).toBe('error');
    if (last?.type !== 'error') return;
    expect(last.error).toMatchObject({ kind: 'too_large', retryable: false });
    expect(last.error.message).toMatch(/reply passed 10000 characters, so reading stopped .*shorter answer/);
    expect(last.completed).toEqual([]);
    expect(pulled).toBeLessThan(20);
    expect(MAX_REPLY_CHARS).toBe(16 * 1024 * 1024);
  });
});
