import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { httpFetch as webHttpFetch, lightHttpFetch } from './http-fetch.js';
import { LightResponse } from './light-response.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(undefined));
  server = undefined;
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

/** Reads a body chunk by chunk the way the SDK does (async iteration), whichever Response it is. */
function chunks(res: Response): AsyncIterator<Uint8Array> {
  return (res.body as unknown as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
}

describe.each([
  ['httpFetch', webHttpFetch, Response],
  ['lightHttpFetch', lightHttpFetch, LightResponse],
] as const)('%s', (_name, httpFetch, kind) => {
  it('answers with its kind of Response', async () => {
    const url = await serve((_req, res) => res.end('x'));
    expect(await httpFetch(url)).toBeInstanceOf(kind);
  });

  it('sends method, headers and a string body; returns status, headers and JSON', async () => {
    const url = await serve((req, res) => {
      let data = '';
      req.on('data', (d) => (data += d));
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json', 'x-echo': String(req.headers['x-key']) });
        res.end(JSON.stringify({ method: req.method, body: data, length: req.headers['content-length'] }));
      });
    });
    const res = await httpFetch(`${url}/v1/x`, {
      method: 'POST',
      headers: { 'x-key': 'k1', 'content-type': 'application/json' },
      body: '{"a":"é"}',
    });
    expect(res.status).toBe(201);
    expect(res.ok).toBe(true);
    expect(res.headers.get('x-echo')).toBe('k1');
    expect(await res.json()).toEqual({
      method: 'POST',
      body: '{"a":"é"}',
      length: String(Buffer.byteLength('{"a":"é"}')),
    });
  });

  it('sends a byte body, and refuses a body it cannot send', async () => {
    const url = await serve((req, res) => {
      let data = '';
      req.on('data', (d) => (data += d));
      req.on('end', () => res.end(data));
    });
    const res = await httpFetch(`${url}/v1/x`, { method: 'POST', body: Buffer.from('{"a":1}') });
    expect(await res.text()).toBe('{"a":1}');
    await expect(httpFetch(`${url}/v1/x`, { method: 'POST', body: new Blob(['x']) })).rejects.toThrow(TypeError);
  });

  it('streams the body as it arrives (server-sent events)', async () => {
    let second: (() => void) | undefined;
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: one\n\n');
      second = () => res.end('data: two\n\n');
    });
    const res = await httpFetch(url);
    const reader = chunks(res);
    const first = await reader.next();
    expect(Buffer.from(first.value!).toString()).toBe('data: one\n\n');
    second!();
    let rest = '';
    for (let r = await reader.next(); !r.done; r = await reader.next()) rest += Buffer.from(r.value).toString();
    expect(rest).toBe('data: two\n\n');
  });

  it('aborting the signal errors a streaming body and a pending request', async () => {
    const url = await serve((req, res) => {
      if (req.url === '/hang') return;
      res.writeHead(200);
      res.write('partial');
    });
    const controller = new AbortController();
    const res = await httpFetch(url, { signal: controller.signal });
    const reader = chunks(res);
    await reader.next();
    controller.abort();
    await expect(reader.next()).rejects.toThrow();

    const pending = new AbortController();
    const request = httpFetch(`${url}/hang`, { signal: pending.signal });
    pending.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    await expect(httpFetch(url, { signal: pending.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('decodes a gzip body', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(gzipSync('squeezed'));
    });
    expect(await (await httpFetch(url)).text()).toBe('squeezed');
  });
});
