import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModelError, ModelEvent } from '../../index.js';
import { lightHttpFetch } from './http-fetch.js';
import { createAnthropicProvider } from './provider.js';
import type { AnthropicProviderOptions } from './transport.js';
import {
  REQUEST,
  WIRE_REQUEST,
  apiError,
  closeWireServers,
  replyEvents,
  sse,
  wireServer,
} from './testing/wire-server.test.util.js';
import type { WireHandler } from './testing/wire-server.test.util.js';

afterEach(closeWireServers);

async function collect(opts: AnthropicProviderOptions, request = REQUEST): Promise<ModelEvent[]> {
  const provider = createAnthropicProvider(opts);
  const seen: ModelEvent[] = [];
  for await (const e of provider.stream(request, new AbortController().signal)) seen.push(e);
  return seen;
}

const typeOf = (e: ModelEvent): string => e.type;

/** The error event that ends a failed stream (the last event yielded). */
async function failure(handler: WireHandler, opts: Partial<AnthropicProviderOptions> = {}): Promise<ModelError> {
  const { url } = await wireServer(handler);
  const events = await collect({ apiKey: 'k', baseURL: url, ...opts });
  const last = events.at(-1);
  expect(events.map(typeOf).filter((t) => t === 'error' || t === 'done')).toEqual(['error']);
  if (last?.type !== 'error') throw new Error('the stream did not end with an error');
  return last.error;
}

/** What the loop retries by default (its retry plan; the provider only classifies). */
const RETRIED = ['rate_limit', 'overloaded', 'server', 'connection'];
const isRetryable = (e: ModelError): boolean => e.retryable ?? RETRIED.includes(e.kind);

describe.each([
  ['the SDK’s own fetch (the library default)', undefined],
  ['lightHttpFetch (the bins)', lightHttpFetch],
] as const)('createAnthropicProvider over %s', (_name, fetch) => {
  it('streams a reply, reads its body to the end, and reuses connections (keep-alive)', async () => {
    const { url, requests } = await wireServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(replyEvents());
    });
    const opts = { apiKey: 'k', baseURL: url, ...(fetch ? { fetch } : {}) };
    const provider = createAnthropicProvider(opts);
    for (let i = 0; i < 4; i++) {
      const seen: ModelEvent[] = [];
      for await (const e of provider.stream(REQUEST, new AbortController().signal)) seen.push(e);
      expect(seen).toEqual([
        { type: 'text_delta', text: 'hi' },
        {
          type: 'done',
          message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
          stopReason: 'end_turn',
          usage: { input: 3, output: 2, cacheRead: 0, cacheWrite: 0 },
          truncatedToolCalls: [],
        },
      ]);
    }
    expect(requests.map((r) => r.path)).toEqual(Array(4).fill('/v1/messages'));
    expect(JSON.parse(requests[0]!.body)).toEqual({ ...WIRE_REQUEST, stream: true });
    // undici hands the next request to a second connection while the first is being released,
    // then alternates between the two; node:http's pool keeps one.
    expect(new Set(requests.map((r) => r.port)).size).toBeLessThanOrEqual(2);
  });

  it('a mid-stream error event becomes an error the loop retries', async () => {
    const error = await failure(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(
          sse('message_start', { message: { usage: { input_tokens: 1 } } }) +
            sse('error', { error: { type: 'overloaded_error', message: 'Overloaded' } }),
        );
      },
      fetch ? { fetch } : {},
    );
    expect(error).toMatchObject({ kind: 'overloaded', type: 'overloaded_error' });
    expect(error.message).toContain('Overloaded');
    expect(error.message).toContain('mid-stream');
    expect(isRetryable(error)).toBe(true);
  });
});

