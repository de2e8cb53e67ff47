import { z } from 'zod';
import type { Script } from './types.js';

const block = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('text'),
    text: z.string(),
    citations: z
      .array(z.strictObject({ url: z.string().url(), title: z.string().optional(), citedText: z.string() }))
      .optional(),
  }),
  z.strictObject({
    type: z.literal('web_search'),
    query: z.string().min(1),
    results: z
      .array(z.strictObject({ url: z.string().url(), title: z.string(), pageAge: z.string().optional() }))
      .optional(),
    error: z
      .enum(['unavailable', 'too_many_requests', 'query_too_long', 'invalid_tool_input', 'max_uses_exceeded'])
      .optional(),
  }),
  z.strictObject({
    type: z.literal('web_fetch'),
    url: z.string().url(),
    title: z.string().optional(),
    text: z.string().optional(),
    error: z
      .enum(['url_not_accessible', 'unsupported_content_type', 'too_many_requests', 'unavailable', 'url_too_long'])
      .optional(),
  }),
  z.strictObject({
    type: z.literal('tool_search'),
    query: z.string().min(1),
    tools: z.array(z.string().min(1)).optional(),
    error: z.enum(['invalid_tool_input', 'unavailable', 'too_many_requests', 'execution_time_exceeded']).optional(),
  }),
  z.strictObject({ type: z.literal('thinking'), thinking: z.string(), update: z.boolean().optional() }),
  z.strictObject({ type: z.literal('redacted_thinking') }),
  z.strictObject({
    type: z.literal('tool_use'),
    name: z.string().min(1),
    input: z.record(z.string(), z.unknown()),
    id: z.string().min(1).optional(),
  }),
  z.strictObject({ type: z.literal('raw'), block: z.looseObject({ type: z.string().min(1) }) }),
]);

const status = z.union(
  [400, 401, 402, 403, 404, 409, 413, 429, 500, 504, 529].map((s) => z.literal(s)) as [
    z.ZodLiteral<400>,
    ...z.ZodLiteral<number>[],
  ],
);

const fault = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('rate_limit'),
    retryAfterSeconds: z.number().nonnegative().nullable().optional(),
    exhausted: z.array(z.enum(['requests', 'tokens', 'input-tokens', 'output-tokens'])).optional(),
    resetSeconds: z.number().nonnegative().optional(),
  }),
  z.strictObject({ kind: z.literal('api_error') }),
  z.strictObject({ kind: z.literal('overloaded') }),
  z.strictObject({ kind: z.literal('cut_stream'), afterEvents: z.number().int().nonnegative() }),
  z.strictObject({ kind: z.literal('delay'), ms: z.number().nonnegative() }),
  z.strictObject({
    kind: z.literal('stall_stream'),
    afterEvents: z.number().int().nonnegative(),
    forMs: z.number().nonnegative().optional(),
    pingEveryMs: z.number().positive().optional(),
  }),
  z.strictObject({
    kind: z.literal('stream_error'),
    afterEvents: z.number().int().nonnegative(),
    errorType: z.enum(['overloaded_error', 'api_error']).optional(),
  }),
  z.strictObject({
    kind: z.literal('http_error'),
    status,
    retryAfterSeconds: z.number().nonnegative().optional(),
    shouldRetry: z.boolean().optional(),
    message: z.string().optional(),
    errorCode: z.string().min(1).optional(),
  }),
]);

const count = z.number().int().nonnegative();

const turn = z.strictObject({
  content: z.array(block),
  stopReason: z
    .enum([
      'end_turn',
      'tool_use',
      'max_tokens',
      'stop_sequence',
      'pause_turn',
      'refusal',
      'model_context_window_exceeded',
    ])
    .optional(),
  refusal: z
    .strictObject({
      category: z.enum(['cyber', 'bio', 'frontier_llm', 'reasoning_extraction', 'general_harms']).nullable(),
      explanation: z.string().nullable(),
      recommended_model: z.string().min(1).nullable().optional(),
    })
    .optional(),
  match: z.string().optional(),
  fault: fault.optional(),
  outputTokens: count.optional(),
  thinkingTokens: count.optional(),
  usage: z
    .strictObject({
      input_tokens: count.optional(),
      output_tokens: count.optional(),
      cache_read_input_tokens: count.optional(),
      cache_creation_input_tokens: count.optional(),
    })
    .optional(),
  unknownEvent: z
    .string()
    .regex(/^[a-z_]+$/)
    .optional(),
});

/** A script as stored in a file: `{ turns, fallbackText? }` (`parseScript` also takes a bare list of turns). */
export const scriptSchema = z.strictObject({ turns: z.array(turn), fallbackText: z.string().optional() });

/**
 * Checks an untrusted value against the script format. On failure the message names `source`
 * (a file path, or where the value came from) and the first bad field.
 */
export function parseScript(
  value: unknown,
  source: string,
): { ok: true; script: Script } | { ok: false; message: string } {
  const result = scriptSchema.safeParse(Array.isArray(value) ? { turns: value } : value);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.length ? i.path.join('.') : '(top level)'}: ${i.message}`);
    return { ok: false, message: `invalid script ${source}: ${issues.join('; ')}` };
  }
  return { ok: true, script: result.data as Script };
}
