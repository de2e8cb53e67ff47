/**
 * Turns what the Messages API (or the network) says about a failed request into a `ModelError`
 * a person can act on: what happened, the API's own message quoted (never raw JSON), and the fix
 * where one is known; plus whether a retry can help. Pure: the SDK's error classes are unwrapped
 * in model-client.ts, the clock is a parameter. Server text is untrusted: it is shortened and
 * stripped of control characters before it reaches a terminal.
 */
import type { ModelError, ModelErrorKind } from '../../index.js';

export interface ErrorContext {
  /** The HTTP status; undefined for an `error` event in the middle of a 200 stream. */
  status?: number;
  headers?: { get(name: string): string | null } | undefined;
  /** The error arrived as an SSE `error` event after the stream had started. */
  midStream?: boolean;
  /** Where the credential came from, named in a 401 (e.g. `ANTHROPIC_API_KEY`). */
  credential?: string;
  baseURL?: string;
  model?: string;
  /** The request body's size, quoted in a 413. */
  bodyBytes?: number;
  now?: () => number;
}

/** The Messages API's request size limit (the errors page, "Request size limits"). */
export const MAX_REQUEST_BYTES = 32 * 1024 * 1024;

const TYPE_KIND: Record<string, ModelErrorKind> = {
  invalid_request_error: 'client',
  authentication_error: 'auth',
  permission_error: 'permission',
  billing_error: 'billing',
  not_found_error: 'not_found',
  request_too_large: 'too_large',
  conflict_error: 'server',
  rate_limit_error: 'rate_limit',
  api_error: 'server',
  timeout_error: 'server',
  overloaded_error: 'overloaded',
};

const STATUS_KIND: Record<number, ModelErrorKind> = {
  401: 'auth',
  402: 'billing',
  403: 'permission',
  404: 'not_found',
  408: 'server',
  409: 'server',
  413: 'too_large',
  429: 'rate_limit',
  529: 'overloaded',
};

function kindOf(status: number | undefined, type: string | undefined): ModelErrorKind {
  if (status !== undefined) return STATUS_KIND[status] ?? (status >= 500 ? 'server' : 'client');
  // Mid-stream: the type is all there is; an unknown one is a failed stream, retried like a cut.
  return (type !== undefined && Object.hasOwn(TYPE_KIND, type) ? TYPE_KIND[type] : undefined) ?? 'server';
}

/** What to do, by kind (a 400's fix comes from KNOWN_400 instead). */
const FIX: Partial<Record<ModelErrorKind, (ctx: ErrorContext) => string>> = {
  auth: (ctx) => `check ${ctx.credential ?? 'the API key'}: it is missing, mistyped, revoked or expired`,
  permission: () => 'this key may not use this model or feature; check the workspace settings in the Claude Console',
  billing: () => 'not retried: check the payment details in the Claude Console',
  not_found: () => 'choose another model with --model',
  too_large: (ctx) =>
    `${ctx.bodyBytes !== undefined ? `this request was ${size(ctx.bodyBytes)}; ` : ''}the Messages API takes at most ${size(MAX_REQUEST_BYTES)}: start a new session, or keep large files and outputs out of the conversation`,
};

const HEADLINE: Record<ModelErrorKind, (ctx: ErrorContext) => string> = {
  rate_limit: () => 'rate limited',
  overloaded: () => 'the API is overloaded',
  server: (ctx) => (ctx.status === 504 || ctx.status === 408 ? 'the API timed out' : 'the API failed'),
  connection: () => 'the connection failed',
  aborted: () => 'aborted',
  client: () => 'the API rejected the request',
  auth: () => 'authentication failed',
  permission: () => 'permission denied',
  billing: () => 'billing problem',
  not_found: (ctx) =>
    ctx.model !== undefined ? `model "${printableText(ctx.model, 100)}" was not found` : 'not found',
  too_large: () => 'the request is too large',
};

/** 400s with a known cause: a test on the API's message, and the fix to show. */
const KNOWN_400: readonly { test: RegExp; fix: string }[] = [
  {
    test: /bound to a different conversation/i,
    fix:
      "the session's earlier thinking was signed for a different conversation prefix (the system prompt, tools or older " +
      'messages changed: a resume on another day, an edited AGENTS.md, CLAUDE.md or skill, or a compaction); start a new session',
  },
  {
    test: /does not support assistant message prefill|must end with a user message/i,
    fix: 'the conversation ended with an assistant message, which this model refuses; this is a harness bug (please report it): start a new session to go on',
  },
  {
    test: /prompt is too long|context window/i,
    fix: "the conversation no longer fits the model's context window: start a new session",
  },
  {
    test: /budget_tokens|thinking\.type.*enabled|"enabled" is not supported/i,
    fix: 'this model takes no thinking budget: use --thinking adaptive',
  },
];

