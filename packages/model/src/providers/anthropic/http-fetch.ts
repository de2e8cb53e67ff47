import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import type { IncomingMessage, RequestOptions } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { Readable } from 'node:stream';
import { LightResponse } from './light-response.js';
import { takeWarmSocket } from './preconnect.js';

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/**
 * `agent`, taking the connection `preconnect` opened for an origin (if one waits) instead of
 * connecting anew; otherwise connecting as it always does.
 */
function usingWarmSockets<A extends HttpAgent>(agent: A, protocol: 'http:' | 'https:'): A {
  const connect = agent.createConnection.bind(agent);
  agent.createConnection = (options, callback) =>
    takeWarmSocket(protocol, options.host, options.port) ?? connect(options, callback);
  return agent;
}

/** One keep-alive pool per process: a session's requests reuse the connection to the API. */
const keepAlive = usingWarmSockets(new HttpAgent({ keepAlive: true }), 'http:');
let keepAliveTls: HttpsAgent | undefined;

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const err = new Error('This operation was aborted');
  err.name = 'AbortError';
  return err;
}

function headerPairs(init: RequestInit['headers']): [string, string][] {
  if (!init) return [];
  if (Array.isArray(init)) return init.map(([k, v]) => [String(k), String(v)]);
  if (typeof (init as Headers).forEach === 'function' && typeof (init as Headers).get === 'function') {
    const out: [string, string][] = [];
    (init as Headers).forEach((value, key) => out.push([key, value]));
    return out;
  }
  return Object.entries(init as Record<string, string>)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => [k, String(v)]);
}

function bodyBytes(body: RequestInit['body']): string | Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof URLSearchParams) return body.toString();
  throw new TypeError('httpFetch: only string and byte bodies are supported');
}

async function decoded(res: IncomingMessage): Promise<Readable> {
  const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
  if (!encoding || encoding === 'identity') return res;
  const zlib = await import('node:zlib');
  if (encoding === 'gzip' || encoding === 'x-gzip') return res.pipe(zlib.createGunzip());
  if (encoding === 'deflate') return res.pipe(zlib.createInflate());
  if (encoding === 'br') return res.pipe(zlib.createBrotliDecompress());
  return res;
}

/** Builds the response object; the body is the decoded socket stream (async-iterable) or null. */
type MakeResponse = (
  body: Readable | null,
  init: { status: number; statusText: string; headers: [string, string][] },
) => Response;

const webResponse: MakeResponse = (body, init) => {
  const headers = new Headers();
  for (const [k, v] of init.headers) headers.append(k, v);
  return new Response(body ? Readable.toWeb(body) : null, {
    status: init.status,
    statusText: init.statusText,
    headers,
  });
};

// The one deliberate lie to the type system in the transport: a LightResponse is not a Response,
// only what the SDK reads of one (pinned by sdk-contract.test.ts).
const lightResponse: MakeResponse = (body, init) => new LightResponse(body, init) as unknown as Response;

/**
 * A `fetch` over node:http / node:https, for front ends that bundle themselves (opt-in: the
 * library's default is the SDK's own fetch). The global fetch loads undici on first use (about
 * 80 ms and 40 MB at cold start on Node 20); this one only loads what a request needs and keeps
 * connections alive (idle sockets do not hold the process open).
 * What a caller may rely on: a real web `Response` whose body streams from the socket as bytes
 * arrive (server-sent events stream), aborting `init.signal` destroys the request and errors the
 * body with the signal's reason, gzip/deflate/br bodies are decoded, and only string and byte
 * request bodies are accepted (the SDK sends JSON strings and bytes).
 * What it does not do: redirects, and proxies. `HTTPS_PROXY`/`HTTP_PROXY` are not read (see
 * `fetchForEnv`); cookies, caching and credentials modes do not exist here.
 */
export function httpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  return send(webResponse, input, init);
}

/**
 * `httpFetch` answering with a `LightResponse` (light-response.ts) instead of a web Response:
 * what the SDK needs and no more, the body being the socket stream itself. For the SDK only (its
 * contract is pinned by sdk-contract.test.ts); not a general-purpose fetch (no `clone`, `blob`,
 * or `body.getReader`).
 */
export function lightHttpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  return send(lightResponse, input, init);
}

/**
 * The fetch a bundled front end should give `createAnthropicClient` for this environment:
 * `lightHttpFetch`, unless a proxy variable is set (`HTTPS_PROXY`, `HTTP_PROXY`, either case),
 * which node:http would silently bypass; then undefined, meaning the SDK's own fetch. Node's fetch
 * honours those variables only when `NODE_USE_ENV_PROXY=1` is set (Node 24 and later; Node 20's
 * fetch ignores them), so a proxy works with that Node and variable, and nowhere silently fails
 * over to a direct connection by our choice.
 */
export function fetchForEnv(env: Readonly<Record<string, string | undefined>>): typeof fetch | undefined {
  const proxied = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((k) => (env[k] ?? '') !== '');
  return proxied ? undefined : lightHttpFetch;
}

async function send(make: MakeResponse, input: string | URL | Request, init: RequestInit): Promise<Response> {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw abortError(signal);
  const headers = headerPairs(init.headers).filter(([k]) => k.toLowerCase() !== 'accept-encoding');
  headers.push(['accept-encoding', 'gzip, deflate, br']);
  const body = bodyBytes(init.body);
  if (body !== undefined && !headers.some(([k]) => k.toLowerCase() === 'content-length')) {
    headers.push(['content-length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength)]);
  }
  const tls = url.protocol === 'https:' ? await import('node:https') : undefined;
  if (tls && !keepAliveTls) keepAliveTls = usingWarmSockets(new tls.Agent({ keepAlive: true }), 'https:');
  const options: RequestOptions = {
    method: init.method ?? 'GET',
    agent: tls ? keepAliveTls : keepAlive,
    headers: Object.fromEntries(headers),
    ...(signal ? { signal } : {}),
  };
  const request = tls ? tls.request : httpRequest;
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(url, options, resolve);
    req.on('error', (err) => reject(signal?.aborted ? abortError(signal) : err));
    req.end(body);
  });
  const responseHeaders: [string, string][] = [];
  for (let i = 0; i < res.rawHeaders.length; i += 2) responseHeaders.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
  const head = { status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: responseHeaders };
  if (NULL_BODY_STATUS.has(head.status) || options.method === 'HEAD') {
    res.resume();
    return make(null, head);
  }
  const stream = await decoded(res);
  if (signal) {
    const onAbort = (): void => {
      stream.destroy(abortError(signal));
      res.destroy();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    res.once('close', () => signal.removeEventListener('abort', onAbort));
  }
  return make(stream, head);
}
