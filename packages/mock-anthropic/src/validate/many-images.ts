/**
 * The API's rule for requests with many images (the Anthropic vision docs): an image may be up
 * to 8000x8000 pixels (media.ts), but when one request holds more than 20 images, each must be at
 * most 2000x2000. Images are counted in messages and inside `tool_result` contents; the first
 * image over the smaller limit fails the request with its path.
 */
import type { ApiErrorResponse } from '../errors.js';
import { invalid } from '../errors.js';
import { isRecord } from '../tokens.js';
import { dimensions, imageType } from './media.js';

const MANY_IMAGES = 20;
const MANY_IMAGES_MAX_SIDE = 2000;

/** Every image block of the messages with its path. */
function images(messages: unknown): { block: Record<string, unknown>; at: string }[] {
  const out: { block: Record<string, unknown>; at: string }[] = [];
  if (!Array.isArray(messages)) return out;
  for (const [i, message] of messages.entries()) {
    if (!isRecord(message) || !Array.isArray(message.content)) continue;
    for (const [j, block] of message.content.entries()) {
      if (!isRecord(block)) continue;
      const at = `messages.${i}.content.${j}`;
      if (block.type === 'image') out.push({ block, at: `${at}.image.source.base64` });
      if (block.type === 'tool_result' && Array.isArray(block.content))
        for (const [k, inner] of block.content.entries())
          if (isRecord(inner) && inner.type === 'image')
            out.push({ block: inner, at: `${at}.tool_result.content.${k}.image.source.base64` });
    }
  }
  return out;
}

/** The error of a request with more than 20 images when one of them is over 2000 pixels a side. */
export function checkManyImages(messages: unknown): ApiErrorResponse | undefined {
  const all = images(messages);
  if (all.length <= MANY_IMAGES) return undefined;
  for (const { block, at } of all) {
    const source = block.source;
    if (!isRecord(source) || source.type !== 'base64' || typeof source.data !== 'string') continue;
    const bytes = Buffer.from(source.data, 'base64');
    const type = imageType(bytes);
    const size = type === undefined ? undefined : dimensions(type, bytes);
    if (size && (size.width > MANY_IMAGES_MAX_SIDE || size.height > MANY_IMAGES_MAX_SIDE))
      return invalid(
        `${at}: At least one of the image dimensions exceed max allowed size for many-image requests: ${MANY_IMAGES_MAX_SIDE} pixels`,
      );
  }
  return undefined;
}
