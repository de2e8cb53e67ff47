/**
 * The agent's one-job-at-a-time runner (split from agent.ts): a turn or a compaction runs alone,
 * its events as an async iterable; the persistence warnings waiting are said with its events;
 * `close()` stops the running job and waits for its end.
 */
import { createChannel } from './channel.js';
import type { AgentEvent } from './events.js';

export interface AgentJobs {
  /** A turn or a compaction is running. */
  readonly busy: boolean;
  /** Runs `body` as the one exclusive job of the agent (a turn or a compaction), its events as an iterable. */
  run(
    outer: AbortSignal | undefined,
    body: (signal: AbortSignal, emit: (event: AgentEvent) => void) => Promise<unknown>,
  ): AsyncGenerator<AgentEvent>;
  /** Aborts the running job, if any, and waits for its end. */
  stop(): Promise<void>;
}

/** `pendingWarnings` is drained into the running job's events (as non-fatal errors) after each event. */
export function agentJobs(pendingWarnings: string[]): AgentJobs {
  let busy = false;
  /** The running job's own abort (a turn or a compaction), and its end: `close()` stops and awaits it. */
  let stopAll: AbortController | undefined;
  let running: Promise<unknown> = Promise.resolve();
  async function* exclusive(
    outer: AbortSignal | undefined,
    body: (signal: AbortSignal, emit: (event: AgentEvent) => void) => Promise<unknown>,
  ): AsyncGenerator<AgentEvent> {
    if (busy) {
      yield { type: 'error', message: 'a turn is already running', fatal: false };
      return;
    }
    busy = true;
    const stop = new AbortController();
    stopAll = stop;
    const signal = outer ? AbortSignal.any([outer, stop.signal]) : stop.signal;
    const channel = createChannel<AgentEvent>();
    const emit = (event: AgentEvent): void => {
      channel.push(event);
      if (pendingWarnings.length > 0)
        for (const message of pendingWarnings.splice(0)) channel.push({ type: 'error', message, fatal: false });
    };
    const done = body(signal, emit).finally(() => channel.close());
    running = done.catch(() => undefined);
    try {
      yield* channel;
    } finally {
      stop.abort();
      await done;
      busy = false;
    }
  }
  return {
    get busy() {
      return busy;
    },
    run: exclusive,
    async stop() {
      stopAll?.abort();
      await running;
    },
  };
}
