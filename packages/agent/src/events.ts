/**
 * What the agent tells its caller: the session protocol's events (`@coding-harness/protocol`),
 * plain JSON. Every event of a turn carries the turn's `turnId`; tool events the model's
 * `callId`; an approval question a `requestId` that `Agent.answer` takes. The agent never prints.
 */
import type { SessionEvent } from '@coding-harness/protocol';

export type { Usage } from '@coding-harness/model';
export type { TurnOutcome, TurnStopReason } from '@coding-harness/protocol';

/** The events an agent emits: the protocol's, less those only a session sends (status, command results). */
export type AgentEvent = Exclude<SessionEvent, { type: 'status' | 'command_result' | 'closed' }>;

export type AgentEventType = AgentEvent['type'];
