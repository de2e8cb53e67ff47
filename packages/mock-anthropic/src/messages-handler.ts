import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CacheModel } from './cache-model.js';
import { CACHE_RULES } from './cache-model.js';
import type { ApiErrorResponse } from './errors.js';
import { apiError } from './errors.js';
import { flattenRequest, totalTokens } from './flatten.js';
import { sendError, sendJson } from './http-io.js';
import { randomId } from './ids.js';
import { buildReply } from './reply.js';
import { countTokensRequestSchema, messagesRequestSchema, parseRequest } from './request-schema.js';
import type { ScriptEngine } from './script-engine.js';
import { lastUserTexts } from './script-engine.js';
import { formatSse, streamEvents } from './sse.js';
import type { Fault, ScriptTurn } from './types.js';

/** What the handlers share with the server. */
export interface HandlerContext {
  engine: ScriptEngine;
  cache: CacheModel;
  /** Aborted when the server closes, so pending delays give up. */
  signal: AbortSignal;
  /** Marks the recorded request finished (and logs it); called right before the last byte. */
  finish: () => void;
}

/** `POST /v1/messages`: validates, picks the scripted turn, injects its fault, answers JSON or SSE. */
export async function handleMessages(ctx: HandlerContext, body: unknown, res: ServerResponse): Promise<void> {
  const parsed = parseRequest(messagesRequestSchema, body);
  if (!parsed.ok) return fail(ctx, res, apiError('invalid_request_error', parsed.message));
  const request = parsed.value;
  const blocks = flattenRequest(request);
  const breakpoints = blocks.filter((b) => b.breakpoint).length;
  if (breakpoints > CACHE_RULES.maxBreakpoints) {
    return fail(ctx, res, apiError('invalid_request_error', `A maximum of ${CACHE_RULES.maxBreakpoints} blocks with cache_control may be provided. Found ${breakpoints}.`));
  }

  const decision = ctx.engine.next(lastUserTexts(request.messages));
  const turn: ScriptTurn = decision.kind === 'turn' ? decision.turn : { content: [{ type: 'text', text: decision.text }], stopReason: 'end_turn' };
  const fault = decision.kind === 'turn' ? decision.fault : undefined;
  const error = fault && faultError(fault);
  if (error) return fail(ctx, res, error);
  if (fault?.kind === 'delay') {
    try {
      await sleep(fault.ms, undefined, { signal: ctx.signal });
    } catch {
      return;
    }
  }
  if (fault?.kind === 'cut_stream' && !request.stream) {
    ctx.finish();
    res.destroy();
    return;
  }

  const reply = buildReply(turn, request.model, ctx.cache.account(request.model, blocks));
  if (!request.stream) {
    ctx.finish();
    return sendJson(res, 200, reply);
  }
  const events = streamEvents(reply);
  const cutAfter = fault?.kind === 'cut_stream' ? fault.afterEvents : events.length;
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'request-id': randomId('req_') });
  res.flushHeaders();
  for (const event of events.slice(0, cutAfter)) res.write(formatSse(event));
  ctx.finish();
  if (cutAfter >= events.length) res.end();
  else res.write('', () => res.destroy());
}

/** `POST /v1/messages/count_tokens`: the same estimate as the usage of a real request. */
export function handleCountTokens(ctx: HandlerContext, body: unknown, res: ServerResponse): void {
  const parsed = parseRequest(countTokensRequestSchema, body);
  if (!parsed.ok) return fail(ctx, res, apiError('invalid_request_error', parsed.message));
  ctx.finish();
  sendJson(res, 200, { input_tokens: totalTokens(flattenRequest(parsed.value)) });
}

/** Answers an error and finishes the recorded request. */
export function fail(ctx: HandlerContext, res: ServerResponse, error: ApiErrorResponse): void {
  ctx.finish();
  sendError(res, error);
}

function faultError(fault: Fault): ApiErrorResponse | undefined {
  switch (fault.kind) {
    case 'rate_limit':
      return apiError('rate_limit_error', 'This request would exceed the rate limit for your organization (mock-anthropic: scripted rate_limit fault).', {
        'retry-after': String(fault.retryAfterSeconds ?? 1),
      });
    case 'api_error':
      return apiError('api_error', 'Internal server error (mock-anthropic: scripted api_error fault).');
    case 'overloaded':
      return apiError('overloaded_error', 'Overloaded (mock-anthropic: scripted overloaded fault).');
    default:
      return undefined;
  }
}
