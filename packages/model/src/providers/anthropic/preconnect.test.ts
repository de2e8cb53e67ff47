import { createServer, get } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lightHttpFetch } from './http-fetch.js';
import { closeWarmSockets, preconnect, warmSockets } from './preconnect.js';

const warmSocketCount = (): number => warmSockets().length;

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(undefined));
  server = undefined;
  closeWarmSockets(); // nothing a test opened may wait for the next one
});

/** A server answering every request with which of its connections (1, 2, ...) carried it. */
async function serve(onConnection: (socket: Socket, n: number) => void = () => {}): Promise<{
  url: string;
  connections: () => number;
}> {
  let count = 0;
  const numbers = new WeakMap<Socket, number>();
  server = createServer((req, res) => res.end(String(numbers.get(req.socket))));
  server.on('connection', (socket: Socket) => {
    count++;
    numbers.set(socket, count);
    onConnection(socket, count);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, connections: () => count };
}

/** Waits until `ok()` (polled every 5 ms, for up to 30 s on a busy machine). */
const until = async (ok: () => boolean): Promise<void> => {
  await vi.waitFor(() => expect(ok()).toBe(true), { timeout: 30_000, interval: 5 });
};

/** Which connection of the server a request on a new connection of its own arrives on. */
function probe(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

describe('preconnect: the first request uses the connection opened ahead', () => {
  it('connects before any request, and the first request goes over that connection: one connection in all', async () => {
    const { url, connections } = await serve();
    preconnect(`${url}/v1/messages`);
    await until(() => connections() === 1); // the server saw it before any request was made
    const res = await lightHttpFetch(`${url}/v1/messages`, { method: 'POST', body: '{}' });
    expect(await res.text()).toBe('1');
    const again = await lightHttpFetch(`${url}/v1/messages`, { method: 'POST', body: '{}' });
    expect(await again.text()).toBe('1'); // then it is the ordinary keep-alive connection
    expect(connections()).toBe(1);
    expect(warmSocketCount()).toBe(0);
  });

  it('keeps one connection waiting per origin, however often it is asked', async () => {
    const { url, connections } = await serve();
    preconnect(url);
    preconnect(`${url}/other`);
    await until(() => connections() >= 1);
    expect(warmSocketCount()).toBe(1);
    // A connection opened after both asks is the server's second: no other one came before it.
    expect(await probe(url)).toBe('2');
    expect(warmSocketCount()).toBe(1);
  });

  it('a connection the server closed before it was used is dropped: the request connects anew', async () => {
    const { url, connections } = await serve((socket, n) => {
      if (n === 1) socket.destroy();
    });
    preconnect(url);
    await until(() => connections() === 1 && warmSocketCount() === 0);
    const res = await lightHttpFetch(url);
    expect(await res.text()).toBe('2');
  });

  it('a failed connection is no error of its own; the request then fails as it would have', async () => {
    const { url } = await serve();
    const closed = url;
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    server = undefined;
    preconnect(closed);
    await until(() => warmSocketCount() === 0);
    await expect(lightHttpFetch(closed)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('ignores what it cannot use', () => {
    preconnect('not a url');
    preconnect('ftp://example.com/');
    preconnect('file:///tmp/x');
    expect(warmSocketCount()).toBe(0);
  });

  it('a connection waiting for its request does not keep the process alive (unref’d until a request takes it)', async () => {
    const { url, connections } = await serve();
    preconnect(url);
    await until(() => connections() === 1);
    const [socket] = warmSockets();
    // Node keeps the ref state on the socket's handle and has no public getter for it.
    const handle = (socket as unknown as { _handle: { hasRef(): boolean } })._handle;
    expect(handle.hasRef()).toBe(false);
    const res = await lightHttpFetch(url);
    expect(await res.text()).toBe('1');
  });
});
