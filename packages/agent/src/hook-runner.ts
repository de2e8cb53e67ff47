/**
 * Runs the plugins' hooks in order at each point of the loop and folds their answers into one:
 * context texts and forced calls collected, an input rewritten and checked again before the next
 * plugin sees it, a result replaced, focuses joined, re-attached texts collected. The first block
 * wins and stops the rest. A hook that throws blocks what it guards (`before*`); after the fact
 * (`after*`) it is reported as an error event and the others still run.
 */
import type { ToolResult, Validation } from '@coding-harness/tools';
import type {
  CompactContext,
  ForcedCall,
  HookContext,
  Hooks,
  HookToolCall,
  QuestionAsked,
  Reattached,
  ThreadStop,
  TurnContext,
  TurnEnd,
} from './hooks.js';

/** `beforeTurn` folded: a block, or the context texts and forced calls of every plugin in order. */
export type TurnStart = { block: string } | { context: string[]; calls: ForcedCall[] };

/**
 * `beforeToolCall` folded: a block (the reason is the result), or the input to run with and the
 * strongest permission a plugin asked for (`ask` beats `allow`), with the reasons given for it.
 */
export type CallGate =
  | { block: string }
  | { invalid: string }
  | { input: unknown; permission?: 'allow' | 'ask'; reason?: string };

export interface HookRunner {
  /** True when no plugin has any hook (the loop skips the work of building contexts). */
  readonly empty: boolean;
  /** A runner over these plugins and then `more` (a thread's own hooks). */
  with(more: readonly Hooks[]): HookRunner;
  beforeTurn(turn: { text: string }, ctx: TurnContext): Promise<TurnStart>;
  /** `revalidate` checks a rewritten input with the call's tool; a failure ends the call with its message. */
  beforeToolCall(
    call: HookToolCall,
    ctx: TurnContext,
    revalidate: (raw: unknown) => Validation<unknown>,
  ): Promise<CallGate>;
  afterToolCall(call: HookToolCall, result: ToolResult, ctx: TurnContext): Promise<ToolResult>;
  beforeCompact(ctx: CompactContext): Promise<{ block: string } | { focus?: string }>;
  afterCompact(ctx: CompactContext): Promise<Reattached[]>;
  /** The text to go on with, when a plugin asks for one. */
  afterTurn(end: TurnEnd, ctx: TurnContext): Promise<string | undefined>;
  /** The text a thread goes on with, when a plugin asks for one. */
  afterThread(end: ThreadStop, ctx: TurnContext): Promise<string | undefined>;
  /** Tells every observer of questions; never rejects (a failure is an error event). */
  onQuestion(question: QuestionAsked, ctx: TurnContext): Promise<void>;
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Reports a failed after-the-fact hook and lets the others run. */
function report(plugin: Hooks, hook: string, err: unknown, ctx: HookContext): void {
  ctx.emit({ type: 'error', message: `hook ${plugin.name}.${hook} failed: ${messageOf(err)}`, fatal: false });
}

/** The text a guard's own failure blocks with. */
const failed = (plugin: Hooks, hook: string, err: unknown): string =>
  `blocked: the ${plugin.name} hook (${hook}) failed: ${messageOf(err)}`;

/** `beforeTurn` of every plugin in order, folded (see `TurnStart`). */
async function startTurn(list: readonly Hooks[], turn: { text: string }, ctx: TurnContext): Promise<TurnStart> {
  const context: string[] = [];
  const calls: ForcedCall[] = [];
  for (const plugin of list) {
    if (!plugin.beforeTurn) continue;
    try {
      const answer = await plugin.beforeTurn(turn, ctx);
      if (!answer) continue;
      if ('block' in answer) return { block: answer.block };
      context.push(...(answer.context ?? []));
      calls.push(...(answer.calls ?? []));
    } catch (err) {
      return { block: failed(plugin, 'beforeTurn', err) };
    }
  }
  return { context, calls };
}

/** `beforeToolCall` of every plugin in order, folded (see `CallGate`); each rewrite is checked with `revalidate`. */
async function gateCall(
  list: readonly Hooks[],
  call: HookToolCall,
  ctx: TurnContext,
  revalidate: (raw: unknown) => Validation<unknown>,
): Promise<CallGate> {
  let input = call.input;
  let permission: 'allow' | 'ask' | undefined;
  const reasons: string[] = [];
  for (const plugin of list) {
    if (!plugin.beforeToolCall) continue;
    try {
      const answer = await plugin.beforeToolCall({ ...call, input }, ctx);
      if (!answer) continue;
      if ('block' in answer) return { block: answer.block };
      if (answer.input !== undefined) {
        const checked = revalidate(answer.input);
        if (!checked.ok) return { invalid: `the ${plugin.name} hook rewrote the input: ${checked.message}` };
        input = checked.input;
      }
      if (answer.permission === 'ask' || (answer.permission === 'allow' && permission === undefined))
        permission = answer.permission;
      if (answer.permission !== undefined && answer.reason !== undefined && answer.reason.trim() !== '')
        reasons.push(answer.reason.trim());
    } catch (err) {
      return { block: failed(plugin, 'beforeToolCall', err) };
    }
  }
  return {
    input,
    ...(permission !== undefined ? { permission } : {}),
    ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}),
  };
}

