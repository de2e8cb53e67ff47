/**
 * The API's rule for requests with many images: up to 8000x8000 pixels an image, but with more
 * than 20 images in one request, each must be at most 2000x2000 (the Anthropic vision docs). The
 * conversation keeps every image; the request is what must fit. So when a request would carry
 * more than 20 images, each image over 2000 pixels a side is replaced, in that request only, by a
 * line naming its file and the fix (nothing is resized: that would need a native image library).
 * The stored transcript is untouched; fewer images later (a compaction) bring them back.
 */
import type { Message, Part, ResultPart } from '@coding-harness/model';
import { imageSize } from '@coding-harness/tools';
import type { MediaType } from '@coding-harness/tools';

/** Above this many images in one request, the smaller side limit applies. */
export const MANY_IMAGES = 20;
/** The side limit, in pixels, for each image of a request with more than MANY_IMAGES images. */
export const MANY_IMAGES_MAX_SIDE = 2000;

type Image = Extract<Part, { type: 'image' }>;

function imagesOf(messages: readonly Message[]): number {
  let n = 0;
  for (const m of messages)
    for (const part of m.content) {
      if (part.type === 'image') n += 1;
      else if (part.type === 'tool_result') for (const inner of part.content) if (inner.type === 'image') n += 1;
    }
  return n;
}

/** The line that stands for an image too large for a many-image request, or undefined when it fits. */
function tooLarge(image: Image, count: number): ResultPart | undefined {
  const size = imageSize(image.mediaType as MediaType, Buffer.from(image.data, 'base64'));
  if (size === undefined || (size.width <= MANY_IMAGES_MAX_SIDE && size.height <= MANY_IMAGES_MAX_SIDE))
    return undefined;
  const name = image.title ?? 'an image';
  const copy = image.title !== undefined ? image.title : 'the file';
  return {
    type: 'text',
    text: `[${name} (${size.width}x${size.height}) is left out of this request: it holds ${count} images, and with more than ${MANY_IMAGES} the API takes images up to ${MANY_IMAGES_MAX_SIDE}x${MANY_IMAGES_MAX_SIDE} pixels. To see it, make a smaller copy (e.g. \`convert ${copy} -resize ${MANY_IMAGES_MAX_SIDE}x${MANY_IMAGES_MAX_SIDE} small.png\`) and read that.]`,
  };
}

/** `messages` as a request may carry them (the same array when nothing needs to change). */
export function fitImageLimits(messages: readonly Message[]): readonly Message[] {
  const count = imagesOf(messages);
  if (count <= MANY_IMAGES) return messages;
  const fit = <T extends Part>(part: T): T | ResultPart =>
    part.type === 'image' ? (tooLarge(part, count) ?? part) : part;
  return messages.map((m) => ({
    ...m,
    content: m.content.map((part) =>
      part.type === 'tool_result' ? { ...part, content: part.content.map((inner) => fit(inner)) } : fit(part),
    ),
  })) as Message[];
}
