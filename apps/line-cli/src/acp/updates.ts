/**
 * The session's events as ACP `session/update`s, for one ACP session: a live turn and a replayed
 * history (`session/load`) go through the same mapping, so an editor draws both alike.
 *
 * text_delta -> agent_message_chunk; thinking_delta -> agent_thought_chunk; tool_call_started ->
 * tool_call (title: the call's summary; kind: read -> read, write -> edit, exec -> execute;
 * locations: the input's `path`, made absolute); approval allowed -> tool_call_update in_progress;
 * tool_update -> tool_call_update with the output so far (ACP replaces a call's content, so the
 * whole tail is sent each time); tool_call_finished -> tool_call_update completed or failed, with
 * `diff` content from the write's unified diff (see diff-content.ts) or its text. A subagent's
 * own text (events with a `threadId`) is not the agent's answer and is left out; its tool calls
 * are shown. Notices, retries and compactions are thoughts; errors are said in the answer. In a
 * replay a user turn is a user_message_chunk (live, the editor has the prompt already).
 */
import { isAbsolute, resolve } from 'node:path';
import type { SessionUpdate, ToolCallContent, ToolCallLocation, ToolKind } from '@agentclientprotocol/sdk';
import type { CallKind } from '@coding-harness/approval';
import { resultText } from '@coding-harness/model';
import type { EventOf, SessionEvent } from '@coding-harness/protocol';
import { diffContent } from './diff-content.js';

/** How much of a command's output (its tail) a tool call shows while it runs and when it ends. */
export const OUTPUT_TAIL_CHARS = 32 * 1024;

const KIND: Record<CallKind, ToolKind> = { read: 'read', write: 'edit', exec: 'execute' };

/** The ACP tool kind of a harness call kind. */
export function toolKind(kind: CallKind): ToolKind {
  return KIND[kind];
}

/** The last `OUTPUT_TAIL_CHARS` of `text`, saying how much was left out. */
export function tail(text: string): string {
  if (text.length <= OUTPUT_TAIL_CHARS) return text;
  const cut = text.length - OUTPUT_TAIL_CHARS;
  return `… ${cut} earlier characters not shown\n${text.slice(cut)}`;
}

const textContent = (text: string): ToolCallContent => ({ type: 'content', content: { type: 'text', text } });
const chunk = (
  sessionUpdate: 'agent_message_chunk' | 'agent_thought_chunk' | 'user_message_chunk',
  text: string,
): SessionUpdate => ({ sessionUpdate, content: { type: 'text', text } });

/** The file a call's input names (its `path`), absolute, if it names one. */
export function inputPath(input: unknown, workroot: string): string | undefined {
  const p = (input as { path?: unknown } | null)?.path;
  if (typeof p !== 'string' || p === '') return undefined;
  return isAbsolute(p) ? p : resolve(workroot, p);
}

/** What the mapping remembers of one call between its events. */
interface CallState {
  path?: string;
  output: string;
}

export interface UpdateMapper {
  /** The updates one event becomes (none for bookkeeping events). */
  updates(event: SessionEvent): SessionUpdate[];
  /** The content a permission question shows for a call: its preview as a diff when it is one, else as text. */
  previewContent(event: EventOf<'approval_requested'>): ToolCallContent[];
  /** The locations of a call seen before (its input's path), for a permission question. */
  locations(callId: string): ToolCallLocation[];
}

/** A mapper for one ACP session over the work root `workroot`; `replay` for a history. */
export function createUpdateMapper(opts: { workroot: string; replay?: boolean }): UpdateMapper {
  const calls = new Map<string, CallState>();
  const locations = (callId: string): ToolCallLocation[] => {
    const path = calls.get(callId)?.path;
    return path === undefined ? [] : [{ path }];
  };

  const finished = (event: EventOf<'tool_call_finished'>): SessionUpdate => {
    const call = calls.get(event.callId);
    calls.delete(event.callId);
    const diff = event.diff !== undefined && call?.path !== undefined ? diffContent(call.path, event.diff) : undefined;
    const text = resultText(event.content);
    const content = diff ?? [textContent(tail(text.trim() === '' ? event.display : text))];
    return {
      sessionUpdate: 'tool_call_update',
      toolCallId: event.callId,
      status: event.isError ? 'failed' : 'completed',
      content,
    };
  };

  const updates = (event: SessionEvent): SessionUpdate[] => {
    switch (event.type) {
      case 'turn_start':
        return opts.replay ? [chunk('user_message_chunk', event.text)] : [];
      case 'text_delta':
        return event.threadId === undefined ? [chunk('agent_message_chunk', event.text)] : [];
      case 'thinking_delta':
        return event.threadId === undefined ? [chunk('agent_thought_chunk', event.text)] : [];
      case 'tool_call_started': {
        const path = inputPath(event.input, opts.workroot);
        calls.set(event.callId, { ...(path !== undefined ? { path } : {}), output: '' });
        return [
          {
            sessionUpdate: 'tool_call',
            toolCallId: event.callId,
            title: event.summary,
            kind: toolKind(event.kind),
            status: 'pending',
            rawInput: event.input,
            ...(path !== undefined ? { locations: [{ path }] } : {}),
          },
        ];
      }
      case 'approval_resolved':
        return event.allowed
          ? [{ sessionUpdate: 'tool_call_update', toolCallId: event.callId, status: 'in_progress' }]
          : [];
      case 'tool_update': {
        const call = calls.get(event.callId);
        if (call === undefined) return [];
        call.output += event.text;
        return [
          {
            sessionUpdate: 'tool_call_update',
            toolCallId: event.callId,
            status: 'in_progress',
            content: [textContent(tail(call.output))],
          },
        ];
      }
      case 'tool_call_finished':
        return [finished(event)];
      case 'notice':
        return [chunk('agent_thought_chunk', `${event.message}\n`)];
      case 'retry':
        return [
          chunk(
            'agent_thought_chunk',
            `retrying (attempt ${event.attempt} of ${event.maxAttempts}) in ${Math.round(event.delayMs / 1000)} s: ${event.reason}\n`,
          ),
        ];
      case 'compaction':
        return [
          chunk(
            'agent_thought_chunk',
            `compacted the conversation: ${event.tokensBefore} -> ${event.tokensAfter} tokens\n`,
          ),
        ];
      case 'error':
        return [chunk('agent_message_chunk', `\n\nerror: ${event.message}\n`)];
      default:
        return [];
    }
  };

  return {
    updates,
    locations,
    previewContent(event) {
      if (event.preview === undefined || event.preview === '') return [];
      const path = calls.get(event.callId)?.path;
      return (path !== undefined ? diffContent(path, event.preview) : undefined) ?? [textContent(event.preview)];
    },
  };
}