/** The first non-empty `continueWith` of the plugins' `hook` (every plugin still runs). */
async function goOn<E>(
  list: readonly Hooks[],
  hook: 'afterTurn' | 'afterThread',
  end: E,
  ctx: TurnContext,
  call: (plugin: Hooks, end: E, ctx: TurnContext) => ReturnType<NonNullable<Hooks['afterTurn']>> | undefined,
): Promise<string | undefined> {
  let next: string | undefined;
  for (const plugin of list) {
    try {
      const answer = await call(plugin, end, ctx);
      if (answer && next === undefined && answer.continueWith.trim() !== '') next = answer.continueWith;
    } catch (err) {
      report(plugin, hook, err, ctx);
    }
  }
  return next;
}

/** The runner over `plugins`, in that order. */
export function createHookRunner(plugins: readonly Hooks[] = []): HookRunner {
  const list = [...plugins];
  const empty = list.every(
    (p) =>
      !p.beforeTurn &&
      !p.beforeToolCall &&
      !p.afterToolCall &&
      !p.beforeCompact &&
      !p.afterCompact &&
      !p.afterTurn &&
      !p.afterThread &&
      !p.onQuestion,
  );
  return {
    empty,
    with: (more) => createHookRunner([...list, ...more]),
    beforeTurn: (turn, ctx) => startTurn(list, turn, ctx),
    beforeToolCall: (call, ctx, revalidate) => gateCall(list, call, ctx, revalidate),
    async afterToolCall(call, result, ctx) {
      let current = result;
      for (const plugin of list) {
        if (!plugin.afterToolCall) continue;
        try {
          const answer = await plugin.afterToolCall(call, current, ctx);
          if (answer) current = answer.result;
        } catch (err) {
          report(plugin, 'afterToolCall', err, ctx);
        }
      }
      return current;
    },
    async beforeCompact(ctx) {
      const focuses = ctx.focus !== undefined && ctx.focus.trim() !== '' ? [ctx.focus.trim()] : [];
      for (const plugin of list) {
        if (!plugin.beforeCompact) continue;
        try {
          const focus = focuses.length > 0 ? focuses.join('; ') : undefined;
          const answer = await plugin.beforeCompact({ ...ctx, ...(focus !== undefined ? { focus } : {}) });
          if (!answer) continue;
          if ('block' in answer) return { block: answer.block };
          if (answer.focus.trim() !== '') focuses.push(answer.focus.trim());
        } catch (err) {
          return { block: failed(plugin, 'beforeCompact', err) };
        }
      }
      return focuses.length > 0 ? { focus: focuses.join('; ') } : {};
    },
    async afterCompact(ctx) {
      const out: Reattached[] = [];
      for (const plugin of list) {
        if (!plugin.afterCompact) continue;
        try {
          const answer = await plugin.afterCompact(ctx);
          if (answer) out.push(...answer.reattach);
        } catch (err) {
          report(plugin, 'afterCompact', err, ctx);
        }
      }
      return out;
    },
    afterTurn: (end, ctx) => goOn(list, 'afterTurn', end, ctx, (p, e, c) => p.afterTurn?.(e, c)),
    afterThread: (end, ctx) => goOn(list, 'afterThread', end, ctx, (p, e, c) => p.afterThread?.(e, c)),
    async onQuestion(question, ctx) {
      await Promise.all(
        list.map(async (plugin) => {
          try {
            await plugin.onQuestion?.(question, ctx);
          } catch (err) {
            report(plugin, 'onQuestion', err, ctx);
          }
        }),
      );
    },
  };
}
