import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicClient } from './model-client.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(undefined));
  server = undefined;
});

const sse = (type: string, data: object): string => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
const REPLY = [
  sse('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [], stop_reason: null, usage: { input_tokens: 3, output_tokens: 1 } } }),
  sse('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
  sse('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'hi' } }),
  sse('content_block_stop', { index: 0 }),
  sse('message_delta', { delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 2 } }),
  sse('message_stop', {}),
].join('');

/**
 * A server that answers every request with REPLY and keeps each body open until the test ends it
 * (`held`), recording the client port of each request; and a client and request for it.
 */
async function holdingServer(): Promise<{ held: ServerResponse[]; ports: number[]; types: () => Promise<string[]> }> {
  const held: ServerResponse[] = [];
  const ports: number[] = [];
  server = createServer((req, res) => {
    ports.push(req.socket.remotePort!);
    req.resume();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(REPLY);
    held.push(res);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const client = createAnthropicClient({ apiKey: 'k', baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  const request = { model: 'm', max_tokens: 10, system: [], tools: [], messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }] };
  const types = async (): Promise<string[]> => {
    const seen: string[] = [];
    for await (const e of client.stream(request, new AbortController().signal)) seen.push(e.type);
    return seen;
  };
  return { held, ports, types };
}

const untilRequests = async (held: ServerResponse[], n: number): Promise<void> => {
  while (held.length < n) await new Promise((r) => setTimeout(r, 5));
};

describe('createAnthropicClient stream', () => {
  it('ends at message_stop without waiting for the end of the HTTP body, which is still read so the connection is reused', async () => {
    const { held, ports, types } = await holdingServer();
    expect(await types()).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
    expect(held[0]!.writableEnded).toBe(false);

    held[0]!.end();
    await new Promise((r) => setTimeout(r, 50));
    const second = types();
    await untilRequests(held, 2);
    held[1]!.end();
    expect((await second).at(-1)).toBe('message_stop');
    expect(ports[1]).toBe(ports[0]);
  });

  it('a request sent before the previous body ended waits for it (one connection), but not forever', async () => {
    const { held, ports, types } = await holdingServer();
    await types();
    const second = types();
    setTimeout(() => held[0]!.end(), 20);
    await untilRequests(held, 2);
    expect(ports[1]).toBe(ports[0]);
    // The second body is never ended: the third request goes out anyway, on another connection.
    expect((await second).at(-1)).toBe('message_stop');
    expect((await types()).at(-1)).toBe('message_stop');
    expect(ports[2]).not.toBe(ports[1]);
    for (const res of held) res.end();
  });
});
