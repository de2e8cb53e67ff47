import type { ApiErrorResponse } from '../errors.js';
import { invalid } from '../errors.js';
import { EFFORTS } from '../model-table.js';
import type { Effort, ModelSpec } from '../model-table.js';
import { isRecord } from '../tokens.js';
import type { RequestHeaders } from './headers.js';
import { BETAS } from './headers.js';

/** Top-level fields of a Messages request; anything else is "Extra inputs are not permitted". */
const KNOWN_FIELDS = new Set([
  'model',
  'messages',
  'max_tokens',
  'system',
  'tools',
  'tool_choice',
  'stream',
  'metadata',
  'stop_sequences',
  'temperature',
  'top_p',
  'top_k',
  'thinking',
  'output_config',
  'cache_control',
  'service_tier',
  'container',
  'mcp_servers',
  'context_management',
  'inference_geo',
  'fallbacks',
  'speed',
  'compaction',
]);
/** Fields only a beta header unlocks. */
const BETA_FIELDS: Record<string, string> = {
  context_management: BETAS.contextManagement,
  compaction: BETAS.compaction,
};
const SAMPLING = ['temperature', 'top_p', 'top_k'] as const;
const SAMPLING_DEFAULTS: Record<string, number | undefined> = { temperature: 1, top_p: 1, top_k: undefined };

/**
 * Checks the request's top-level parameters against the model: unknown fields, beta-only
 * fields, sampling parameters (removed in anthropic-version 2026-10-21; non-default values
 * rejected on 4.7+ models under 2023-06-01), `max_tokens` against the model's output limit,
 * `output_config.effort`, and forced `tool_choice`.
 */
export function checkParams(
  body: Record<string, unknown>,
  spec: ModelSpec,
  headers: RequestHeaders,
  countOnly: boolean,
): ApiErrorResponse | undefined {
  for (const field of Object.keys(body)) {
    if (!KNOWN_FIELDS.has(field)) return invalid(`${field}: Extra inputs are not permitted`);
    const beta = BETA_FIELDS[field];
    if (beta && !headers.betas.has(beta))
      return invalid(
        `${field}: Extra inputs are not permitted (this field requires the anthropic-beta header "${beta}")`,
      );
  }
  for (const field of SAMPLING) {
    if (body[field] === undefined) continue;
    if (headers.version === '2026-10-21') return invalid(`${field}: Extra inputs are not permitted`);
    if (spec.samplingRemoved && body[field] !== SAMPLING_DEFAULTS[field]) {
      return invalid(
        `${field}: ${spec.id} supports only the default value of \`${field}\`; remove it from the request`,
      );
    }
  }
  if (!countOnly && typeof body.max_tokens === 'number' && body.max_tokens > spec.maxOutput) {
    return invalid(
      `max_tokens: ${body.max_tokens} > ${spec.maxOutput}, which is the maximum allowed number of output tokens for ${spec.id}`,
    );
  }
  return checkEffort(body.output_config, spec) ?? checkToolChoice(body, spec);
}

/** The effort a request runs at: its `output_config.effort`, else the model's default. */
export function effectiveEffort(body: Record<string, unknown>, spec: ModelSpec): Effort | undefined {
  const config = body.output_config;
  const effort = isRecord(config) ? config.effort : undefined;
  return typeof effort === 'string' ? (effort as Effort) : spec.defaultEffort;
}

function checkEffort(config: unknown, spec: ModelSpec): ApiErrorResponse | undefined {
  if (config === undefined) return undefined;
  if (!isRecord(config)) return invalid('output_config: Input should be a valid dictionary');
  const effort = config.effort;
  if (effort === undefined || effort === null) return undefined;
  if (typeof effort !== 'string' || !(EFFORTS as readonly string[]).includes(effort)) {
    return invalid(`output_config.effort: Input should be 'low', 'medium', 'high', 'xhigh' or 'max'`);
  }
  if (spec.efforts.length === 0)
    return invalid(`output_config.effort: ${spec.id} does not support the effort parameter`);
  if (!spec.efforts.includes(effort as Effort)) {
    return invalid(
      `output_config.effort: "${effort}" is not supported by ${spec.id}; it accepts ${spec.efforts.join(', ')}`,
    );
  }
  return undefined;
}

function checkToolChoice(body: Record<string, unknown>, spec: ModelSpec): ApiErrorResponse | undefined {
  const choice = body.tool_choice;
  if (choice === undefined) return undefined;
  if (!isRecord(choice) || !['auto', 'any', 'tool', 'none'].includes(String(choice.type))) {
    return invalid(
      `tool_choice.type: Input tag '${isRecord(choice) ? String(choice.type) : ''}' found using 'type' does not match any of the expected tags: 'auto', 'any', 'tool', 'none'`,
    );
  }
  if (choice.type !== 'any' && choice.type !== 'tool') return undefined;
  if (!spec.forcedToolChoice)
    return invalid(
      `tool_choice: forced tool use ("${choice.type}") is not supported on ${spec.id}; use "auto" or "none"`,
    );
  if (isRecord(body.thinking) && body.thinking.type === 'enabled')
    return invalid('Thinking may not be enabled when tool_choice forces tool use.');
  return undefined;
}
