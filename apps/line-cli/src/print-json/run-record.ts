/**
 * What one `-p` turn amounts to, gathered from its agent events and the agent's transcript:
 * the `stream-json` lines for the messages the turn added (assistant replies, tool results),
 * and the closing `result` object. `json` and `stream-json` print from the same record, so the
 * two formats cannot disagree.
 */
import type { AgentEvent } from '@coding-harness/agent';
import type { Message, Usage } from '@coding-harness/model';
import { emptyUsage } from '@coding-harness/model';
import type {
  ClaudeAssistantMessage,
  ClaudeModelUsage,
  ClaudePermissionDenial,
  ClaudeResultMessage,
  ClaudeUserMessage,
  ResultSubtype,
} from './shapes.js';
import { addModelUsage, claudeUsage, exactUsd, messageLine, randomUuid } from './shapes.js';

function lineOf(
  message: Message,
  meta: Parameters<typeof messageLine>[1],
): (ClaudeAssistantMessage | ClaudeUserMessage)[] {
  const line = messageLine(message, meta);
  return line ? [line] : [];
}

/** What the record reads from the agent: its session id and live transcript. */
export interface TranscriptSource {
  readonly sessionId: string;
  messages(): readonly Message[];
}

/** How the turn ended, as print mode decided it (exit code and all). */
export interface TurnOutcome {
  stopReason: string;
  exitCode: number;
}

export interface RunRecord {
  /** Feeds one event; returns the `stream-json` lines of the transcript messages that appeared since the last call. */
  add(event: AgentEvent): (ClaudeAssistantMessage | ClaudeUserMessage)[];
  /** The `result` object of the turn (call once, after `turn_end`). */
  result(outcome: TurnOutcome, durationMs: number): ClaudeResultMessage;
}

function subtypeOf(outcome: TurnOutcome): ResultSubtype {
  if (outcome.exitCode === 0) return 'success';
  return outcome.stopReason === 'max_turns' ? 'error_max_turns' : 'error_during_execution';
}

/** The tool call ids of a message the agent made itself (a forced skill call), when it is one. */
function toolUseIds(message: Message): string[] | undefined {
  const ids = message.content.map((block) => (block.type === 'tool_call' ? block.id : undefined));
  return ids.length > 0 && ids.every((id) => id !== undefined) ? (ids as string[]) : undefined;
}

/**
 * Starts a record at the transcript's current end (a resumed session's earlier messages are not
 * repeated). `now` is the clock for `duration_api_ms` (time from each request being sent to its
 * reply, retries included).
 *
 * Events reach the reader after the agent has moved on (they are queued), so the transcript can
 * be ahead of the event being read. A model reply is therefore printed only once its
 * `assistant_message` event is read (which also gives its stop reason and usage), and the
 * agent's own forced skill call once its `tool_call_started` event (forced) is read; the scan
 * waits at the first message not yet accounted for. A reply that was never appended (empty, or
 * refused) cannot hold up the next one: its allowance ends at the next `request_start`.
 */
export function createRunRecord(agent: TranscriptSource, model: string, now: () => number = Date.now): RunRecord {
  let transcript = agent.messages();
  let seen = transcript.length;
  let finalText = '';
  let lastUsage: Usage = emptyUsage();
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
  const forcedIds = new Set<string>();
  let reply: { stopReason: string | null; usage: Usage } | undefined;
  const newLines = (): (ClaudeAssistantMessage | ClaudeUserMessage)[] => {
    const current = agent.messages();
    // A compaction swaps the transcript and a refusal cuts it: neither is new conversation.
    if (current !== transcript || current.length < seen) {
      transcript = current;
      seen = current.length;
      return [];
    }
    const lines: (ClaudeAssistantMessage | ClaudeUserMessage)[] = [];
    const meta = { sessionId: agent.sessionId, model };
    for (; seen < current.length; seen++) {
      const message = current[seen]!;
      if (message.role === 'assistant') {
        const ids = toolUseIds(message);
        if (ids?.every((id) => forcedIds.has(id)) === true)
          lines.push(...lineOf(message, { ...meta, stopReason: 'tool_use', usage: emptyUsage() }));
        else if (reply) {
          lines.push(...lineOf(message, { ...meta, ...reply }));
          reply = undefined;
        } else break;
      } else if (message.content.some((block) => block.type === 'tool_result'))
        lines.push(...lineOf(message, { ...meta, stopReason: null, usage: emptyUsage() }));
    }
    return lines;
  };

  return {
    add(event) {
      switch (event.type) {
        case 'request_start': {
          const earlier = newLines();
          reply = undefined;
          requests += 1;
          requestStarted = now();
          lastUsage = emptyUsage();
          return earlier;
        }
        case 'usage':
          lastUsage = event.usage;
          modelUsage[event.model] = addModelUsage(modelUsage[event.model], event.usage, event.costUsd);
          break;
        case 'assistant_message':
          replyArrived();
          reply = { stopReason: event.stopReason, usage: lastUsage };
          if (event.text.trim() !== '') finalText = event.text;
          break;
        case 'tool_call_started':
          calls.set(event.id, { name: event.name, input: event.input });
          if (event.forced) forcedIds.add(event.id);
          break;
        case 'approval_resolved':
          if (!event.allowed) deny(event.id);
          break;
        case 'tool_call_finished':
          // `denied` after a "no", `denied: <why>` for a rule or plan mode (the agent's tool line).
          if (event.isError && (event.display === 'denied' || event.display.startsWith('denied: '))) deny(event.id);
          break;
        case 'error':
          replyArrived();
          errors.push(event.message);
          break;
        case 'turn_end':
          replyArrived();
          usage = event.usage;
          costUsd = event.costUsd;
          stopDetails = event.stopDetails;
          break;
        default:
          break;
      }
      return newLines();
    },
    result(outcome, durationMs) {
      const subtype = subtypeOf(outcome);
      return {
        type: 'result',
        subtype,
        uuid: randomUuid(),
        session_id: agent.sessionId,
        is_error: subtype !== 'success',
        result: finalText,
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
