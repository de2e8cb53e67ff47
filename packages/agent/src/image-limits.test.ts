import type { Message } from '@coding-harness/model';
import { describe, expect, it } from 'vitest';
import { fitImageLimits } from './image-limits.js';

/** A PNG signature and IHDR of the given size (the header is all the check reads). */
const png = (width: number, height: number): string => {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b.toString('base64');
};
const image = (side: number, title?: string) => ({
  type: 'image' as const,
  mediaType: 'image/png',
  data: png(side, 1),
  ...(title ? { title } : {}),
});

const conversation = (small: number): Message[] => [
  { role: 'user', content: [{ type: 'text', text: 'look' }, ...Array.from({ length: small }, () => image(10))] },
  { role: 'assistant', content: [{ type: 'tool_call', id: 't1', name: 'read_file', input: {} }] },
  { role: 'user', content: [{ type: 'tool_result', callId: 't1', content: [image(4000, 'wide.png'), image(3000)] }] },
];

describe('fitImageLimits', () => {
  it('up to 20 images: the messages go as they are (the same array)', () => {
    const messages = conversation(18);
    expect(fitImageLimits(messages)).toBe(messages);
  });

  it('over 20: each image over 2000 px is a line naming its file (or "an image"), the rest stay', () => {
    const messages = conversation(19);
    const fitted = fitImageLimits(messages);
    const result = fitted[2]!.content[0] as Extract<Message['content'][number], { type: 'tool_result' }>;
    expect(result.content.map((p) => p.type)).toEqual(['text', 'text']);
    expect(result.content[0]).toMatchObject({ text: expect.stringMatching(/^\[wide\.png \(4000x1\) is left out/) });
    expect(result.content[1]).toMatchObject({ text: expect.stringMatching(/^\[an image \(3000x1\)/) });
    expect(fitted[0]!.content.filter((p) => p.type === 'image')).toHaveLength(19);
    // The conversation itself is untouched.
    expect((messages[2]!.content[0] as { content: { type: string }[] }).content[0]!.type).toBe('image');
  });
});
