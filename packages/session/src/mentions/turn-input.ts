/**
 * What the session does with a message before (or instead of) a model turn: a `!command` runs at
 * once and waits, with its output, for the next turn; `@path` mentions and pasted image or PDF
 * paths become parts after the text. The front ends are told what was attached (a notice each).
 */
import type { Policy } from '@coding-harness/approval';
import type { Part } from '@coding-harness/model';
import type { SessionEvent } from '@coding-harness/protocol';
import type { Sandbox, ToolRegistry } from '@coding-harness/tools';
import { attachMentions } from './attach.js';
import { runBang } from './bang.js';
import { bangCommand } from './parse.js';
import { attachPasted } from './pasted.js';

/** The session's parts the turn input works with. */
export interface TurnInputDeps {
  root: string;
  secrets: readonly string[];
  sandbox?: Sandbox;
  /** The environment `!command` runs with; absent: process.env. */
  env?: NodeJS.ProcessEnv;
  policy: Pick<Policy, 'deniedByRule' | 'readFilter'>;
  registry: Pick<ToolRegistry, 'ruleNames'>;
  home?: string;
}

/** One session's turn input: the `!command` outputs waiting for the next turn live here. */
export interface TurnInput {
  /** The command of a `!command` message, or undefined for any other. */
  bang(text: string): string | undefined;
  /** Runs a `!command`; its output waits for the next turn. Returns the call id its events carry and whether it succeeded. */
  runBang(
    command: string,
    emit: (event: SessionEvent) => void,
    signal: AbortSignal,
  ): Promise<{ callId: string; ok: boolean }>;
  /** The parts of the next turn's user message: waiting `!command` outputs before, attachments after. */
  parts(
    text: string,
    emit: (event: SessionEvent) => void,
    signal: AbortSignal,
  ): Promise<{ before: Part[]; after: Part[] }>;
  /** Puts `before` parts back (the turn did not start). */
  restore(before: readonly Part[]): void;
}

export function createTurnInput(deps: () => TurnInputDeps): TurnInput {
  let waiting: Part[] = [];
  return {
    bang: bangCommand,
    async runBang(command, emit, signal) {
      const d = deps();
      const run = await runBang(command, { ...d, emit, signal });
      waiting.push(...run.parts);
      return { callId: run.callId, ok: run.ok };
    },
    async parts(text, emit, signal) {
      const d = deps();
      const readFilter = (abs: string): boolean => d.policy.readFilter(abs);
      const attached = await attachMentions(text, { root: d.root, readFilter, secrets: d.secrets, signal });
      attachPasted(text, { root: d.root, readFilter, ...(d.home !== undefined ? { home: d.home } : {}) }, attached);
      for (const message of attached.notes) emit({ type: 'notice', message });
      const before = waiting;
      waiting = [];
      return { before, after: attached.parts };
    },
    restore(before) {
      waiting = [...before, ...waiting];
    },
  };
}
