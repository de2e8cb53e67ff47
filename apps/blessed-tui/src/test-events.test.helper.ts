/** Session events and state for tests, built as the session builds them. */
import { turnOutcome } from '@coding-harness/agent';
import { alwaysRuleFor } from '@coding-harness/approval';
import type { ApprovalRequest, CallKind } from '@coding-harness/approval';
import type { Message, StopDetails } from '@coding-harness/model';
import type { EventOf, SessionEvent, SessionStatus, TurnStopReason } from '@coding-harness/protocol';
import { initialState, type ViewState } from './view-state.js';

export const ZERO = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

/** A session's state with everything zero, as a fresh session reports it. */
export function testStatus(over: Partial<SessionStatus> = {}): SessionStatus {
  return {
    sessionId: 'sess-test',
    model: 'm1',
    efforts: [],
    maxTokens: 8192,
    mode: 'default',
    usage: { ...ZERO },
    costUsd: 0,
    requests: 0,
    context: { used: 0, window: 200_000 },
    workroot: '/w',
    skills: 0,
    busy: false,
    ...over,
  };
}

/** The view of a fresh session. */
export const freshView = (over: Partial<SessionStatus> = {}): ViewState => initialState({ status: testStatus(over) });

/** An assistant message holding `text`. */
export const said = (text: string): Message => ({ role: 'assistant', content: [{ type: 'text', text }] });

export const turnStart = (text: string, turn = 1): SessionEvent => ({
  type: 'turn_start',
  turnId: `turn_${turn}`,
  turn,
  text,
});

export const messageEnd = (text: string, stopReason: 'end_turn' | 'tool_use' = 'end_turn'): SessionEvent => ({
  type: 'message_end',
  message: said(text),
  stopReason,
});

export const started = (
  callId: string,
  name: string,
  kind: CallKind,
  summary: string,
  input: unknown = {},
): EventOf<'tool_call_started'> => ({ type: 'tool_call_started', callId, name, kind, input, summary, forced: false });

export const finished = (
  callId: string,
  name: string,
  display: string,
  content: string,
  extra: { isError?: boolean; diff?: string } = {},
): EventOf<'tool_call_finished'> => ({
  type: 'tool_call_finished',
  callId,
  name,
  isError: extra.isError ?? false,
  display,
  content: [{ type: 'text', text: content }],
  ...(extra.diff !== undefined ? { diff: extra.diff } : {}),
});

export const turnEnd = (
  stopReason: TurnStopReason,
  extra: { usage?: typeof ZERO; costUsd?: number; stopDetails?: StopDetails; turn?: number } = {},
): SessionEvent => ({
  type: 'turn_end',
  turnId: `turn_${extra.turn ?? 1}`,
  turn: extra.turn ?? 1,
  stopReason,
  outcome: turnOutcome(stopReason),
  usage: extra.usage ?? ZERO,
  costUsd: extra.costUsd ?? 0,
  ...(extra.stopDetails ? { stopDetails: extra.stopDetails } : {}),
});

/** The question the session asks about `request` (its "always" rule as the executor computes it). */
export const question = (
  request: ApprovalRequest,
  callId = 't1',
  requestId = `req_${callId}`,
): EventOf<'approval_requested'> => ({
  type: 'approval_requested',
  requestId,
  callId,
  tool: request.tool,
  kind: request.kind,
  summary: request.summary,
  ...(request.target !== undefined ? { target: request.target } : {}),
  ...(request.preview !== undefined ? { preview: request.preview } : {}),
  alwaysRule: alwaysRuleFor(request),
});
