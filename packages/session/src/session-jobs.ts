/**
 * The session's running jobs (split from session-commands.ts): which turn, `!command` or
 * compaction is running now (for `interrupt` and `close`), the runner that streams a job's events
 * to the subscribers with a `status` event after it, and compaction as `/compact` and the
 * `compact` command both report it.
 */
import type { AgentEvent } from '@coding-harness/agent';
import type { SessionEvent, SlashResult } from '@coding-harness/protocol';
import type { Harness } from './harness.js';

const NOTHING_TO_COMPACT = 'nothing to compact yet: the conversation has no earlier turns';

/** What the command handlers share: the running job's abort and whether the session is closed. */
export interface SessionJobs {
  /** The running turn's or compaction's abort, for `interrupt` and `close`. */
  current: AbortController | undefined;
  closed: boolean;
  emitStatus(): void;
  /** Runs one of the agent's jobs (a turn, a compaction), its events to the subscribers. */
  job(events: (signal: AbortSignal) => AsyncIterable<AgentEvent>, seen: (e: AgentEvent) => void): Promise<void>;
  compact(focus: string): Promise<Extract<SlashResult, { kind: 'compact' }>>;
}

export function sessionJobs(harness: Harness, emit: (event: SessionEvent) => void): SessionJobs {
  const jobs: SessionJobs = {
    current: undefined,
    closed: false,
    emitStatus: (): void => emit({ type: 'status', status: harness.controls.status() }),

    job: async (events, seen) => {
      const controller = new AbortController();
      jobs.current = controller;
      try {
        for await (const event of events(controller.signal)) {
          emit(event);
          seen(event);
        }
      } finally {
        if (jobs.current === controller) jobs.current = undefined;
        jobs.emitStatus();
      }
    },

    compact: async (focus) => {
      if (harness.agent.busy)
        return { kind: 'compact', compacted: false, message: 'a turn is running: compact after it ends' };
      let said = false;
      let done: Extract<AgentEvent, { type: 'compaction' }> | undefined;
      await jobs.job(
        (signal) => harness.agent.compact({ ...(focus.trim() !== '' ? { focus } : {}), signal }),
        (event) => {
          if (event.type === 'compaction') done = event;
          else said = true;
        },
      );
      if (done)
        return { kind: 'compact', compacted: true, tokensBefore: done.tokensBefore, tokensAfter: done.tokensAfter };
      // Nothing was said at all: there was nothing older to summarise. Otherwise the events said why.
      return { kind: 'compact', compacted: false, ...(said ? {} : { message: NOTHING_TO_COMPACT }) };
    },
  };
  return jobs;
}
