/** More than 20 images in one request: each at most 2000 px a side, as the API answers (400 naming the block). */
import type Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { ScriptBuilder } from '../script-builder.js';
import { closeAll, serve } from '../test-support.test-util.js';

afterEach(closeAll);

/** A PNG signature and IHDR of the given size (what the mock reads: type and dimensions). */
function png(width: number, height: number): string {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b.toString('base64');
}
const image = (data: string) => ({ type: 'image', source: { type: 'base64', media_type: 'image/png', data } });

/** A request of `small` 10x10 images, then one `side` px wide inside a tool_result. */
async function send(small: number, side: number) {
  const { client } = await serve(new ScriptBuilder().text('seen').build().turns);
  const body = {
    model: 'claude-sonnet-4-6',
    max_tokens: 100,
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'look' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'read', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: [image(png(side, 5))] },
          ...Array.from({ length: small }, () => image(png(10, 10))),
        ],
      },
    ],
    tools: [{ name: 'read', input_schema: { type: 'object' } }],
  };
  return client.messages.create(body as unknown as Anthropic.MessageCreateParamsNonStreaming);
}

describe('the many-image limit', () => {
  it('20 images: one of 2001 px passes (the 8000 px limit applies)', async () => {
    await expect(send(19, 2001)).resolves.toMatchObject({ type: 'message' });
  });

  it('21 images: one of 2001 px is refused with its path; 2000 px passes', async () => {
    await expect(send(20, 2001)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining(
        'messages.2.content.0.tool_result.content.0.image.source.base64: At least one of the image dimensions exceed max allowed size for many-image requests: 2000 pixels',
      ),
    });
    await expect(send(20, 2000)).resolves.toMatchObject({ type: 'message' });
  });
});