describe('error messages a person can act on (each through the real SDK)', () => {
  it('401 names ANTHROPIC_API_KEY, or ANTHROPIC_AUTH_TOKEN when the token was the credential', async () => {
    const handler: WireHandler = (_req, res) => apiError(res, 401, 'authentication_error', 'invalid x-api-key');
    const byKey = await failure(handler);
    expect(byKey).toMatchObject({ kind: 'auth', status: 401, requestId: 'req_test_1' });
    expect(byKey.message).toContain('ANTHROPIC_API_KEY');
    expect(byKey.message).toContain('invalid x-api-key');
    expect(byKey.message).not.toContain('{');
    const byToken = await failure(handler, { apiKey: undefined, authToken: 't' });
    expect(byToken.message).toContain('ANTHROPIC_AUTH_TOKEN');
    expect(isRetryable(byKey)).toBe(false);
  });

  it('a refused connection to a local address names the base URL and is not retried (no server runs there)', async () => {
    const port = await closedPort();
    for (const host of ['127.0.0.1', 'localhost']) {
      const events = await collect({ apiKey: 'k', baseURL: `http://${host}:${port}` });
      const error = (events[0] as { error: ModelError }).error;
      expect(events).toHaveLength(1);
      expect(error.kind).toBe('connection');
      expect(error.message).toContain(`http://${host}:${port}`);
      expect(error.message).toContain('refused');
      expect(error.message).toContain('not retried');
      expect(error.message).toContain('ANTHROPIC_BASE_URL');
      expect(isRetryable(error)).toBe(false);
    }
  });

  it('404 on the model suggests --model and lists what GET /v1/models offers, fetched once', async () => {
    const { url, requests } = await wireServer((req, res) => {
      if (req.path.startsWith('/v1/models')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            data: [
              { type: 'model', id: 'claude-opus-5-5' },
              { type: 'model', id: 'claude-sonnet-5-5' },
            ],
            has_more: false,
          }),
        );
      } else apiError(res, 404, 'not_found_error', 'model: claude-nope');
    });
    const provider = createAnthropicProvider({ apiKey: 'k', baseURL: url });
    const messages: string[] = [];
    for (let i = 0; i < 2; i++) {
      for await (const e of provider.stream({ ...REQUEST, model: 'claude-nope' }, new AbortController().signal))
        if (e.type === 'error') messages.push(e.error.message);
    }
    expect(messages[0]).toContain('model "claude-nope" was not found');
    expect(messages[0]).toContain('--model');
    expect(messages[0]).toContain('claude-opus-5-5, claude-sonnet-5-5');
    expect(messages[1]).toBe(messages[0]);
    expect(requests.filter((r) => r.path.startsWith('/v1/models'))).toHaveLength(1);
  });

  it.each([
    [
      'bound to a different conversation',
      'messages.1.content.0: Invalid `signature` in `thinking` block. The block is bound to a different conversation.',
      'start a new session',
    ],
    [
      'prefill',
      'This model does not support assistant message prefill. The conversation must end with a user message.',
      'harness bug',
    ],
  ])('400 (%s) quotes the API’s own message and says the fix', async (_name, apiMessage, fix) => {
    const error = await failure((_req, res) => apiError(res, 400, 'invalid_request_error', apiMessage));
    expect(error).toMatchObject({ kind: 'client', status: 400 });
    expect(error.message).toContain(apiMessage);
    expect(error.message).toContain(fix);
    expect(isRetryable(error)).toBe(false);
  });

  it('402 billing and a spend-cap 429 (no retry-after) are not retried, and say why', async () => {
    const billing = await failure((_req, res) =>
      apiError(res, 402, 'billing_error', 'Your credit balance is too low.'),
    );
    expect(billing.kind).toBe('billing');
    expect(billing.message).toContain('not retried');
    expect(isRetryable(billing)).toBe(false);
    const cap = await failure((_req, res) =>
      apiError(
        res,
        429,
        'rate_limit_error',
        'monthly spend cap reached',
        {},
        { error_code: 'enforced_spend_limit_reached' },
      ),
    );
    expect(cap).toMatchObject({ kind: 'billing', status: 429, retryable: false });
    expect(cap.message).toContain('spend cap');
    expect(cap.message).toContain('not retried');
    expect(isRetryable(cap)).toBe(false);
  });

  it('a rate-limit 429 with retry-after is retried after that wait', async () => {
    const error = await failure((_req, res) =>
      apiError(res, 429, 'rate_limit_error', 'slow down', { 'retry-after': '3' }),
    );
    expect(error).toMatchObject({ kind: 'rate_limit', retryAfterMs: 3000 });
    expect(error.message).toContain("waiting 3 s as the API's retry-after asks");
    expect(isRetryable(error)).toBe(true);
  });

  it('a 429 without retry-after and without the spend-cap code is an ordinary rate limit, retried (a gateway may strip the header)', async () => {
    const error = await failure((_req, res) =>
      apiError(res, 429, 'rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit'),
    );
    expect(error).toMatchObject({ kind: 'rate_limit', status: 429 });
    expect(error.retryAfterMs).toBeUndefined();
    expect(error.message).toContain('backing off');
    expect(error.message).not.toContain('spend cap');
    expect(isRetryable(error)).toBe(true);
  });

  it('without retry-after, the reset time of the exhausted limits says how long to wait, and which limit', async () => {
    const at = Date.now();
    const reset = (s: number) => new Date(at + s * 1000).toISOString();
    const error = await failure((_req, res) =>
      apiError(res, 429, 'rate_limit_error', 'Output tokens per minute exceeded', {
        'anthropic-ratelimit-requests-remaining': '40',
        'anthropic-ratelimit-requests-reset': reset(50),
        'anthropic-ratelimit-output-tokens-remaining': '0',
        'anthropic-ratelimit-output-tokens-reset': reset(12),
        'anthropic-ratelimit-input-tokens-remaining': '0',
        'anthropic-ratelimit-input-tokens-reset': reset(7),
      }),
    );
    expect(error.kind).toBe('rate_limit');
    // The latest reset of the exhausted buckets (both must refill), not the untouched requests bucket.
    expect(error.retryAfterMs).toBeGreaterThan(9_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(12_000);
    expect(error.message).toContain('for the input-tokens-per-minute and output-tokens-per-minute limit to reset');
  });

  it('x-should-retry is honoured both ways', async () => {
    const no = await failure((_req, res) => apiError(res, 500, 'api_error', 'boom', { 'x-should-retry': 'false' }));
    expect(no).toMatchObject({ kind: 'server', retryable: false });
    expect(isRetryable(no)).toBe(false);
    const yes = await failure((_req, res) =>
      apiError(res, 400, 'invalid_request_error', 'try again', { 'x-should-retry': 'true' }),
    );
    expect(isRetryable(yes)).toBe(true);
  });

  it('413 says the request is too large, with its size; 529 and 504 are retried', async () => {
    const big = await failure((_req, res) =>
      apiError(res, 413, 'request_too_large', 'Request exceeds the maximum allowed number of bytes.'),
    );
    expect(big.kind).toBe('too_large');
    expect(big.message).toContain('too large');
    // A small body says its size in KB, not "0 MB".
    expect(big.message).toMatch(/this request was \d+ KB; the Messages API takes at most 32 MB/);
    expect(isRetryable(big)).toBe(false);
    const overloaded = await failure((_req, res) => apiError(res, 529, 'overloaded_error', 'Overloaded'));
    expect(overloaded.kind).toBe('overloaded');
    expect(isRetryable(overloaded)).toBe(true);
    const timeout = await failure((_req, res) => apiError(res, 504, 'timeout_error', 'Request timeout'));
    expect(timeout.kind).toBe('server');
    expect(timeout.message).toContain('timed out');
    expect(isRetryable(timeout)).toBe(true);
  });

  it('403 says the key lacks permission; server text reaches the message without control characters', async () => {
    const error = await failure((_req, res) =>
      apiError(res, 403, 'permission_error', 'no access\u001b[31m to this model'),
    );
    expect(error.kind).toBe('permission');
    expect(error.message).toContain('no access');
    expect(error.message).not.toContain('\u001b');
  });

  it('a malformed event in the stream is a failure, and the SDK prints nothing', async () => {
    const printed = vi.spyOn(console, 'error');
    try {
      const events = await collect({
        apiKey: 'k',
        baseURL: (
          await wireServer((_req, res) =>
            res
              .writeHead(200, { 'content-type': 'text/event-stream' })
              .end('event: message_start\ndata: {not json\n\n'),
          )
        ).url,
      });
      expect(events.map(typeOf)).toEqual(['error']);
      expect(printed).not.toHaveBeenCalled();
    } finally {
      printed.mockRestore();
    }
  });
});

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
