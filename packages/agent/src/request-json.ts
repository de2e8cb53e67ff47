/**
 * The body of a streamed Messages API request, built from per-object UTF-8 JSON kept across
 * requests. A session's requests repeat the same system blocks, tools and (all but the newest one
 * or two) messages, so re-serialising the whole transcript each time makes a request's cost grow
 * with the session; and a body built as bytes is neither a large short-lived string on the V8
 * heap nor re-encoded on every write. Objects are cached by identity: a cached object must not
 * be modified afterwards, which holds for the transcript (messages are replaced, never edited,
 * once appended) and for the session's fixed system and tools.
 */
import type { ModelRequest } from './model-types.js';

const cache = new WeakMap<object, Buffer>();

function cachedJson(value: object): Buffer {
  let json = cache.get(value);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(value));
    cache.set(value, json);
  }
  return json;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** The pieces of the body, in order: fixed fields as fresh bytes, cached objects as their JSON. */
function bodyParts(request: ModelRequest): Buffer[] {
  const parts: Buffer[] = [];
  let head = '{';
  for (const [key, value] of Object.entries(request)) {
    if (key === 'stream' || value === undefined) continue;
    const cached = (key === 'messages' || key === 'system' || key === 'tools') && Array.isArray(value);
    const json = cached ? undefined : (JSON.stringify(value) as string | undefined);
    if (!cached && json === undefined) continue;
    head += `${head === '{' && parts.length === 0 ? '' : ','}${JSON.stringify(key)}:`;
    if (json !== undefined) {
      head += json;
      continue;
    }
    parts.push(Buffer.from(head));
    head = '';
    if (key === 'messages') {
      parts.push(OPEN);
      (value as object[]).forEach((m, i) => (i === 0 ? parts.push(cachedJson(m)) : parts.push(COMMA, cachedJson(m))));
      parts.push(CLOSE);
    } else parts.push(cachedJson(value as object));
  }
  parts.push(Buffer.from(`${head}${head === '{' && parts.length === 0 ? '' : ','}"stream":true}`));
  return parts;
}

/**
 * The UTF-8 bytes of `JSON.stringify({ ...request, stream: true })`, byte for byte (same keys,
 * same order, undefined values left out), without re-serialising objects it has serialised before.
 * The result is a fresh buffer the caller owns.
 */
export function streamRequestBody(request: ModelRequest): Buffer {
  return Buffer.concat(bodyParts(request));
}
