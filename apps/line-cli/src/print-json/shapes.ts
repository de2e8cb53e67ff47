/**
 * The JSON that `harness -p --output-format json|stream-json` prints, in Claude Code's shapes
 * (the Agent SDK's `SDKMessage` union: the `system`/`init` line, `assistant` and `user` lines,
 * and the closing `result`), so scripts written for `claude -p` read a harness run unchanged.
 * Field names and meanings follow https://code.claude.com/docs/en/agent-sdk/typescript (message
 * types) and https://code.claude.com/docs/en/headless (output formats). Pure builders: no I/O.
 */
import type { PermissionMode } from '@coding-harness/approval';
import type { Message, Usage } from '@coding-harness/model';
import { claudeBlocks } from './claude-content.js';

/** The Messages API's usage object, as Claude Code reports it. */
export interface ClaudeUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

/** One model's totals in `result.modelUsage` (Claude Code's camelCase `ModelUsage`). */
export interface ClaudeModelUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  webSearchRequests: number;
  costUSD: number;
}

/** A tool call the permission rules or the missing question refused (`result.permission_denials`). */
export interface ClaudePermissionDenial {
  tool_name: string;
  tool_use_id: string;
  tool_input: unknown;
}

/** Claude Code's permission mode names. */
/** The harness's permission modes are Claude Code's, by name. */
export type ClaudePermissionMode = PermissionMode;

/** The first line of `stream-json`: what the session runs with. */
export interface ClaudeInitMessage {
  type: 'system';
  subtype: 'init';
  uuid: string;
  session_id: string;
  /** Which credential variable the run uses (`none` when only a base URL was given). */
  apiKeySource: string;
  cwd: string;
  /** The tool names the model is given (the harness's own names, as sent to the API). */
  tools: string[];
  mcp_servers: { name: string; status: string }[];
  model: string;
  permissionMode: ClaudePermissionMode;
  /** The user-invocable skills (`/name` runs them in `-p`). */
  slash_commands: string[];
  output_style: string;
  /** The harness's extras: its name and version, so a reader can tell it is not Claude Code. */
  harness_version: string;
}

/** An assistant message as the model produced it (or the agent's own forced skill call). */
export interface ClaudeAssistantMessage {
  type: 'assistant';
  uuid: string;
  session_id: string;
  message: {
    type: 'message';
    role: 'assistant';
    model: string;
    content: unknown[];
    stop_reason: string | null;
    stop_sequence: null;
    usage: ClaudeUsage;
  };
  parent_tool_use_id: null;
}

/** A user message the agent sent back: tool results. */
export interface ClaudeUserMessage {
  type: 'user';
  uuid: string;
  session_id: string;
  message: { role: 'user'; content: unknown[] };
  parent_tool_use_id: null;
}

/** `success`, or why the run failed. */
export type ResultSubtype = 'success' | 'error_max_turns' | 'error_during_execution';

/** The closing object: all of `json`'s output, and the last line of `stream-json`. */
export interface ClaudeResultMessage {
  type: 'result';
  subtype: ResultSubtype;
  uuid: string;
  session_id: string;
  is_error: boolean;
  /** The final answer (the last assistant text; empty when there was none). */
  result: string;
  num_turns: number;
  duration_ms: number;
  duration_api_ms: number;
  total_cost_usd: number;
  usage: ClaudeUsage;
  modelUsage: Record<string, ClaudeModelUsage>;
  permission_denials: ClaudePermissionDenial[];
  /** With an error subtype: what went wrong, one line each. */
  errors?: string[];
  /** The model's last stop reason, or `error` / `aborted` / `max_turns`. */
  stop_reason: string;
  /** With stop reason `refusal`: the API's `stop_details`. */
  stop_details?: { category: string | null; explanation: string | null };
}

export type ClaudeMessage = ClaudeInitMessage | ClaudeAssistantMessage | ClaudeUserMessage | ClaudeResultMessage;

/**
 * Dollars without floating-point noise (`0.0005720999999999999` → `0.0005721`): rounded to
 * 1e-10 USD, far below any price step, so the figure stays exact for every real token count.
 */
export function exactUsd(value: number): number {
  return Number(value.toFixed(10));
}

/** Our usage counters under the Messages API's names. */
export function claudeUsage(usage: Usage): ClaudeUsage {
  return {
    input_tokens: usage.input,
    output_tokens: usage.output,
    cache_read_input_tokens: usage.cacheRead,
    cache_creation_input_tokens: usage.cacheWrite,
  };
}

/** Adds one request's usage and cost to a model's row of `modelUsage`. */
export function addModelUsage(row: ClaudeModelUsage | undefined, usage: Usage, costUsd: number): ClaudeModelUsage {
  return {
    inputTokens: (row?.inputTokens ?? 0) + usage.input,
    outputTokens: (row?.outputTokens ?? 0) + usage.output,
    cacheReadInputTokens: (row?.cacheReadInputTokens ?? 0) + usage.cacheRead,
    cacheCreationInputTokens: (row?.cacheCreationInputTokens ?? 0) + usage.cacheWrite,
    webSearchRequests: 0,
    costUSD: exactUsd((row?.costUSD ?? 0) + costUsd),
  };
}

/**
 * A random RFC 4122 version-4 UUID from Math.random (message `uuid`s identify lines within one
 * run's output; they need no secrecy, and node:crypto would cost every start-up its load).
 */
export function randomUuid(): string {
  const hex = (n: number): string => {
    let out = '';
    for (let i = 0; i < n; i++) out += Math.floor(Math.random() * 16).toString(16);
    return out;
  };
  const variant = (8 + Math.floor(Math.random() * 4)).toString(16);
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
}

/** A transcript message's content as Claude Code prints it. */
function plainBlocks(message: Message): unknown[] {
  return message.content.flatMap(claudeBlocks);
}

/** A transcript message as a `stream-json` line: assistant messages carry their request's usage. */
export function messageLine(
  message: Message,
  meta: { sessionId: string; model: string; stopReason: string | null; usage: Usage },
): ClaudeAssistantMessage | ClaudeUserMessage | undefined {
  if (message.role === 'assistant')
    return {
      type: 'assistant',
      uuid: randomUuid(),
      session_id: meta.sessionId,
      message: {
        type: 'message',
        role: 'assistant',
        model: meta.model,
        content: plainBlocks(message),
        stop_reason: meta.stopReason,
        stop_sequence: null,
        usage: claudeUsage(meta.usage),
      },
      parent_tool_use_id: null,
    };
  if (message.role === 'user')
    return {
      type: 'user',
      uuid: randomUuid(),
      session_id: meta.sessionId,
      message: { role: 'user', content: plainBlocks(message) },
      parent_tool_use_id: null,
    };
  return undefined;
}