const SPEND_LIMIT_400 = /you have reached your specified (workspace )?api usage limits/i;

/** `error.details.error_code` of the tier's monthly spend cap (platform docs, api/rate-limits). */
export const SPEND_CAP_CODE = 'enforced_spend_limit_reached';

/** The rate-limit buckets the API reports in `anthropic-ratelimit-<bucket>-remaining` / `-reset`. */
const BUCKETS: readonly { header: string; words: string }[] = [
  { header: 'requests', words: 'requests-per-minute' },
  { header: 'tokens', words: 'tokens-per-minute' },
  { header: 'input-tokens', words: 'input-tokens-per-minute' },
  { header: 'output-tokens', words: 'output-tokens-per-minute' },
];

/**
 * How long a rate-limited request should wait, and what it waits for: `retry-after` when the API
 * sent it; else the latest reset (RFC 3339, `anthropic-ratelimit-<bucket>-reset`) among the
 * buckets whose `-remaining` is 0 (all of them must refill); else nothing known, and the caller's
 * backoff decides.
 */
export function rateLimitWait(
  headers: ErrorContext['headers'],
  retryAfterMs: number | undefined,
  now: () => number = Date.now,
): { ms?: number; says: string } {
  if (retryAfterMs !== undefined)
    return { ms: retryAfterMs, says: `waiting ${seconds(retryAfterMs)} as the API's retry-after asks` };
  const exhausted = BUCKETS.flatMap((b) => {
    const remaining = headers?.get(`anthropic-ratelimit-${b.header}-remaining`);
    const reset = Date.parse(headers?.get(`anthropic-ratelimit-${b.header}-reset`) ?? '');
    return remaining !== null && remaining !== undefined && Number(remaining) === 0 && Number.isFinite(reset)
      ? [{ words: b.words, ms: Math.max(0, reset - now()) }]
      : [];
  });
  if (exhausted.length === 0)
    return { says: 'backing off (no retry-after, and no exhausted limit named in the headers)' };
  const ms = Math.max(...exhausted.map((e) => e.ms));
  return { ms, says: `waiting ${seconds(ms)} for the ${exhausted.map((e) => e.words).join(' and ')} limit to reset` };
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/**
 * The ModelError for an API error response body (`{type:"error", error:{type, message, details},
 * request_id}`, or anything else a server sent) under `ctx`.
 */
export function errorFromApiBody(body: unknown, ctx: ErrorContext): ModelError {
  const inner = field(body, 'error');
  const type = stringField(inner, 'type');
  const apiMessage =
    stringField(inner, 'message') ?? (typeof body === 'string' && body.trim() !== '' ? body : undefined);
  const errorCode = stringField(field(inner, 'details'), 'error_code');
  const requestId = ctx.headers?.get('request-id') ?? stringField(body, 'request_id');
  const now = ctx.now ?? Date.now;
  let retryAfterMs = ctx.midStream ? undefined : parseRetryAfter(ctx.headers, now);
  let kind = kindOf(ctx.status, type);
  let headline = HEADLINE[kind](ctx);
  let fix = kind === 'client' ? KNOWN_400.find((k) => k.test.test(apiMessage ?? ''))?.fix : FIX[kind]?.(ctx);
  let retryable: boolean | undefined;
  if (kind === 'rate_limit' && errorCode === SPEND_CAP_CODE) {
    // The tier's monthly spend cap, which the body names; no retry passes it. A 429 without
    // retry-after is not enough to say so: a gateway may strip the header from an ordinary one.
    kind = 'billing';
    headline = "the organisation's spend cap is reached";
    fix =
      'not retried: requests fail until the cap resets next month or the usage tier is raised in the Claude Console';
    retryable = false;
  } else if (kind === 'rate_limit') {
    // What is waited for comes first: front ends cut a long retry reason short.
    const wait = rateLimitWait(ctx.headers, retryAfterMs, now);
    retryAfterMs = wait.ms;
    headline = `rate limited, ${wait.says}`;
  } else if (kind === 'client' && SPEND_LIMIT_400.test(apiMessage ?? '')) {
    kind = 'billing';
    headline = 'a spend limit set for this organisation or workspace is reached';
    fix = "not retried; the API's message says when access resumes";
  }
  const verdict = ctx.midStream ? undefined : ctx.headers?.get('x-should-retry');
  if (verdict === 'true') retryable = true;
  if (verdict === 'false') retryable = false;
  const said = [ctx.status, type, ctx.midStream ? 'mid-stream' : undefined].filter((p) => p !== undefined).join(' ');
  const quote = apiMessage !== undefined ? printableText(apiMessage, 1000) : undefined;
  const detail = [said, quote].filter((p) => p !== undefined && p !== '').join(': ');
  const message = `${headline}${detail ? ` (${detail})` : ''}${fix ? `; ${fix}` : ''}${requestId ? ` [request-id ${printableText(requestId, 80)}]` : ''}`;
  const error: ModelError = { kind, message };
  if (ctx.status !== undefined) error.status = ctx.status;
  if (retryAfterMs !== undefined) error.retryAfterMs = retryAfterMs;
  if (retryable !== undefined) error.retryable = retryable;
  if (type !== undefined) error.type = printableText(type, 80);
  if (requestId) error.requestId = printableText(requestId, 80);
  return error;
}

/** Network-level failures by error code (found anywhere in the `cause` chain). */
const CONNECTION: readonly { codes: RegExp; say: (base: string, code: string) => string }[] = [
  {
    codes: /^ECONNREFUSED$/,
    say: (base) =>
      `could not connect to ${base}: connection refused; check the address (ANTHROPIC_BASE_URL) and that the server is running`,
  },
  {
    codes: /^(ENOTFOUND|EAI_AGAIN|EAI_NONAME)$/,
    say: (base, code) =>
      `could not resolve the host of ${base} (${code}); check the address (ANTHROPIC_BASE_URL) and the network`,
  },
  {
    codes: /^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|ENETUNREACH|EHOSTUNREACH)$/,
    say: (base, code) => `could not reach ${base} (${code}); check the network`,
  },
  {
    codes: /^(ECONNRESET|EPIPE|UND_ERR_SOCKET|ERR_STREAM_PREMATURE_CLOSE)$/,
    say: (base, code) => `the connection to ${base} was cut (${code})`,
  },
  {
    codes: /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/,
    say: (base, code) =>
      `the TLS certificate of ${base} is not trusted (${code}); behind a proxy that inspects TLS, point NODE_EXTRA_CA_CERTS at its CA`,
  },
];

