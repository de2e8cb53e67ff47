/**
 * Collects what a run did, from the agent's events and the ask callback, in the form the checks
 * read. It sees only what a front end would see: no peeking into the agent's internals.
 */
import type { AgentEvent, Usage } from '@coding-harness/agent';
import { messageText, resultText } from '@coding-harness/model';

/** One tool call as observed: its input, and its result once finished. */
export interface ObservedCall {
  id: string;
  name: string;
  input: unknown;
  forced: boolean;
  result?: { isError: boolean; content: string };
}

/** Everything the checks need about a finished run. */
export interface RunRecord {
  calls: ObservedCall[];
  /** Texts of complete assistant messages, in order. */
  assistantTexts: string[];
  /** How many times the ask callback was called. */
  asks: number;
  /** Usage per model request, in order. */
  requestUsage: Usage[];
  /** The transcript (as JSON) right after each compaction, and the skills it re-attached. */
  compactions: { reattachedSkills: string[]; transcript: string }[];
  /** Each user turn's stop reason. */
  stopReasons: string[];
  /** Error events (fatal or not) and notices, for failure messages. */
  errors: string[];
}

/** A fresh, empty record. */
export function emptyRecord(): RunRecord {
  return { calls: [], assistantTexts: [], asks: 0, requestUsage: [], compactions: [], stopReasons: [], errors: [] };
}

/** Folds one event into the record; `transcript` is read only for a compaction event. */
export function recordEvent(record: RunRecord, event: AgentEvent, transcript: () => unknown): void {
  switch (event.type) {
    case 'tool_call_started':
      record.calls.push({ id: event.callId, name: event.name, input: event.input, forced: event.forced });
      break;
    case 'tool_call_finished': {
      const call = record.calls.find((c) => c.id === event.callId);
      if (call) call.result = { isError: event.isError, content: resultText(event.content) };
      break;
    }
    case 'message_end':
      if (event.message.role === 'assistant') record.assistantTexts.push(messageText(event.message));
      break;
    case 'usage':
      record.requestUsage.push(event.usage);
      break;
    case 'compaction':
      record.compactions.push({ reattachedSkills: event.reattachedSkills, transcript: JSON.stringify(transcript()) });
      break;
    case 'turn_end':
      record.stopReasons.push(event.stopReason);
      break;
    case 'error':
      record.errors.push(`${event.fatal ? 'fatal error' : 'error'}: ${event.message}`);
      break;
    default:
      break;
  }
}

/** The last non-empty assistant text: what the user would read as the answer. */
export function finalText(record: RunRecord): string {
  return [...record.assistantTexts].reverse().find((t) => t.trim() !== '') ?? '';
}
