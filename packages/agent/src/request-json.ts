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

/**
 * Builds request bodies (the bytes of `streamRequestBody`) into one reused buffer. A body grows
 * with the session (hundreds of KB), and a fresh allocation that size is new memory every time:
 * page faults to fill it and again when the kernel copies it to the socket, which cost more than
 * the copy itself (about 1 ms and 2 ms per request on a 2-core VM, against 0.05 ms for warm memory).
 * A body from `build` is lent: it stays unchanged until `release(body)`, which the sender calls
 * once nothing reads it any more (the request was written or destroyed). While one is lent,
 * `build` returns fresh buffers, so concurrent requests never share bytes.
 */
export class RequestBodyBuffer {
  private arena: Buffer = Buffer.alloc(0);
  private lent: Buffer | undefined;
  /** The parts whose bytes the arena holds from offset 0, in order (what the last build wrote). */
  private written: Buffer[] = [];

  build(request: ModelRequest): Buffer {
    const parts = bodyParts(request);
    if (this.lent !== undefined) return Buffer.concat(parts);
    let length = 0;
    for (const part of parts) length += part.length;
    if (length > this.arena.length) {
      this.arena = Buffer.allocUnsafe(Math.max(length, Math.ceil(this.arena.length * 1.5), 64 * 1024));
      this.written = [];
    }
    // Consecutive requests of a session repeat the transcript: the bytes of the parts the last
    // build wrote are still in place up to the first part that differs (a cached message's JSON is
    // the same Buffer object; the small fresh head is compared by content). Only the rest is copied.
    let at = 0;
    let i = 0;
    for (const old = this.written; i < parts.length && i < old.length && samePart(parts[i]!, old[i]!); i++) at += parts[i]!.length;
    for (let j = i; j < parts.length; j++) {
      this.arena.set(parts[j]!, at);
      at += parts[j]!.length;
    }
    this.written = parts;
    this.lent = this.arena.subarray(0, length);
    return this.lent;
  }

  /** True while `body` is the lent one. */
  isLent(body: unknown): boolean {
    return body !== undefined && body === this.lent;
  }

  /** Ends the loan of `body`; anything else (a fresh body, a second call) is ignored. */
  release(body: unknown): void {
    if (this.isLent(body)) this.lent = undefined;
  }
}

/** Same bytes: the same (immutable, cached) Buffer, or a small fresh one with equal content. */
function samePart(a: Buffer, b: Buffer): boolean {
  return a === b || (a.length === b.length && a.length <= 256 && a.equals(b));
}
