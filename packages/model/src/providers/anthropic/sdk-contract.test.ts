/**
 * The SDK contract: what the agent relies on from `@anthropic-ai/sdk`'s base client, checked
 * with each fetch the agent may hand it. The light fetch (http-fetch.ts, light-response.ts) works
 * only because the SDK reads a response through `ok`, `status`, `headers`, `text()`/`json()` and
 * an async-iterable `body`; these tests must pass before the pinned SDK version is bumped.
 */
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { httpFetch, lightHttpFetch } from './http-fetch.js';
import { APIError, APIUserAbortError, BaseAnthropic } from './sdk.js';
import type { Stream } from './sdk.js';
import { closeWireServers, replyEvents, sse, wireServer } from './testing/wire-server.test.util.js';

afterEach(closeWireServers);

const JSON_BODY = { 'content-type': 'application/json' };

describe.each([
  ['the SDK’s own fetch', undefined],
  ['lightHttpFetch', lightHttpFetch],
  ['httpFetch', httpFetch],
] as const)('the SDK base client over %s', (_name, fetch) => {
  const client = (baseURL: string): BaseAnthropic =>
    new BaseAnthropic({ apiKey: 'k', baseURL, maxRetries: 0, logLevel: 'off', ...(fetch ? { fetch } : {}) });

  it('streams server-sent events split across writes, in order, as parsed objects', async () => {
    const text = replyEvents('streamed');
    const { url, requests } = await wireServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // Cut the bytes mid-event and mid-line: the SDK's SSE decoder must reassemble them.
      for (let i = 0; i < text.length; i += 37) res.write(text.slice(i, i + 37));
      res.end();
    });
    const stream = await client(url).post<Stream<unknown>>('/v1/messages', {
      body: '{"stream":true}',
      headers: JSON_BODY,
      stream: true,
    });
    const types: unknown[] = [];
    for await (const e of stream) types.push((e as { type: unknown }).type);
    expect(types).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(requests[0]!.headers['content-type']).toBe('application/json');
    expect(requests[0]!.headers.authorization ?? requests[0]!.headers['x-api-key']).toBeTruthy();
  });

  it('a 4xx answer is an APIError with its status, parsed body and headers (retry-after, x-should-retry, gzip)', async () => {
    const { url } = await wireServer((_req, res) => {
      const body = gzipSync(
        JSON.stringify({
          type: 'error',
          error: { type: 'rate_limit_error', message: 'slow down' },
          request_id: 'req_9',
        }),
      );
      res.writeHead(429, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'retry-after': '7',
        'x-should-retry': 'true',
        'request-id': 'req_9',
      });
      res.end(body);
    });
    const err = await client(url)
      .post('/v1/messages', { body: '{}', headers: JSON_BODY })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APIError);
    const api = err as APIError;
    expect(api.status).toBe(429);
    expect(api.error).toEqual({
      type: 'error',
      error: { type: 'rate_limit_error', message: 'slow down' },
      request_id: 'req_9',
    });
    expect(api.headers?.get('retry-after')).toBe('7');
    expect(api.headers?.get('x-should-retry')).toBe('true');
    expect(api.headers?.get('request-id')).toBe('req_9');
  });

  it('an SSE error event is thrown as an APIError without status, carrying the error body', async () => {
    const { url } = await wireServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        sse('message_start', { message: { usage: {} } }) +
          sse('error', { error: { type: 'overloaded_error', message: 'Overloaded' } }),
      );
    });
    const stream = await client(url).post<Stream<unknown>>('/v1/messages', {
      body: '{}',
      headers: JSON_BODY,
      stream: true,
    });
    const err = await (async () => {
      for await (const _e of stream);
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APIError);
    expect((err as APIError).status).toBeUndefined();
    expect((err as APIError).error).toMatchObject({ error: { type: 'overloaded_error', message: 'Overloaded' } });
  });

  it('aborting the signal mid-stream ends the iteration (an abort error or the end), never a hang', async () => {
    const { url } = await wireServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sse('message_start', { message: { usage: {} } }));
    });
    const controller = new AbortController();
    const stream = await client(url).post<Stream<unknown>>('/v1/messages', {
      body: '{}',
      headers: JSON_BODY,
      stream: true,
      signal: controller.signal,
    });
    const seen: unknown[] = [];
    const outcome = await (async () => {
      for await (const e of stream) {
        seen.push((e as { type: unknown }).type);
        controller.abort();
      }
      return 'ended';
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['message_start']);
    expect(
      outcome === 'ended' ||
        outcome instanceof APIUserAbortError ||
        (outcome instanceof Error && outcome.name === 'AbortError'),
    ).toBe(true);
  });

  it('count_tokens: a JSON answer comes back parsed', async () => {
    const { url, requests } = await wireServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"input_tokens":42}');
    });
    const counted = await client(url).post<{ input_tokens: number }>('/v1/messages/count_tokens', {
      body: Buffer.from('{"model":"m"}'),
      headers: JSON_BODY,
    });
    expect(counted).toEqual({ input_tokens: 42 });
    expect(requests[0]!.body).toBe('{"model":"m"}');
  });
});
