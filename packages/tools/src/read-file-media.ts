/**
 * Images and PDFs as the model sees them: read_file (and a file the user attaches) returns an
 * image part (PNG, JPEG, GIF, WebP) or a PDF document part, inline as base64, when the file's
 * first bytes say it is one. The Messages API refuses an image over 5 MB of base64 or 8000
 * pixels a side and a PDF over 100 pages (and a request over 32 MB): such a file is refused here,
 * with the limit named, before it can fail the whole request. Nothing is resized (that would
 * need a native image library); the message says how to make a smaller copy.
 */
import fs from 'node:fs';
import type { ResultPart } from '@coding-harness/model';

/** The API's limit on one image's base64 text (5 MiB), and the file size that fits in it. */
export const IMAGE_MAX_BASE64 = 5 * 1024 * 1024;
export const IMAGE_MAX_BYTES = (IMAGE_MAX_BASE64 / 4) * 3;
/** The API's limit on either side of an image, in pixels. */
export const IMAGE_MAX_SIDE = 8000;
/** PDFs: the API's page limit, and a file size whose base64 leaves room in a 32 MB request. */
export const PDF_MAX_PAGES = 100;
export const PDF_MAX_BYTES = 20 * 1024 * 1024;

/** A media type this module reads, from the file's first bytes. */
export type MediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf';

const NAMES: Readonly<Record<MediaType, string>> = {
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'application/pdf': 'PDF',
};

/** The media type the first bytes announce, or undefined for any other file. */
export function sniffMedia(head: Uint8Array): MediaType | undefined {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const ascii = b.subarray(0, 12).toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'image/gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
  if (ascii.startsWith('%PDF-')) return 'application/pdf';
  return undefined;
}

/** Width and height from an image's header, or undefined when the header cannot be read. */
export function imageSize(type: MediaType, b: Buffer): { width: number; height: number } | undefined {
  switch (type) {
    case 'image/png':
      return b.length >= 24 ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) } : undefined;
    case 'image/gif':
      return b.length >= 10 ? { width: b.readUInt16LE(6), height: b.readUInt16LE(8) } : undefined;
    case 'image/webp':
      return webpSize(b);
    case 'image/jpeg':
      return jpegSize(b);
    default:
      return undefined;
  }
}

function webpSize(b: Buffer): { width: number; height: number } | undefined {
  const chunk = b.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8X' && b.length >= 30) return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ' && b.length >= 30)
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  return undefined;
}

/** The first start-of-frame marker's size (SOF0..SOF15 but DHT, JPG and DAC). */
function jpegSize(b: Buffer): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1] as number;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  return undefined;
}

/** A lower bound of a PDF's pages: its `/Type /Page` objects (those in compressed object streams are not seen). */
export function pdfPages(b: Buffer): number {
  return b.toString('latin1').match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
}

const kb = (n: number): string =>
  n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

/** A media file read for the model: its parts and a short line for people, or why it is refused. */
export type MediaRead =
  | { ok: true; parts: ResultPart[]; display: string; type: MediaType }
  | { ok: false; error: string };

/**
 * Reads the whole media file behind `fd` (its size from fstat), checks it against the API's
 * limits and returns the parts: a line naming it, then the image or document. `shown` names the
 * file in every message.
 */
export function readMedia(fd: number, size: number, type: MediaType, shown: string): MediaRead {
  const name = NAMES[type];
  const limit = type === 'application/pdf' ? PDF_MAX_BYTES : IMAGE_MAX_BYTES;
  if (size > limit)
    return {
      ok: false,
      error:
        type === 'application/pdf'
          ? `${shown} is a PDF of ${kb(size)}; the largest this harness sends is ${kb(limit)} (the API takes requests up to 32 MB). Split it (e.g. \`qpdf --split-pages\`) and read a part.`
          : `${shown} is a ${name} of ${kb(size)}; the API takes images up to 5 MB of base64 (${kb(limit)} on disk). Make a smaller copy (e.g. \`convert ${shown} -resize 2000x2000 small.png\`) and read that.`,
    };
  const bytes = Buffer.allocUnsafe(size);
  let total = 0;
  while (total < size) {
    const n = fs.readSync(fd, bytes, total, size - total, total);
    if (n === 0) break;
    total += n;
  }
  const data = bytes.subarray(0, total);
  if (type === 'application/pdf') {
    const pages = pdfPages(data);
    if (pages > PDF_MAX_PAGES)
      return {
        ok: false,
        error: `${shown} is a PDF of at least ${pages} pages; the API takes up to ${PDF_MAX_PAGES}. Split it (e.g. \`qpdf --split-pages=50\`) and read a part.`,
      };
    const what = `PDF ${shown} (${pages > 0 ? `${pages} pages, ` : ''}${kb(total)})`;
    return {
      ok: true,
      type,
      parts: [
        { type: 'text', text: what },
        { type: 'document', mediaType: 'application/pdf', data: data.toString('base64'), title: shown },
      ],
      display: `read ${what}`,
    };
  }
  const dims = imageSize(type, data);
  if (dims === undefined) return { ok: false, error: `${shown} looks like a ${name} but its header cannot be read.` };
  if (dims.width > IMAGE_MAX_SIDE || dims.height > IMAGE_MAX_SIDE)
    return {
      ok: false,
      error: `${shown} is a ${dims.width}x${dims.height} ${name}; the API takes images up to ${IMAGE_MAX_SIDE}x${IMAGE_MAX_SIDE} pixels. Make a smaller copy (e.g. \`convert ${shown} -resize 2000x2000 small.png\`) and read that.`,
    };
  const what = `${name} ${shown} (${dims.width}x${dims.height}, ${kb(total)})`;
  return {
    ok: true,
    type,
    parts: [
      { type: 'text', text: what },
      { type: 'image', mediaType: type, data: data.toString('base64'), title: shown },
    ],
    display: `read ${what}`,
  };
}

/** The media type of the file behind `fd`, from its first 16 bytes (read at offset 0). */
export function mediaOf(fd: number): MediaType | undefined {
  const head = Buffer.alloc(16);
  const n = fs.readSync(fd, head, 0, 16, 0);
  return sniffMedia(head.subarray(0, n));
}
