import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CacheModel } from './cache-model.js';
import type { ApiErrorResponse } from './errors.js';
import { apiError } from './errors.js';
import { missingServerTool, serverToolState } from './server-tools.js';
import { toolSearchProblem, toolSearchState } from './tool-search.js';
import { faultError } from './faults.js';
import { sendError, sendJson } from './http-io.js';
import { randomId } from './ids.js';
import type { ReplyBlock, ReplyMessage } from './reply.js';
import { compactionReply } from './compaction-reply.js';
import { buildReply } from './reply.js';
import type { ScriptEngine } from './script-engine.js';
import { lastUserTexts } from './script-engine.js';
import { formatSse, streamEvents } from './sse.js';
import { stall } from './stall.js';
import { PrefixChain, signBlock } from './thinking-binding.js';
import { isRecord } from './tokens.js';
import type { RecordedRequest, ScriptTurn } from './types.js';
import type { ValidationOptions, ValidRequest } from './validate/index.js';
import { validateRequest } from './validate/index.js';

/** What the handlers share with the server. */
export interface HandlerContext {
  engine: ScriptEngine;
  cache: CacheModel;
  validation: ValidationOptions;
  record: RecordedRequest;
  rawHeaders: Record<string, string | string[] | undefined>;
  /** Aborted when the server closes, so pending delays give up. */
  signal: AbortSignal;
  /** Marks the recorded request finished (and logs it); called right before the last byte. */
  finish: () => void;
}

/** `POST /v1/messages`: validates, picks the scripted turn, injects its fault, answers JSON or SSE. */
export async function handleMessages(ctx: HandlerContext, body: unknown, res: ServerResponse): Promise<void> {
  const valid = validateRequest(body, ctx.rawHeaders, ctx.validation);
  if (!valid.ok) return fail(ctx, res, valid.error);
  const v = valid.value;
  const { request } = v;
  if (v.transformations.length > 0) ctx.record.thinkingTransformations = v.transformations;

  if (isRecord(request.compaction)) {
    // A compaction request: the mock writes the summary; no scripted turn is used.
    const input = ctx.cache.account(request.model, v.blocks, v.spec.minCacheableTokens);
    return answer(ctx, res, compactionReply(v, input, ctx.validation.account), request.stream === true);
  }
  const decision = ctx.engine.next(lastUserTexts(request.messages));
  const turn: ScriptTurn =
    decision.kind === 'turn'
      ? decision.turn
      : { content: [{ type: 'text', text: decision.text }], stopReason: 'end_turn' };
  const fault = decision.kind === 'turn' ? decision.fault : undefined;
  const server = serverToolState(request.tools, request.messages);
  const missing =
    missingServerTool(turn.content, server) ??
    toolSearchProblem(turn.content, toolSearchState(request.tools, request.messages));
  if (missing) return fail(ctx, res, apiError('api_error', missing));
  const error = fault && faultError(fault, request.stream === true);
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
  if (fault?.kind === 'stall_stream' && !request.stream && !(await stall(fault, res, ctx.signal))) return;

  const reply = buildReply(request.max_tokens === 0 ? { content: [] } : turn, replyContext(ctx, v));
  Object.assign(reply.usage, servedAs(request, ctx.validation.inferenceGeo));
  if (v.appliedEdits) reply.context_management = { applied_edits: v.appliedEdits };
  if (v.reportTransformations && v.transformations.length > 0) reply.input_transformations = v.transformations;
  if (!request.stream) {
    ctx.finish();
    return sendJson(res, 200, reply);
  }
  const events = streamEvents(reply, turn.unknownEvent);
  const cutAfter = fault?.kind === 'cut_stream' || fault?.kind === 'stream_error' ? fault.afterEvents : events.length;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'request-id': randomId('req_'),
  });
  res.flushHeaders();
  const stallAt = fault?.kind === 'stall_stream' && request.stream ? Math.min(fault.afterEvents, cutAfter) : cutAfter;
  for (const event of events.slice(0, stallAt)) res.write(formatSse(event));
  if (fault?.kind === 'stall_stream' && stallAt < cutAfter) {
    if (!(await stall(fault, res, ctx.signal))) return ctx.finish();
    for (const event of events.slice(stallAt, cutAfter)) res.write(formatSse(event));
  }
  ctx.finish();
  if (fault?.kind === 'stream_error') {
    const type = fault.errorType ?? 'overloaded_error';
    const message = type === 'overloaded_error' ? 'Overloaded' : 'Internal server error';
    res.end(
      formatSse({
        event: 'error',
        data: {
          type: 'error',
          error: { type, message: `${message} (mock-anthropic: scripted stream_error fault)` },
          request_id: randomId('req_'),
        },
      }),
    );
  } else if (cutAfter >= events.length) res.end();
  else res.write('', () => res.destroy());
}

function replyContext(ctx: HandlerContext, v: ValidRequest): Parameters<typeof buildReply>[1] {
  const { request, spec } = v;
  const minTokens = spec.minCacheableTokens;
  const messages = request.messages;
  let chain: PrefixChain | undefined;
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  return {
    model: request.model,
    input: ctx.cache.account(request.model, v.blocks, minTokens),
    plan: v.plan,
    maxTokens: ctx.validation.lenient ? Number.MAX_SAFE_INTEGER : request.max_tokens,
    contextRoom: Math.max(0, spec.contextWindow - v.inputTokens),
    server: serverToolState(request.tools, messages),
    toolSearch: toolSearchState(request.tools, messages),
    afterToolResult:
      Array.isArray(lastUser?.content) && lastUser.content.some((b) => isRecord(b) && b.type === 'tool_result'),
    sign: (earlier: readonly ReplyBlock[], visible: string) => {
      chain ??= new PrefixChain(request, messages);
      return signBlock(request.model, ctx.validation.account, chain.at(messages.length, earlier), visible);
    },
  };
}

/** Where and how the request ran, as usage reports it: its own `inference_geo` and `speed`, else the workspace default geo. */
function servedAs(request: Record<string, unknown>, workspaceGeo: string | undefined): Record<string, string> {
  const geo = typeof request.inference_geo === 'string' ? request.inference_geo : workspaceGeo;
  return {
    ...(geo !== undefined ? { inference_geo: geo } : {}),
    ...(typeof request.speed === 'string' ? { speed: request.speed } : {}),
  };
}

/** Sends a whole reply as JSON or as its stream of events. */
function answer(ctx: HandlerContext, res: ServerResponse, reply: ReplyMessage, stream: boolean): void {
  if (!stream) {
    ctx.finish();
    return sendJson(res, 200, reply);
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'request-id': randomId('req_'),
  });
  for (const event of streamEvents(reply)) res.write(formatSse(event));
  ctx.finish();
  res.end();
}

/** `POST /v1/messages/count_tokens`: the same checks (but max_tokens) and the same estimate as a real request. */
export function handleCountTokens(ctx: HandlerContext, body: unknown, res: ServerResponse): void {
  const valid = validateRequest(body, ctx.rawHeaders, ctx.validation, true);
  if (!valid.ok) return fail(ctx, res, valid.error);
  ctx.finish();
  sendJson(res, 200, { input_tokens: valid.value.inputTokens });
}

/** Answers an error, records why, and finishes the recorded request. */
export function fail(
  ctx: Pick<HandlerContext, 'finish' | 'record'>,
  res: ServerResponse,
  error: ApiErrorResponse,
): void {
  ctx.record.rejected = { status: error.status, type: error.body.error.type, message: error.body.error.message };
  ctx.finish();
  sendError(res, error);
}
