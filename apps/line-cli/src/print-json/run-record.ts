/**
 * What one `-p` turn amounts to, gathered from its events alone: the `stream-json` lines for the
 * messages the turn added (each `message_end` carries its whole message: model replies, the
 * agent's own skill calls, tool results), and the closing `result` object. `json` and
 * `stream-json` print from the same record, so the two formats cannot disagree.
 */
import { emptyUsage, messageText } from '@coding-harness/model';
import type { Usage } from '@coding-harness/model';
import type { SessionEvent } from '@coding-harness/protocol';
import type {
  ClaudeAssistantMessage,
  ClaudeModelUsage,
  ClaudePermissionDenial,
  ClaudeResultMessage,
  ClaudeUserMessage,
  ResultSubtype,
} from './shapes.js';
import { addModelUsage, claudeUsage, exactUsd, messageLine, randomUuid } from './shapes.js';

/** How the turn ended, as print mode decided it (exit code and all). */
export interface TurnOutcome {
  stopReason: string;
  exitCode: number;
}

export interface RunRecord {
  /** Feeds one event; returns the `stream-json` lines it adds (a message that ended). */
  add(event: SessionEvent): (ClaudeAssistantMessage | ClaudeUserMessage)[];
  /** The `result` object of the turn (call once, after `turn_end`). */
  result(outcome: TurnOutcome, durationMs: number): ClaudeResultMessage;
}

function subtypeOf(outcome: TurnOutcome): ResultSubtype {
  if (outcome.exitCode === 0) return 'success';
  return outcome.stopReason === 'max_turns' ? 'error_max_turns' : 'error_during_execution';
}

/**
 * A record of one turn of session `sessionId`. `now` is the clock for `duration_api_ms` (time from
 * each request being sent to its reply, retries included). A model reply's line carries the usage
 * of its request (the `usage` event before it); the agent's own skill call has none. A refused
 * reply is not part of the conversation and gets no line; a subagent's messages are its own.
 */
export function createRunRecord(sessionId: string, model: string, now: () => number = Date.now): RunRecord {
  let finalText = '';
  /** A `-p '!cmd'` run's command: what it printed on stdout (the result when no model answered), its call ids. */
  let commandOut = '';
  const commandCalls = new Set<string>();
  let requestUsage: Usage | undefined;
  let usage: Usage = emptyUsage();
  let costUsd = 0;
  let stopDetails: ClaudeResultMessage['stop_details'];
  let requests = 0;
  let apiMs = 0;
  let requestStarted: number | undefined;
  const errors: string[] = [];
  const modelUsage: Record<string, ClaudeModelUsage> = {};
  const calls = new Map<string, { name: string; input: unknown }>();
  const denied = new Map<string, ClaudePermissionDenial>();

  const deny = (id: string): void => {
    const call = calls.get(id);
    if (call && !denied.has(id)) denied.set(id, { tool_name: call.name, tool_use_id: id, tool_input: call.input });
  };
  const replyArrived = (): void => {
    if (requestStarted !== undefined) apiMs += now() - requestStarted;
    requestStarted = undefined;
  };
  const meta = { sessionId, model };

  return {
    add(event) {
      // A subagent's requests count in the turn's totals (turn_end), its messages are not the turn's.
      if (event.threadId !== undefined) {
        if (event.type === 'usage')
          modelUsage[event.model] = addModelUsage(modelUsage[event.model], event.usage, event.costUsd);
        return [];
      }
      switch (event.type) {
        case 'request_start':
          requests += 1;
          requestStarted = now();
          requestUsage = undefined;
          return [];
        case 'usage':
          requestUsage = event.usage;
          modelUsage[event.model] = addModelUsage(modelUsage[event.model], event.usage, event.costUsd);
          return [];
        case 'message_end': {
          const message = event.message;
          if (message.role === 'user') {
            const line = messageLine(message, { ...meta, stopReason: null, usage: emptyUsage() });
            return line ? [line] : [];
          }
          // The model's reply (with its request's usage), or the agent's own forced skill call (none).
          const fromModel = requestUsage !== undefined;
          if (fromModel) replyArrived();
          const reply = { stopReason: event.stopReason, usage: requestUsage ?? emptyUsage() };
          requestUsage = undefined;
          if (event.stopReason === 'refusal' || message.content.length === 0) return [];
          const text = messageText(message);
          if (fromModel && text.trim() !== '') finalText = text;
          const line = messageLine(message, { ...meta, ...reply });
          return line ? [line] : [];
        }
        case 'tool_call_started':
          calls.set(event.callId, { name: event.name, input: event.input });
          // The user's own `!cmd` (the session starts it, summarised `! cmd`).
          if (event.forced && event.summary.startsWith('! ')) commandCalls.add(event.callId);
          return [];
        case 'approval_resolved':
          if (!event.allowed) deny(event.callId);
          return [];
        case 'tool_update':
          if (commandCalls.has(event.callId) && event.stream === 'stdout') commandOut += event.text;
          return [];
        case 'tool_call_finished':
          if (event.isError && commandCalls.has(event.callId))
            errors.push(`the command did not succeed (${event.display})`);
          // `denied` after a "no", `denied: <why>` for a rule or plan mode (the agent's tool line).
          if (event.isError && (event.display === 'denied' || event.display.startsWith('denied: '))) deny(event.callId);
          return [];
        case 'error':
          replyArrived();
          errors.push(event.message);
          return [];
        case 'turn_end':
          replyArrived();
          usage = event.usage;
          costUsd = event.costUsd;
          stopDetails = event.stopDetails;
          return [];
        default:
          return [];
      }
    },
    result(outcome, durationMs) {
      const subtype = subtypeOf(outcome);
      return {
        type: 'result',
        subtype,
        uuid: randomUuid(),
        session_id: sessionId,
        is_error: subtype !== 'success',
        result: finalText !== '' ? finalText : commandOut,
        num_turns: requests,
        duration_ms: durationMs,
        duration_api_ms: apiMs,
        total_cost_usd: exactUsd(costUsd),
        usage: claudeUsage(usage),
        modelUsage,
        permission_denials: [...denied.values()],
        ...(subtype === 'success'
          ? {}
          : { errors: errors.length > 0 ? errors : [`the turn ended with ${outcome.stopReason}`] }),
        stop_reason: outcome.stopReason,
        ...(stopDetails ? { stop_details: stopDetails } : {}),
      };
    },
  };
}
