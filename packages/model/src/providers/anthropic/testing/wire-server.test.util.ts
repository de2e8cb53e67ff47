/**
 * Test kit (not part of the package): a tiny node:http server on 127.0.0.1 whose every answer the
 * test writes itself (status, headers, raw SSE bytes), for wire-level cases: error bodies and
 * headers, connection reuse, aborts. Closed, with its connections, by `closeWireServers`.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ModelRequest } from '../../../index.js';

export interface WireRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  port: number;
}

export type WireHandler = (req: WireRequest, res: ServerResponse) => void;

const servers: Server[] = [];

/** Starts a server answering with `handler`; returns its base URL and what it received. */
export async function wireServer(handler: WireHandler): Promise<{ url: string; requests: WireRequest[] }> {
  const requests: WireRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      const seen = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        port: req.socket.remotePort ?? 0,
      };
      requests.push(seen);
      handler(seen, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

/** Closes every server started by `wireServer`; call from afterEach. */
export async function closeWireServers(): Promise<void> {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** One server-sent event as the Messages API writes it. */
export const sse = (type: string, data: object): string =>
  `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

/** A complete streamed reply saying `text`. */
export function replyEvents(text = 'hi'): string {
  return [
    sse('message_start', {
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'm',
        content: [],
        stop_reason: null,
        usage: { input_tokens: 3, output_tokens: 1 },
      },
    }),
    sse('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    sse('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }),
    sse('content_block_stop', { index: 0 }),
    sse('message_delta', { delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 2 } }),
    sse('message_stop', {}),
  ].join('');
}

/** Answers with an API error: `status`, the API's JSON body, and extra headers. */
export function apiError(
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
  details?: object,
): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test_1', ...headers });
  res.end(
    JSON.stringify({
      type: 'error',
      error: { type, message, ...(details ? { details } : {}) },
      request_id: 'req_test_1',
    }),
  );
}

/** A minimal neutral request for a provider under test. */
export const REQUEST: ModelRequest = {
  model: 'claude-sonnet-5-5',
  maxTokens: 10,
  system: [],
  tools: [],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
};

/** `REQUEST` as the Messages API gets it (a sent body parses to this). */
export const WIRE_REQUEST = {
  model: 'claude-sonnet-5-5',
  max_tokens: 10,
  system: [],
  tools: [],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
};
