/**
 * The HTTP side of the Anthropic provider: request bodies in, the API's streamed events (or one
 * `error` event carrying a ModelError) out. The SDK (through sdk.ts, the one file importing it) is
 * loaded on the first request, not at import: a front end draws its first screen (or answers a
 * slash command) without paying for it. Transport is the SDK's own unless the caller passes a
 * `fetch` (the bins pass `lightHttpFetch`, http-fetch.ts).
 */
import type { ModelError } from '../../index.js';
import type * as Sdk from './sdk.js';
import type { BaseAnthropic, Stream } from './sdk.js';
import { connectionError, errorFromApiBody } from './api-errors.js';
import type { ErrorContext } from './api-errors.js';
import { isObject } from './stream-events.js';
import { DEFAULT_STREAM_IDLE_TIMEOUT_MS, IDLE_WATCH, IdleWatch, watchedFetch } from './idle-watch.js';

export interface AnthropicProviderOptions {
  apiKey?: string;
  authToken?: string;
  /**
   * What a 401 tells the user to check; default `ANTHROPIC_AUTH_TOKEN` when `authToken` is the
   * credential, else `ANTHROPIC_API_KEY`. A front end that read the key elsewhere names that.
   */
  credentialName?: string;
  /** E.g. the caller's `ANTHROPIC_BASE_URL`; default https://api.anthropic.com. */
  baseURL?: string;
  /** Default: the SDK's own (the global fetch). The bins pass `lightHttpFetch`. */
  fetch?: typeof fetch;
  /** Per-request timeout up to the response headers; default 10 minutes (the SDK's). */
  timeoutMs?: number;
  /**
   * How long a streamed reply may send no byte once its headers arrived before it is abandoned
   * (a `connection` failure, retried like a cut stream); default 60 s, 0 turns it off.
   */
  streamIdleTimeoutMs?: number;
}

/** Where requests go without a `baseURL`. */
export const DEFAULT_API_URL = 'https://api.anthropic.com';

/** The header `messages.create` sends with its JSON body; a prebuilt body needs it. */
const JSON_BODY = { 'content-type': 'application/json' };

/** The headers of a prebuilt body, with the beta values the request needs (none: no header). */
function headersFor(betas: readonly string[]): Record<string, string> {
  return betas.length === 0 ? JSON_BODY : { ...JSON_BODY, 'anthropic-beta': betas.join(',') };
}

/** How long the one `GET /v1/models` after a 404 may take before the error is shown without it. */
const MODELS_TIMEOUT_MS = 5000;
/** How many model ids a 404's message lists at most. */
const MODELS_SHOWN = 20;

/** What the provider asks of the transport. */
export interface Transport {
  /**
   * Posts a prebuilt streaming body and yields the API's events as parsed, then nothing; a
   * failure is one `{type:"error", error: ModelError}` event, never a rejection. Every stream is
   * read to its natural end.
   */
  stream(body: Buffer, model: string, signal: AbortSignal, betas?: readonly string[]): AsyncIterable<unknown>;
  /** `POST /v1/messages/count_tokens` with a prebuilt body; rejects on failure. */
  countTokens(body: Buffer, signal: AbortSignal, betas?: readonly string[]): Promise<number>;
}

/**
 * A transport over the official SDK. The SDK's own retries are off (`maxRetries: 0`): the loop
 * retries itself so that each retry is an event. Pass `apiKey` or `authToken`: the key variables
 * are then not read; with neither, the SDK falls back to its default credential chain. The SDK's
 * logging is off (nothing here prints). Requests go through the SDK's `post` with a body built by
 * `streamRequestBody`: the same bytes and headers `messages.create` sends, without
 * re-serialising the unchanged transcript on every request. Failures are ModelErrors with an
 * actionable message (api-errors.ts).
 */
