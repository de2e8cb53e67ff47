/**
 * The narrow seam between the loop and the Messages API; tests and other providers can implement
 * `ModelClient` directly. The SDK (through sdk.ts, the one file importing it) is loaded on the
 * first request, not at import: a front end draws its first screen (or answers a slash command)
 * without paying for it.
 */
import { lightHttpFetch } from './http-fetch.js';
import type * as Sdk from './sdk.js';
import type { BaseAnthropic, RawMessageStreamEvent, Stream } from './sdk.js';
import { RequestBodyBuffer, streamRequestBody } from './request-json.js';
import type { ModelClient, ModelError, ModelStreamEvent } from './model-types.js';

export type * from './model-types.js';

export interface AnthropicClientOptions {
  apiKey?: string;
  authToken?: string;
  /** E.g. the caller's `ANTHROPIC_BASE_URL`; default https://api.anthropic.com. */
  baseURL?: string;
  /** Default: `lightHttpFetch` (node:http with keep-alive, a light Response), not the global fetch. */
  fetch?: typeof fetch;
  /** Per-request timeout; default 10 minutes (the SDK's). */
  timeoutMs?: number;
}

/** The header `messages.create` sends with its JSON body; a prebuilt body needs it. */
const JSON_BODY = { 'content-type': 'application/json' };

/**
 * A ModelClient over the official SDK. The SDK's own retries are off (`maxRetries: 0`): the
 * agent retries itself so that each retry is an event. Pass `apiKey` or `authToken`: the key
 * variables are then not read; with neither, the SDK falls back to its default credential chain.
 * Requests go through the SDK's `post` with a body built by `streamRequestBody`: the same bytes and
 * headers `messages.create` sends, without re-serialising the transcript, walking it for helper
 * telemetry headers or opening a tracing span on every request.
 */
export function createAnthropicClient(opts: AnthropicClientOptions): ModelClient {
  // With the default fetch the body is built into one reused buffer, lent to each request until
  // httpFetch reports it written (see RequestBodyBuffer); a caller's fetch gets a fresh body.
  const bodies = opts.fetch ? undefined : new RequestBodyBuffer();
  const inFlight = new WeakSet<object>();
  const lentFetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const body = init?.body;
    if (!bodies?.isLent(body)) return lightHttpFetch(input, init);
    inFlight.add(body as Buffer);
    return lightHttpFetch(input, init, () => {
      inFlight.delete(body as Buffer);
      bodies.release(body);
    });
  };
  let client: Promise<BaseAnthropic> | undefined;
  const sdk = (): Promise<BaseAnthropic> => (client ??= loadSdk().then(({ BaseAnthropic: SDK }) => new SDK({
    ...(opts.authToken !== undefined && opts.apiKey === undefined ? { authToken: opts.authToken, apiKey: null } : { apiKey: opts.apiKey ?? null, authToken: null }),
    baseURL: opts.baseURL ?? 'https://api.anthropic.com',
    maxRetries: 0,
    fetch: opts.fetch ?? (lentFetch as typeof fetch),
    ...(opts.timeoutMs !== undefined ? { timeout: opts.timeoutMs } : {}),
  })));
  // The end of the previous reply's body while it is still being read (see below), else undefined.
  let previousEnd: Promise<void> | undefined;
  return {
    async *stream(request, signal) {
      let sawStop = false;
      // Normally done long before (it is a few bytes, read while the tools ran); waiting for it keeps
      // one connection per session: a request sent before the previous response ended would open a
      // second one (a second TLS handshake against the real API). Bounded, so a server that never
      // ends a body cannot hold the session.
      if (previousEnd) await endOrTimeout(previousEnd, END_WAIT_MS);
      const body = bodies ? bodies.build(request) : streamRequestBody(request);
      try {
        const stream = await (await sdk()).post<Stream<RawMessageStreamEvent>>('/v1/messages', { body, headers: JSON_BODY, stream: true, signal });
        const events = stream[Symbol.asyncIterator]();
        for (let next = await events.next(); !next.done; next = await events.next()) {
          if (next.value.type === 'message_stop') {
            sawStop = true;
            // The reply is complete; only the end of the HTTP body is left. It is read off the
            // caller's path (tools can run meanwhile), and still read to the end, so the connection
            // goes back to the keep-alive pool instead of being aborted.
            const end = readToEnd(events).then(() => {
              if (previousEnd === end) previousEnd = undefined;
            });
            previousEnd = end;
            yield next.value as unknown as ModelStreamEvent;
            break;
          }
          yield next.value as unknown as ModelStreamEvent;
        }
        if (!sawStop) yield { type: 'error', error: { kind: 'connection', message: 'the stream ended before message_stop' } };
      } catch (err) {
        yield { type: 'error', error: classifyError(err, signal) };
      } finally {
        // Lent bodies come back through httpFetch; one that never reached it comes back here.
        if (bodies?.isLent(body) && !inFlight.has(body)) bodies.release(body);
      }
    },
    async countTokens(request, signal) {
      const body = Buffer.from(JSON.stringify(request));
      const result = await (await sdk()).post<{ input_tokens: number }>('/v1/messages/count_tokens', { body, headers: JSON_BODY, signal });
      return result.input_tokens;
    },
  };
}

/** How long a request waits for the previous response's body to end before using another connection. */
const END_WAIT_MS = 250;

async function endOrTimeout(end: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([end, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms).unref()))]);
  clearTimeout(timer);
}

async function readToEnd(events: AsyncIterator<unknown>): Promise<void> {
  try {
    while (!(await events.next()).done);
  } catch {
    // The reply was already complete; a failure after message_stop loses nothing.
  }
}

let sdkModule: typeof Sdk | undefined;

async function loadSdk(): Promise<typeof Sdk> {
  sdkModule ??= await import('./sdk.js');
  return sdkModule;
}

/**
 * Maps an SDK error (or anything thrown) to a ModelError. Before the SDK has been loaded no SDK
 * error can exist, so anything is then a connection-level failure (or `aborted`).
 */
export function classifyError(err: unknown, signal?: AbortSignal): ModelError {
  const SDK = sdkModule;
  if (signal?.aborted || (SDK && err instanceof SDK.APIUserAbortError)) return { kind: 'aborted', message: 'aborted' };
  if (SDK && err instanceof SDK.APIConnectionError) return { kind: 'connection', message: err.message };
  if (SDK && err instanceof SDK.APIError) {
    const status = err.status;
    const retryAfterMs = parseRetryAfter(err.headers);
    const base = { message: err.message, ...(status !== undefined ? { status } : {}), ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
    const type = errorType(err.error);
    if (status === 429 || type === 'rate_limit_error') return { kind: 'rate_limit', ...base };
    if (status === 529 || type === 'overloaded_error') return { kind: 'overloaded', ...base };
    if (status === undefined || status >= 500 || status === 408 || status === 409) return { kind: 'server', ...base };
    return { kind: 'client', ...base };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { kind: 'connection', message };
}

function errorType(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const inner = (body as { error?: { type?: unknown } }).error;
  return typeof inner?.type === 'string' ? inner.type : undefined;
}

function parseRetryAfter(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms') ?? NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers?.get('retry-after');
  if (raw == null) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}
