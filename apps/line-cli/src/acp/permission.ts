/**
 * An approval question as ACP's `session/request_permission`, and the editor's choice as the
 * session's `answer`: allow once (`allow_once`), allow always (`allow_always`, named with the rule
 * it adds for the rest of the session, and what the rule covers when known), reject
 * (`reject_once`). A question whose "always" would add no rule (`alwaysRule` empty: the session's
 * "always" allows this call only) offers no allow-always option, since it would promise what it
 * does not do. A cancelled question (the editor cancelled the turn) is a "no".
 */
import type { PermissionOption, RequestPermissionOutcome } from '@agentclientprotocol/sdk';
import type { Answer, EventOf } from '@coding-harness/protocol';

export const OPTION = {
  once: 'allow_once',
  always: 'allow_always',
  reject: 'reject_once',
  project: 'allow_always_project',
} as const;

/** The options one question offers, in the order an editor lists them. */
export function permissionOptions(event: EventOf<'approval_requested'>): PermissionOption[] {
  const covers = event.alwaysCovers ? ` (${event.alwaysCovers})` : '';
  return [
    { optionId: OPTION.once, name: 'Allow once', kind: 'allow_once' },
    ...(event.alwaysRule !== ''
      ? [
          {
            optionId: OPTION.always,
            name: `Always allow ${event.alwaysRule}${covers} in this session`,
            kind: 'allow_always' as const,
          },
          {
            optionId: OPTION.project,
            name: `Always allow ${event.alwaysRule}${covers} in this project (saved in .claude/settings.local.json)`,
            kind: 'allow_always' as const,
          },
        ]
      : []),
    { optionId: OPTION.reject, name: 'Reject', kind: 'reject_once' },
  ];
}

/** The session's answer to the editor's outcome. */
export function answerOf(outcome: RequestPermissionOutcome): Answer {
  if (outcome.outcome === 'cancelled') return { type: 'deny', message: 'the turn was cancelled in the editor' };
  switch (outcome.optionId) {
    case OPTION.once:
      return { type: 'once' };
    case OPTION.always:
      return { type: 'session' };
    case OPTION.project:
      return { type: 'project' };
    case OPTION.reject:
      return { type: 'deny' };
    default:
      return { type: 'deny', message: `the editor chose an option this question did not offer (${outcome.optionId})` };
  }
}
