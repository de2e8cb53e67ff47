import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LightHeaders, LightResponse } from './light-response.js';

describe("LightHeaders and LightResponse (the model client's fetch, and the bin's globals)", () => {
  it('Headers: case-insensitive, appends, iterates sorted lower-case names like the real class', () => {
    const h = new LightHeaders({ 'Content-Type': 'application/json', 'X-A': ['1', '2'] });
    h.append('x-a', '3');
    h.set('Retry-After', '5');
    h.delete('content-type');
    expect(h.get('x-a')).toBe('1, 2, 3');
    expect(h.has('RETRY-AFTER')).toBe(true);
    expect([...h]).toEqual([
      ...new Headers([
        ['x-a', '1'],
        ['x-a', '2'],
        ['x-a', '3'],
        ['retry-after', '5'],
      ]),
    ]);
    expect(new LightHeaders(h).get('retry-after')).toBe('5');
    expect(new LightHeaders([['k', 'v']]).get('K')).toBe('v');
  });

  it('Response: status, ok, text and json of a streamed body; a body reads once', async () => {
    const res = new LightResponse('{"a":1}', { status: 429, headers: { 'retry-after': '2' } });
    expect(res.ok).toBe(false);
    expect(res.headers.get('Retry-After')).toBe('2');
    expect(await res.json()).toEqual({ a: 1 });
    await expect(res.text()).rejects.toThrow('already been used');
    expect(await new LightResponse(null).text()).toBe('');
  });

  it('Response: an async-iterable body (a Node Readable) is kept as is and reads like a stream', async () => {
    const stream = Readable.from([Buffer.from('hel'), Buffer.from('lo')]);
    const res = new LightResponse(stream);
    expect(res.body).toBe(stream);
    expect(await res.text()).toBe('hello');
  });
});
