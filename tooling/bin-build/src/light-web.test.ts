import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FormData, LazyReadableStream, Response } from './light-web.mjs';

describe('light web stand-ins (bundled bins only)', () => {
  it("Response is the provider's light class; FormData matches nothing", async () => {
    expect(await new Response('{"a":1}', { status: 201 }).json()).toEqual({ a: 1 });
    expect({} instanceof FormData).toBe(false);
  });

  it('ReadableStream stand-in: instanceof is true exactly for web streams; constructing makes a real one', async () => {
    const real = new ReadableStream<string>({ start: (c) => (c.enqueue('x'), c.close()) });
    expect(real instanceof LazyReadableStream).toBe(true);
    for (const other of [
      Buffer.from('x'),
      'x',
      null,
      undefined,
      {},
      Readable.from(['x']),
      { getReader: () => undefined },
    ]) {
      expect(other instanceof LazyReadableStream).toBe(false);
    }
    const made = new LazyReadableStream({
      start: (c: ReadableStreamDefaultController<string>) => (c.enqueue('y'), c.close()),
    }) as unknown as ReadableStream<string>;
    expect(made).toBeInstanceOf(ReadableStream);
    expect((await made.getReader().read()).value).toBe('y');
  });

  it("is cheap to inject: the provider's light-response module it imports imports nothing", () => {
    const source = readFileSync(
      new URL('../../../packages/model/dist/providers/anthropic/light-response.js', import.meta.url),
      'utf8',
    );
    expect(source).not.toMatch(/^\s*(import|export \* from|export \{[^}]*\} from)\b/m);
    expect(source).not.toMatch(/\brequire\(|\bimport\(/);
  });
});
