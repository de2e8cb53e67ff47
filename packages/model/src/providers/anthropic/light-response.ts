/**
 * Small `Headers` and `Response` classes for the model client's own fetch. The SDK reads a
 * response through `ok`, `status`, `headers.get`/`entries`, `text()`/`json()` and an async-iterable
 * `body`; Node's real Response wraps the socket in a web ReadableStream, whose per-chunk promise
 * machinery cost a streamed request about a tenth of a millisecond and a few hundred objects, and
 * building one loads undici. The bundled bins (`harness`, `harness-tui`) also inject these for the global names
 * (tooling/bin-build, light-web.mjs), so undici never loads there at all.
 * What a caller may rely on: headers are case-insensitive, iterate sorted lower-case names like the
 * real class, and join repeated values with ", "; a body reads once; an async-iterable body (a Node
 * Readable) is kept as is.
 */
type HeaderInit =
  | LightHeaders
  | Iterable<readonly [string, string]>
  | Record<string, string | readonly string[] | undefined>
  | undefined
  | null;

export class LightHeaders {
  private readonly map = new Map<string, { name: string; values: string[] }>();

  constructor(init?: HeaderInit) {
    if (!init) return;
    if (typeof (init as Iterable<unknown>)[Symbol.iterator] === 'function') {
      for (const [k, v] of init as Iterable<readonly [string, string]>) this.append(k, v);
      return;
    }
    for (const [k, v] of Object.entries(init as Record<string, string | readonly string[] | undefined>)) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [v as string]) this.append(k, one);
    }
  }

  append(name: string, value: string): void {
    const key = name.toLowerCase();
    const entry = this.map.get(key);
    if (entry) entry.values.push(String(value).trim());
    else this.map.set(key, { name: key, values: [String(value).trim()] });
  }

  set(name: string, value: string): void {
    this.map.set(name.toLowerCase(), { name: name.toLowerCase(), values: [String(value).trim()] });
  }

  get(name: string): string | null {
    const entry = this.map.get(name.toLowerCase());
    return entry ? entry.values.join(', ') : null;
  }

  getSetCookie(): string[] {
    return [...(this.map.get('set-cookie')?.values ?? [])];
  }

  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }

  delete(name: string): void {
    this.map.delete(name.toLowerCase());
  }

  forEach(fn: (value: string, name: string, headers: LightHeaders) => void): void {
    for (const [name, value] of this.entries()) fn(value, name, this);
  }

  *entries(): IterableIterator<[string, string]> {
    for (const key of [...this.map.keys()].sort()) yield [key, this.map.get(key)!.values.join(', ')];
  }

  *keys(): IterableIterator<string> {
    for (const [k] of this.entries()) yield k;
  }

  *values(): IterableIterator<string> {
    for (const [, v] of this.entries()) yield v;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

async function* oneChunk(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

export class LightResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: LightHeaders;
  /**
   * A web ReadableStream, or an async iterable handed in as the body (e.g. a Node Readable) kept
   * as is: the SDK reads any body through Symbol.asyncIterator, so a fetch that passes its socket
   * stream here spares Node's web streams (and their start-up cost) altogether.
   */
  readonly body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null;
  readonly url = '';
  readonly redirected = false;
  readonly type = 'basic';
  bodyUsed = false;

  constructor(
    body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | string | null | undefined,
    init: { status?: number; statusText?: string; headers?: HeaderInit } = {},
  ) {
    this.status = init.status ?? 200;
    this.statusText = init.statusText ?? '';
    this.headers = init.headers instanceof LightHeaders ? init.headers : new LightHeaders(init.headers);
    this.body = typeof body === 'string' ? oneChunk(new TextEncoder().encode(body)) : (body ?? null);
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    if (this.bodyUsed) throw new TypeError('Body has already been used');
    this.bodyUsed = true;
    if (!this.body) return new ArrayBuffer(0);
    const parts: Uint8Array[] = [];
    for await (const chunk of this.body) parts.push(chunk);
    const all = Buffer.concat(parts);
    return all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer;
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.arrayBuffer());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}
