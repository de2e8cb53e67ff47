import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CacheModel } from './cache-model.js';
import { apiError } from './errors.js';
import { parseBody, readBody, redactHeaders, sendError, sendJson } from './http-io.js';
import type { HandlerContext } from './messages-handler.js';
import { fail, handleCountTokens, handleMessages } from './messages-handler.js';
import { modelSpec } from './model-table.js';
import { modelInfo, modelsPage } from './models.js';
import { MOCK_ACCOUNT } from './thinking-binding.js';
import { ScriptEngine } from './script-engine.js';
import type { RecordedRequest, Script, ScriptTurn } from './types.js';

/** Options of `startMockServer`. */
export interface MockServerOptions {
  script: Script | ScriptTurn[];
  /** 0 (the default) picks a free port. The server listens on 127.0.0.1 only. */
  port?: number;
  /** Appends each recorded request as one JSON line once it is answered. */
  logFile?: string;
  /** Lifetime of a written cache prefix (default 5 minutes), refreshed on every read. */
  cacheTtlMs?: number;
  /** Clock of the cache model in ms (default `Date.now`); a parameter so tests can expire entries. */
  now?: () => number;
  /**
   * Accept what the 2025 mock accepted (any model id, thinking budgets, sampling parameters,
   * prefill, forced tools, no headers, no signature checks; thinking text always shown). Only
   * for old scripts; the default is strict, as the real API of December 2026.
   */
  lenient?: boolean;
  /**
   * The account predates 2026-08-31: the preserved-thinking prefix check runs only when the
   * request sets `thinking.block_binding` (otherwise a changed prefix goes through).
   */
  oldAccount?: boolean;
  /** The account thinking signatures are bound to (default a fixed mock account). */
  account?: string;
  /**
   * The workspace's default inference geography (`default_inference_geo`): reported as
   * `usage.inference_geo` when a request names none (a request's own `inference_geo` wins).
   */
  inferenceGeo?: string;
}

/** A running scripted server. */
export interface MockServer {
  /** Base URL, e.g. `http://127.0.0.1:PORT`; pass it as `baseURL` to the SDK. */
  url: string;
  /** Every request in arrival order, credentials redacted; complete once its response is sent. */
  requests: RecordedRequest[];
  /** Only the `POST /v1/messages` requests. */
  messageRequests(): RecordedRequest[];
  /** Replaces the remaining turns (and the fallback text when a Script names one). */
  setScript(script: Script | ScriptTurn[]): void;
  remainingTurns(): number;
  /** Stops listening, destroys open sockets and abandons pending delays. */
  close(): Promise<void>;
}

/** Starts the scripted Anthropic API server on 127.0.0.1. */
export async function startMockServer(opts: MockServerOptions): Promise<MockServer> {
  const engine = new ScriptEngine(opts.script);
  const cache = new CacheModel({ ttlMs: opts.cacheTtlMs, now: opts.now });
  const closing = new AbortController();
  const requests: RecordedRequest[] = [];
  const validation = {
    lenient: opts.lenient ?? false,
    oldAccount: opts.oldAccount ?? false,
    account: opts.account ?? MOCK_ACCOUNT,
    ...(opts.inferenceGeo !== undefined ? { inferenceGeo: opts.inferenceGeo } : {}),
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      headers: redactHeaders(req.headers),
      body: undefined,
      startedAt: performance.now(),
    };
    requests.push(record);
    const body = parseBody(await readBody(req));
    record.body = body.value;
    const ctx: HandlerContext = {
      engine,
      cache,
      validation,
      record,
      rawHeaders: req.headers,
      signal: closing.signal,
      finish: () => {
        record.finishedAt = performance.now();
        if (opts.logFile) appendFileSync(opts.logFile, `${JSON.stringify(record)}\n`);
      },
    };
    const route = `${record.method} ${path}`;
    if (route === 'POST /v1/messages' || route === 'POST /v1/messages/count_tokens') {
      if (!body.json)
        return fail(
          ctx,
          res,
          apiError('invalid_request_error', body.value === undefined ? 'body: Field required' : 'body: not valid JSON'),
        );
      return route === 'POST /v1/messages'
        ? handleMessages(ctx, body.value, res)
        : handleCountTokens(ctx, body.value, res);
    }
    if (route === 'GET /v1/models') {
      ctx.finish();
      return sendJson(res, 200, modelsPage());
    }
    const spec =
      record.method === 'GET' && path.startsWith('/v1/models/')
        ? modelSpec(decodeURIComponent(path.slice('/v1/models/'.length)))
        : undefined;
    if (spec) {
      ctx.finish();
      return sendJson(res, 200, modelInfo(spec));
    }
    fail(ctx, res, apiError('not_found_error', `Not found: ${route}`));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      sendError(res, apiError('api_error', `mock-anthropic internal error: ${String(error)}`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    messageRequests: () => requests.filter((r) => r.method === 'POST' && r.path === '/v1/messages'),
    setScript: (script) => engine.replace(script),
    remainingTurns: () => engine.remaining(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
