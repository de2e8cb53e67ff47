/**
 * Image and document blocks, checked as strictly as the real API checks them: the source shape
 * and type, the media type, base64 that decodes, the image's bytes matching its declared type,
 * an image under 5 MB of base64 and 8000 pixels a side, a PDF that starts like one. Applied to
 * blocks of a message and to those inside a `tool_result`'s content. A client that sends a PNG
 * labelled as JPEG, a data: URL prefix, or broken base64 fails here as it would against the API.
 */
import type { ApiErrorResponse } from '../errors.js';
import { invalid } from '../errors.js';
import { isRecord } from '../tokens.js';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const IMAGE_MAX_BASE64 = 5 * 1024 * 1024;
const IMAGE_MAX_SIDE = 8000;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The errors of one block that is an image or a document; undefined for a valid one or any other block. */
export function checkMediaBlock(block: Record<string, unknown>, at: string): ApiErrorResponse | undefined {
  if (block.type === 'image') return checkImage(block.source, `${at}.image.source`);
  if (block.type === 'document') return checkDocument(block.source, `${at}.document.source`);
  return undefined;
}

/** The media blocks inside a `tool_result` block's content array. */
export function checkToolResultMedia(block: Record<string, unknown>, at: string): ApiErrorResponse | undefined {
  if (block.type !== 'tool_result' || !Array.isArray(block.content)) return undefined;
  for (const [k, inner] of block.content.entries()) {
    if (!isRecord(inner)) continue;
    const error = checkMediaBlock(inner, `${at}.tool_result.content.${k}`);
    if (error) return error;
  }
  return undefined;
}

function decoded(data: unknown, at: string): Buffer | ApiErrorResponse {
  if (typeof data !== 'string') return invalid(`${at}.data: Field required`);
  if (data.length === 0) return invalid(`${at}.data: base64 data must be non-empty`);
  if (data.length % 4 !== 0 || !BASE64.test(data))
    return invalid(
      `${at}.data: Invalid base64 data (a data: URL prefix, whitespace or URL-safe characters are not accepted)`,
    );
  return Buffer.from(data, 'base64');
}

function checkImage(source: unknown, at: string): ApiErrorResponse | undefined {
  if (!isRecord(source)) return invalid(`${at}: Field required`);
  if (source.type === 'url') return typeof source.url === 'string' ? undefined : invalid(`${at}.url: Field required`);
  if (source.type === 'file')
    return typeof source.file_id === 'string' ? undefined : invalid(`${at}.file_id: Field required`);
  if (source.type !== 'base64')
    return invalid(
      `${at}: Input tag '${String(source.type)}' found using 'type' does not match any of the expected tags: 'base64', 'url', 'file'`,
    );
  if (typeof source.media_type !== 'string' || !IMAGE_TYPES.includes(source.media_type))
    return invalid(`${at}.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`);
  if (typeof source.data === 'string' && source.data.length > IMAGE_MAX_BASE64)
    return invalid(`${at}: image exceeds 5 MB maximum: ${source.data.length} bytes > ${IMAGE_MAX_BASE64} bytes`);
  const bytes = decoded(source.data, at);
  if (!Buffer.isBuffer(bytes)) return bytes;
  const actual = imageType(bytes);
  if (actual !== source.media_type)
    return invalid(`${at}: Image does not match the provided media type ${source.media_type}`);
  const size = dimensions(actual, bytes);
  if (size === undefined) return invalid(`${at}: Could not process image`);
  if (size.width > IMAGE_MAX_SIDE || size.height > IMAGE_MAX_SIDE)
    return invalid(`${at}: image dimensions exceed max allowed size: ${IMAGE_MAX_SIDE} pixels`);
  return undefined;
}

function checkDocument(source: unknown, at: string): ApiErrorResponse | undefined {
  if (!isRecord(source)) return invalid(`${at}: Field required`);
  switch (source.type) {
    case 'base64': {
      if (source.media_type !== 'application/pdf')
        return invalid(`${at}.media_type: Input should be 'application/pdf'`);
      const bytes = decoded(source.data, at);
      if (!Buffer.isBuffer(bytes)) return bytes;
      return bytes.subarray(0, 5).toString('latin1') === '%PDF-'
        ? undefined
        : invalid(`${at}: The PDF specified was not valid.`);
    }
    case 'text':
      if (source.media_type !== 'text/plain') return invalid(`${at}.media_type: Input should be 'text/plain'`);
      return typeof source.data === 'string' ? undefined : invalid(`${at}.data: Field required`);
    case 'url':
      return typeof source.url === 'string' ? undefined : invalid(`${at}.url: Field required`);
    case 'content':
      return Array.isArray(source.content) || typeof source.content === 'string'
        ? undefined
        : invalid(`${at}.content: Field required`);
    case 'file':
      return typeof source.file_id === 'string' ? undefined : invalid(`${at}.file_id: Field required`);
    default:
      return invalid(
        `${at}: Input tag '${String(source.type)}' found using 'type' does not match any of the expected tags: 'base64', 'text', 'content', 'url', 'file'`,
      );
  }
}

export function imageType(b: Buffer): string | undefined {
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const ascii = b.subarray(0, 12).toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'image/gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

export function dimensions(type: string, b: Buffer): { width: number; height: number } | undefined {
  if (type === 'image/png' && b.length >= 24) return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (type === 'image/gif' && b.length >= 10) return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  if (type === 'image/webp' && b.length >= 30) {
    const chunk = b.subarray(12, 16).toString('latin1');
    if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
    if (chunk === 'VP8L') {
      const bits = b.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
    return undefined;
  }
  if (type === 'image/jpeg') {
    for (let i = 2; i + 9 < b.length; ) {
      if (b[i] !== 0xff) return undefined;
      const marker = b[i + 1] as number;
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
      i += 2 + b.readUInt16BE(i + 2);
    }
  }
  return undefined;
}
