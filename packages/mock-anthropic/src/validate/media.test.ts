import type Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { ScriptBuilder } from '../script-builder.js';
import { closeAll, refusal, serve } from '../test-support.test-util.js';

afterEach(closeAll);

/** Raw bodies the SDK's types would refuse. */
type Params = Anthropic.MessageCreateParamsNonStreaming;

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
const pdf = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64');

const image = (media_type: string, data: string) => ({ type: 'image', source: { type: 'base64', media_type, data } });
const doc = (source: Record<string, unknown>) => ({ type: 'document', source });

async function send(block: Record<string, unknown>) {
  const { client } = await serve(new ScriptBuilder().text('seen').build().turns);
  const body = {
    model: 'claude-sonnet-4-6',
    max_tokens: 100,
    messages: [{ role: 'user', content: [{ type: 'text', text: 'look' }, block] }],
  };
  return client.messages.create(body as unknown as Params);
}

describe('image and document blocks are checked as the API checks them', () => {
  it('accepts a PNG, a PDF, a text document and an image inside a tool_result', async () => {
    await expect(send(image('image/png', png(10, 10)))).resolves.toMatchObject({ type: 'message' });
    await expect(send(doc({ type: 'base64', media_type: 'application/pdf', data: pdf }))).resolves.toMatchObject({
      type: 'message',
    });
    await expect(send(doc({ type: 'text', media_type: 'text/plain', data: 'hi' }))).resolves.toMatchObject({
      type: 'message',
    });
  });

  it.each([
    [
      'a PNG labelled JPEG',
      image('image/jpeg', png(10, 10)),
      'Image does not match the provided media type image/jpeg',
    ],
    [
      'a BMP media type',
      image('image/bmp', png(10, 10)),
      "Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'",
    ],
    ['a data: URL', image('image/png', `data:image/png;base64,${png(1, 1)}`), 'Invalid base64 data'],
    ['cut base64', image('image/png', png(1, 1).slice(1)), 'Invalid base64 data'],
    ['empty data', image('image/png', ''), 'base64 data must be non-empty'],
    ['8001 pixels wide', image('image/png', png(8001, 10)), 'image dimensions exceed max allowed size: 8000 pixels'],
    ['over 5 MB of base64', image('image/png', 'A'.repeat(5 * 1024 * 1024 + 4)), 'image exceeds 5 MB maximum'],
    [
      'a path source',
      { type: 'image', source: { type: 'path', path: '/x.png' } },
      'does not match any of the expected tags',
    ],
    [
      'a PNG as a PDF',
      doc({ type: 'base64', media_type: 'application/pdf', data: png(1, 1) }),
      'The PDF specified was not valid.',
    ],
    [
      'a PDF labelled PNG',
      doc({ type: 'base64', media_type: 'image/png', data: pdf }),
      "Input should be 'application/pdf'",
    ],
  ])('refuses %s', async (_label, block, message) => {
    const r = await refusal(send(block));
    expect(r.status).toBe(400);
    expect(r.message).toContain(message);
  });

  it('checks the images inside a tool_result too', async () => {
    const { client } = await serve(new ScriptBuilder().text('seen').build().turns);
    const body = {
      model: 'claude-sonnet-4-6',
      max_tokens: 100,
      messages: [
        { role: 'user', content: 'read it' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'read_file', input: {} }] },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [image('image/gif', png(1, 1))] }],
        },
      ],
      tools: [{ name: 'read_file', input_schema: { type: 'object' } }],
    };
    const r = await refusal(client.messages.create(body as unknown as Params));
    expect(r.message).toContain(
      'tool_result.content.0.image.source: Image does not match the provided media type image/gif',
    );
  });
});