/**
 * True for a loopback base URL (127.0.0.0/8, localhost, ::1): a connection refused there means
 * no server runs on this machine at that port, which waiting does not change, so it is not
 * retried (a remote refusal may be a restart or a load balancer's blip, and is).
 */
export function isLoopbackUrl(url: string | undefined): boolean {
  if (url === undefined) return false;
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

/** The ModelError for a request that got no HTTP response (or lost it mid-stream). */
export function connectionError(err: unknown, baseURL: string | undefined, timedOut = false): ModelError {
  const base = baseURL ?? 'the API';
  if (timedOut) return { kind: 'connection', message: `the request to ${base} timed out` };
  const code = errorCode(err);
  if (code === 'ECONNREFUSED' && isLoopbackUrl(baseURL))
    return {
      kind: 'connection',
      retryable: false,
      message: `could not connect to ${base}: connection refused, so no server is running at that local address (not retried); start it, or check ANTHROPIC_BASE_URL`,
    };
  const known = code !== undefined ? CONNECTION.find((c) => c.codes.test(code)) : undefined;
  if (known && code !== undefined) return { kind: 'connection', message: known.say(base, code) };
  return {
    kind: 'connection',
    message: `the connection to ${base} failed: ${printableText(deepestMessage(err), 300)}`,
  };
}

function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e !== undefined && e !== null && depth < 8; e = field(e, 'cause'), depth++) {
    const code = stringField(e, 'code');
    if (code !== undefined) return code;
  }
  return undefined;
}

function deepestMessage(err: unknown): string {
  let message = err instanceof Error ? err.message : String(err);
  for (
    let e: unknown = field(err, 'cause'), depth = 0;
    e !== undefined && e !== null && depth < 8;
    e = field(e, 'cause'), depth++
  ) {
    const m = stringField(e, 'message');
    if (m) message = m;
  }
  return message;
}

/** `retry-after-ms`, else `retry-after` (seconds or an HTTP date), as milliseconds. */
export function parseRetryAfter(headers: ErrorContext['headers'], now: () => number = Date.now): number | undefined {
  const msText = headers?.get('retry-after-ms');
  const ms = msText == null || msText.trim() === '' ? NaN : Number(msText);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers?.get('retry-after');
  if (raw == null || raw.trim() === '') return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - now()) : undefined;
}

/** Server text for a terminal: control characters replaced, whitespace runs folded, shortened. */
export function printableText(text: string, max: number): string {
  const clean = text
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > max ? `${clean.slice(0, max)}...` : clean;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function stringField(value: unknown, key: string): string | undefined {
  const v = field(value, key);
  return typeof v === 'string' ? v : undefined;
}

/** A body size for people: `1.5 MB`, or `12 KB` below a megabyte (a small body is not "0 MB"). */
export function size(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${mb.toFixed(1).replace(/\.0$/, '')} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
