import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolContext } from './context.js';
import { readFileTool } from './read-file.js';
import { IMAGE_MAX_BYTES, PDF_MAX_PAGES } from './read-file-media.js';
import { gifBytes, jpegBytes, pdfBytes, pngBytes, webpBytes } from './testing/media.test.util.js';
import type { ToolContext } from './types.js';

let tmp: string;
let ctx: ToolContext;
beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'media-')));
  ctx = createToolContext({ root: tmp });
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const write = (name: string, bytes: Buffer) => fs.writeFileSync(path.join(tmp, name), bytes);

describe('read_file returns images and PDFs as what they are', () => {
  it.each([
    ['shot.png', pngBytes(3, 2), 'image/png', 'PNG image shot.png (3x2'],
    ['photo.jpg', jpegBytes(640, 480), 'image/jpeg', 'JPEG image photo.jpg (640x480'],
    ['anim.gif', gifBytes(10, 20), 'image/gif', 'GIF image anim.gif (10x20'],
    ['pic.webp', webpBytes(300, 200), 'image/webp', 'WebP image pic.webp (300x200'],
    ['named-wrong.txt', pngBytes(1, 1), 'image/png', 'PNG image named-wrong.txt (1x1'],
  ])('%s is an image part (%s)', async (name, bytes, mediaType, line) => {
    write(name, bytes);
    const r = await readFileTool.execute({ path: name }, ctx);
    expect(r.isError).toBe(false);
    expect(r.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining(line) });
    expect(r.content[1]).toEqual({ type: 'image', mediaType, data: bytes.toString('base64'), title: name });
    expect(r.display).toContain(line);
  });

  it('a PDF is a document part with its pages counted', async () => {
    const bytes = pdfBytes(3);
    write('spec.pdf', bytes);
    const r = await readFileTool.execute({ path: 'spec.pdf' }, ctx);
    expect(r.isError).toBe(false);
    expect(r.content[0]).toEqual({ type: 'text', text: expect.stringMatching(/^PDF spec\.pdf \(3 pages, 1 KB\)$/) });
    expect(r.content[1]).toEqual({
      type: 'document',
      mediaType: 'application/pdf',
      data: bytes.toString('base64'),
      title: 'spec.pdf',
    });
  });

  it('refuses an image over 8000 pixels a side, naming the limit', async () => {
    write('wide.png', pngBytes(8001, 1));
    const r = await readFileTool.execute({ path: 'wide.png' }, ctx);
    expect(r.isError).toBe(true);
    expect(r.content[0]).toMatchObject({
      text: expect.stringContaining('8001x1 PNG image; the API takes images up to 8000x8000 pixels'),
    });
  });

  it('refuses an image over 5 MB of base64, naming the limit', async () => {
    write('huge.gif', Buffer.concat([gifBytes(100, 100), Buffer.alloc(IMAGE_MAX_BYTES)]));
    const r = await readFileTool.execute({ path: 'huge.gif' }, ctx);
    expect(r.isError).toBe(true);
    expect(r.content[0]).toMatchObject({ text: expect.stringContaining('the API takes images up to 5 MB of base64') });
  });

  it(`refuses a PDF of more than ${PDF_MAX_PAGES} pages`, async () => {
    write('book.pdf', pdfBytes(PDF_MAX_PAGES + 1));
    const r = await readFileTool.execute({ path: 'book.pdf' }, ctx);
    expect(r.isError).toBe(true);
    expect(r.content[0]).toMatchObject({
      text: expect.stringContaining(`at least 101 pages; the API takes up to 100`),
    });
  });

  it('other binary files are still refused, and the jail still applies', async () => {
    write('blob.bin', Buffer.from([0, 1, 2, 3]));
    expect((await readFileTool.execute({ path: 'blob.bin' }, ctx)).isError).toBe(true);
    const outside = path.join(os.tmpdir(), `outside-${process.pid}.png`);
    fs.writeFileSync(outside, pngBytes(1, 1));
    try {
      const r = await readFileTool.execute({ path: outside }, ctx);
      expect(r.isError).toBe(true);
      expect(r.content.some((p) => p.type === 'image')).toBe(false);
    } finally {
      fs.rmSync(outside);
    }
  });
});
