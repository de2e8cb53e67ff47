import type { ApiErrorResponse } from '../errors.js';
import { apiError, invalid } from '../errors.js';
import type { FlatBlock } from '../flatten.js';
import { flattenRequest, totalTokens } from '../flatten.js';
import type { ModelSpec } from '../model-table.js';
import { lenientSpec, modelSpec } from '../model-table.js';
import type { MessagesRequest } from '../request-schema.js';
import { countTokensRequestSchema, messagesRequestSchema, parseRequest } from '../request-schema.js';
import type { ThinkingTransformation } from '../thinking-binding.js';
import { checkThinkingBlocks, verifyBlock } from '../thinking-binding.js';
import { checkCompactionBlocks, checkCompactionParam } from '../compaction.js';
import type { RequestHeaders } from './headers.js';
import { BETAS, checkHeaders } from './headers.js';
import { checkMessages } from './messages.js';
import { checkTools } from './tools.js';
import { checkToolSearch } from '../tool-search.js';
import { checkToolChanges } from './tool-changes.js';
import type { AppliedEdit } from '../context-editing.js';
import { applyEdits, readEdits } from '../context-editing.js';
import { checkParams, effectiveEffort } from './params.js';
import type { ThinkingPlan } from './thinking-config.js';
import { checkThinking } from './thinking-config.js';

const MAX_BREAKPOINTS = 4;

/** The server switches that change what is checked. */
export interface ValidationOptions {
  /** Accept what the 2025 mock accepted: any model id, budgets, sampling, prefill... */
  lenient: boolean;
  /** An account created before 2026-08-31: the prefix check runs only with `block_binding`. */
  oldAccount: boolean;
  account: string;
  /** The workspace's default inference geography, reported in usage. */
  inferenceGeo?: string;
}

/** A request that passed, with what answering it needs. */
export interface ValidRequest {
  request: MessagesRequest;
  spec: ModelSpec;
  plan: ThinkingPlan;
  blocks: FlatBlock[];
  inputTokens: number;
  transformations: ThinkingTransformation[];
  /** Report `input_transformations` in the response (the binding beta is on). */
  reportTransformations: boolean;
  /** With `context_management`: what its edits cleared (reported in the response). */
  appliedEdits?: AppliedEdit[];
}

type Result = { ok: true; value: ValidRequest } | { ok: false; error: ApiErrorResponse };

const LENIENT_PLAN: ThinkingPlan = { mode: 'adaptive', display: 'summarized', bindingSet: false, dropBlocks: false };

/**
 * Validates a `POST /v1/messages` (or, with `countOnly`, a count_tokens) request, strict by
 * default: headers, model, parameters, thinking, messages, cache breakpoints, the context
 * window and the preserved-thinking checks, each failing with the real status and error body.
 * Lenient mode keeps only the 2025 checks (required fields, at most 4 breakpoints).
 */
export function validateRequest(
  body: unknown,
  rawHeaders: Record<string, string | string[] | undefined>,
  opts: ValidationOptions,
  countOnly = false,
): Result {
  const parsed = parseRequest(countOnly ? countTokensRequestSchema : messagesRequestSchema, body);
  if (!parsed.ok) return { ok: false, error: invalid(parsed.message) };
  const request = parsed.value as MessagesRequest;
  const blocks = flattenRequest(request);
  const inputTokens = totalTokens(blocks);
  const cacheError = checkBreakpoints(blocks, !opts.lenient);
  if (opts.lenient) {
    if (cacheError) return { ok: false, error: cacheError };
    const value = {
      request,
      spec: lenientSpec(request.model),
      plan: LENIENT_PLAN,
      blocks,
      inputTokens,
      transformations: [],
      reportTransformations: false,
    };
    return { ok: true, value };
  }

  const headers = checkHeaders(rawHeaders);
  if (!headers.ok) return headers;
  const spec = modelSpec(request.model);
  if (!spec) return { ok: false, error: apiError('not_found_error', `model: ${request.model}`) };
  const error =
    checkParams(request, spec, headers.value, countOnly) ??
    checkTools(request.tools, headers.value) ??
    checkToolSearch(request.tools, request.messages);
  if (error) return { ok: false, error };
  const thinking = checkThinking(request, spec, effectiveEffort(request, spec), headers.value);
  if (!thinking.ok) return thinking;
  const compactionError =
    checkCompactionParam(request, spec) ??
    checkCompactionBlocks(request.messages, headers.value.betas.has(BETAS.compaction), verifyBlock);
  if (compactionError) return { ok: false, error: compactionError };
  const messagesError =
    checkMessages(request.messages, spec, headers.value) ??
    checkToolChanges(request, spec, headers.value) ??
    cacheError;
  if (messagesError) return { ok: false, error: messagesError };
  // Context editing happens before the prompt reaches the model: what it sees is what counts.
  const edits = readEdits(request);
  if ('error' in edits) return { ok: false, error: edits.error };
  const edited = applyEdits(request, edits.edits, inputTokens);
  const seen = edited.applied.length > 0 ? flattenRequest(edited.body) : blocks;
  const seenTokens = totalTokens(seen);
  if (seenTokens > spec.contextWindow)
    return { ok: false, error: invalid(`prompt is too long: ${seenTokens} tokens > ${spec.contextWindow} maximum`) };
  const binding = countOnly
    ? { ok: true as const, transformations: [] }
    : checkThinkingBlocks(request, request.messages, {
        spec,
        plan: thinking.plan,
        account: opts.account,
        oldAccount: opts.oldAccount,
      });
  if (!binding.ok) return binding;
  return {
    ok: true,
    value: {
      request,
      spec,
      plan: thinking.plan,
      blocks: seen,
      inputTokens: seenTokens,
      transformations: binding.transformations,
      reportTransformations: reportsTransformations(headers.value),
      ...(edits.edits.length > 0 ? { appliedEdits: edited.applied } : {}),
    },
  };
}

function reportsTransformations(headers: RequestHeaders): boolean {
  return headers.betas.has(BETAS.thinkingBinding);
}

/** At most 4 breakpoints (top-level automatic caching counts as one); strict: 1h ones come before 5m ones. */
function checkBreakpoints(blocks: FlatBlock[], strict: boolean): ApiErrorResponse | undefined {
  const marks = blocks.filter((b) => b.breakpoint);
  if (marks.length > MAX_BREAKPOINTS)
    return invalid(`A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${marks.length}.`);
  const first5m = marks.findIndex((b) => b.ttl === '5m');
  if (strict && first5m >= 0 && marks.slice(first5m).some((b) => b.ttl === '1h')) {
    return invalid(
      'cache_control: a breakpoint with ttl "1h" cannot come after one with ttl "5m"; longer-lived entries must come first',
    );
  }
  return undefined;
}
