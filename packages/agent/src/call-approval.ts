/**
 * Authorizing one tool call: the approval question (an `approval_requested` event whose answer
 * arrives by its request id, one question at a time), and the policy's answer as a hook's
 * permission decision bends it.
 */
import { alwaysRuleFor, alwaysRuleScope, denialForNonInteractive } from '@coding-harness/approval';
import type { Answer, AskFn, Authorization } from '@coding-harness/approval';
import { redactSecrets } from '@coding-harness/tools';
import type { prepareCall, ToolContext } from '@coding-harness/tools';
import type { ToolCallPart } from '@coding-harness/model';
import type { Approvals } from './approvals.js';
import type { AgentEvent } from './events.js';
import type { TurnContext } from './hooks.js';
import type { HookRunner } from './hook-runner.js';
import type { AgentPolicy } from './policy.js';

/** The result text of a call that was not run (or was stopped) because the user aborted. */
export const CANCELLED = 'cancelled by the user';

/** A question still open when the user aborts is answered no. */
const DENIED_BY_ABORT: Answer = { type: 'deny', message: CANCELLED };

type Prepared = Extract<ReturnType<typeof prepareCall>, { ok: true }>;

/** The call a question is about: the model's call and what validating it gave. */
export interface AskedCall extends Pick<Prepared, 'tool' | 'input' | 'summary' | 'permission'> {
  use: ToolCallPart;
}

/** What asking needs from the executor. */
export interface AskDeps {
  approvals: Approvals;
  emit: (event: AgentEvent) => void;
  context: ToolContext;
  hooks?: { runner: HookRunner; context: TurnContext };
}

export type Lock = <T>(fn: () => Promise<T>) => Promise<T>;

/** Runs the given functions one at a time, so approval questions never overlap. */
export function serialize(): Lock {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const next = tail.then(fn, fn);
    tail = next.catch(() => undefined);
    return next;
  };
}

/**
 * The question about `call` as an `AskFn` for the policy: the question is the event (with the
 * tool's redacted preview, the rule an "always" answer would add and the flags that would allow
 * it), the answer arrives by its request id (Agent.answer); an abort answers no. `onAsk` is told
 * when a question is actually asked.
 */
export function callAsker(call: AskedCall, deps: AskDeps, askLock: Lock, onAsk: () => void): AskFn {
  const { use, tool, input, summary, permission } = call;
  const { emit, context } = deps;
  return (request) =>
    askLock(async () => {
      onAsk();
      if (context.signal.aborted) return { type: 'deny', message: CANCELLED };
      const rawPreview = tool.preview ? await tool.preview(input, context).catch(() => undefined) : undefined;
      const preview =
        rawPreview === undefined ? undefined : redactSecrets(rawPreview, context.secrets, context.secretLabels);
      const requestId = deps.approvals.newId();
      emit({
        type: 'approval_requested',
        requestId,
        callId: use.id,
        tool: use.name,
        kind: tool.kind,
        summary,
        ...(permission.target !== undefined ? { target: permission.target } : {}),
        ...(preview !== undefined ? { preview } : {}),
        alwaysRule: alwaysRuleFor(request),
        ...(alwaysRuleScope(request) === '' ? {} : { alwaysCovers: alwaysRuleScope(request) }),
        allowHint: denialForNonInteractive(request),
      });
      if (deps.hooks && !deps.hooks.runner.empty)
        void deps.hooks.runner.onQuestion({ requestId, tool: use.name, summary }, deps.hooks.context);
      const answer = await deps.approvals.wait(requestId, context.signal, DENIED_BY_ABORT);
      emit({
        type: 'approval_resolved',
        requestId,
        callId: use.id,
        allowed: answer.type !== 'deny',
        how: context.signal.aborted && answer === DENIED_BY_ABORT ? 'aborted' : answer.type,
        ...(answer.type === 'deny' && answer.message ? { message: answer.message } : {}),
      });
      return answer;
    });
}

/** A hook's permission decision on a call (Claude Code's PreToolUse `permissionDecision`). */
export interface Decided {
  permission: 'allow' | 'ask';
  reason?: string;
}

/**
 * The policy's answer, bent by a hook's decision: `allow` answers the policy's question yes
 * (a deny rule still refuses, and nobody is asked); `ask` asks the user even when a rule or the
 * mode allowed the call without a question. The hook's reason is said before the question.
 */
export async function authorizeWith(
  policy: AgentPolicy,
  request: Parameters<AskFn>[0],
  ask: AskFn,
  decided: Decided | undefined,
  asked: () => boolean,
  emit: (event: AgentEvent) => void,
): Promise<Authorization> {
  if (decided?.permission === 'allow') return policy.authorize(request, async () => ({ type: 'once' }));
  if (decided?.reason !== undefined)
    emit({ type: 'notice', message: `a hook asks about this call: ${decided.reason}` });
  const auth = await policy.authorize(request, ask);
  if (decided?.permission !== 'ask' || !auth.allowed || asked()) return auth;
  const answer = await ask(request);
  return answer.type === 'deny'
    ? { allowed: false, message: answer.message ?? 'the user said no' }
    : { allowed: true, how: 'once', reason: 'the user said yes when a hook asked' };
}
