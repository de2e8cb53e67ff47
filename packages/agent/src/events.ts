/**
 * Everything the agent tells a front end, as plain JSON-serialisable data: a front end renders
 * these (`harness -p --output-format events` prints each with JSON.stringify, the TUI reduces them).
 * The agent never prints.
 */

import type { Usage } from '@coding-harness/model';

/** Token counts of one request, as the provider reports them (the model package's `Usage`). */
export type { Usage };

export type AgentEvent =
  /** A user turn began; `text` is the user's text verbatim. */
  | { type: 'turn_start'; turn: number; text: string }
  /** A model request is about to be sent (one turn may send several). */
  | { type: 'request_start'; request: number }
  | { type: 'text_delta'; text: string }
  | { type: 'thinking_delta'; text: string }
  /** An assistant message is complete (its text, if any, in full). */
  | { type: 'assistant_message'; text: string; stopReason: string | null }
  /** A tool call's input is complete; `forced` when the agent made it for `/slug` or an auto-match. */
  | { type: 'tool_call_started'; id: string; name: string; input: unknown; summary: string; forced: boolean }
  | { type: 'approval_requested'; id: string; tool: string; summary: string; target?: string; preview?: string }
  | { type: 'approval_resolved'; id: string; allowed: boolean; how: string; message?: string }
  /**
   * A tool call is done; `content` is what the model gets. `diff`: what a write changed (a unified
   * diff, capped with a count of the rest), for people, whether or not a question showed it.
   */
  | {
      type: 'tool_call_finished';
      id: string;
      name: string;
      isError: boolean;
      display: string;
      content: string;
      diff?: string;
    }
  | { type: 'usage'; request: number; model: string; usage: Usage; costUsd: number }
  /**
   * A request failed and will be sent again after `delayMs`. `partialDiscarded`: text already
   * streamed for the failed attempt is void (a front end should drop what it showed of it).
   */
  | { type: 'retry'; attempt: number; maxAttempts: number; delayMs: number; reason: string; partialDiscarded?: boolean }
  | { type: 'compaction'; tokensBefore: number; tokensAfter: number; reattachedSkills: string[] }
  /**
   * Something worth showing that is not an error (a skill auto-loaded, a dropped torn line).
   * `subagent`: it reports what a `context: fork` skill's subagent did (a tool call, a failure):
   * `parent` is the id of the skill tool call it runs under, `text` the message without the
   * subagent's label, for a front end that shows it nested under that call; `message` says it whole.
   */
  | { type: 'notice'; message: string; subagent?: { parent: string; text: string } }
  | { type: 'error'; message: string; fatal: boolean }
  /**
   * The turn is over; `stopReason` is the model's last stop reason (`end_turn`, `max_tokens`,
   * `refusal`, `model_context_window_exceeded`, ...), or `error` / `aborted` / `max_turns`.
   * `refusal` and `error` mean the turn failed (print mode exits 1). `stopDetails`: a refusal's
   * category and explanation, as the API sent them.
   */
  | {
      type: 'turn_end';
      turn: number;
      stopReason: string;
      stopDetails?: { category: string | null; explanation: string | null };
      usage: Usage;
      costUsd: number;
    };

export type AgentEventType = AgentEvent['type'];