export function createTransport(opts: AnthropicProviderOptions): Transport {
  const useToken = opts.authToken !== undefined && opts.apiKey === undefined;
  const baseURL = opts.baseURL ?? DEFAULT_API_URL;
  const context: ErrorContext = {
    credential: opts.credentialName ?? (useToken ? 'ANTHROPIC_AUTH_TOKEN' : 'ANTHROPIC_API_KEY'),
    baseURL,
  };
  let client: Promise<BaseAnthropic> | undefined;
  const sdk = (): Promise<BaseAnthropic> =>
    (client ??= loadSdk().then(
      ({ BaseAnthropic: SDK }) =>
        new SDK({
          ...(useToken
            ? { authToken: opts.authToken, apiKey: null }
            : { apiKey: opts.apiKey ?? null, authToken: null }),
          baseURL,
          maxRetries: 0,
          logLevel: 'off',
          fetch: watchedFetch(opts.fetch),
          ...(opts.timeoutMs !== undefined ? { timeout: opts.timeoutMs } : {}),
        }),
    ));
  const idleMs = opts.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS;
  let models: Promise<string> | undefined;
  const modelList = (): Promise<string> => (models ??= listModels(sdk));
  return {
    async *stream(body, model, signal, betas = []) {
      const ctx: ErrorContext = { ...context, model, bodyBytes: body.length };
      const watch = idleMs > 0 ? new IdleWatch(idleMs) : undefined;
      try {
        const stream = await (await sdk()).post<Stream<unknown>>('/v1/messages', {
          body,
          // Opt-in headers (a server tool's, compaction, context editing) ride only on the requests that need them.
          headers: headersFor(betas),
          stream: true,
          signal: watch ? AbortSignal.any([signal, watch.signal]) : signal,
          // Not a fetch option: read (and left alone) by the watched fetch, which the SDK passes it to.
          ...(watch ? { fetchOptions: { [IDLE_WATCH]: watch } as Record<symbol, unknown> as object } : {}),
        });
        // Read to the natural end: the few bytes after message_stop arrive with it, and a body
        // read to its end lets the connection go back to the keep-alive pool.
        for await (const event of stream) yield event;
        if (watch?.fired && !signal.aborted) yield { type: 'error', error: silentStream(watch.ms, baseURL) };
      } catch (err) {
        const error =
          watch?.fired && !signal.aborted ? silentStream(watch.ms, baseURL) : classifyError(err, signal, ctx);
        if (error.kind === 'not_found') error.message += await modelList();
        yield { type: 'error', error };
      } finally {
        watch?.stop();
      }
    },
    async countTokens(body, signal, betas = []) {
      const result = await (await sdk()).post<unknown>('/v1/messages/count_tokens', {
        body,
        headers: headersFor(betas),
        signal,
      });
      const tokens = isObject(result) ? result.input_tokens : undefined;
      if (typeof tokens !== 'number') throw new Error('count_tokens answered without input_tokens');
      return tokens;
    },
  };
}

/** The failure of a stream that sent no byte for `ms` after its headers: retried like a cut connection. */
function silentStream(ms: number, baseURL: string): ModelError {
  return {
    kind: 'connection',
    message: `the reply from ${baseURL} stalled: no data for ${Math.round(ms / 100) / 10} s after it started, so the stream was abandoned`,
  };
}

/** `; this key can use: a, b, ...` from one bounded `GET /v1/models`, or why that failed. */
async function listModels(sdk: () => Promise<BaseAnthropic>): Promise<string> {
  try {
    const page = await (await sdk()).get<unknown>('/v1/models', {
      query: { limit: 100 },
      signal: AbortSignal.timeout(MODELS_TIMEOUT_MS),
    });
    const data = isObject(page) && Array.isArray(page.data) ? page.data : [];
    const ids = data.flatMap((m: unknown) =>
      isObject(m) && typeof m.id === 'string' ? [m.id.replace(/[^\w.:@/-]/g, '')] : [],
    );
    if (ids.length === 0) return '; GET /v1/models listed no models';
    const more = ids.length > MODELS_SHOWN ? `, ... (${ids.length - MODELS_SHOWN} more)` : '';
    return `; this key can use: ${ids.slice(0, MODELS_SHOWN).join(', ')}${more}`;
  } catch (err) {
    const why = classifyError(err).message;
    return `; listing the models failed too (${why})`;
  }
}

let sdkModule: typeof Sdk | undefined;

async function loadSdk(): Promise<typeof Sdk> {
  sdkModule ??= await import('./sdk.js');
  return sdkModule;
}

/**
 * Maps an SDK error (or anything thrown) to a ModelError with an actionable message (see
 * api-errors.ts); `context` adds what the message names (credential, base URL, model, body size).
 * Before the SDK has been loaded no SDK error can exist, so anything is then a connection-level
 * failure (or `aborted`).
 */
export function classifyError(err: unknown, signal?: AbortSignal, context: ErrorContext = {}): ModelError {
  const SDK = sdkModule;
  if (signal?.aborted || (SDK && err instanceof SDK.APIUserAbortError)) return { kind: 'aborted', message: 'aborted' };
  if (SDK && err instanceof SDK.APIConnectionTimeoutError) return connectionError(err, context.baseURL, true);
  if (SDK && err instanceof SDK.APIConnectionError) return connectionError(err, context.baseURL);
  if (SDK && err instanceof SDK.APIError) {
    const midStream = err.status === undefined;
    return errorFromApiBody(err.error, {
      ...context,
      ...(err.status !== undefined ? { status: err.status } : {}),
      headers: err.headers,
      midStream,
    });
  }
  return connectionError(err, context.baseURL);
}
