/**
 * Where a session's events go: every subscriber gets every event, in order. A listener that
 * throws is the listener's bug: it is dropped from that event, never the session's failure.
 * `until` turns the stream into an async iterable that ends with one command's result.
 */
import type { SessionEvent } from '@coding-harness/protocol';

export interface EventHub {
  emit(event: SessionEvent): void;
  subscribe(listener: (event: SessionEvent) => void): () => void;
  /**
   * Subscribes, then calls `start` (which sends the command), and yields every event until the
   * `command_result` naming `commandId` (included). Breaking out of the iteration unsubscribes.
   */
  until(commandId: string, start: () => void): AsyncIterable<SessionEvent>;
}

export function createEventHub(): EventHub {
  const listeners = new Set<(event: SessionEvent) => void>();
  const emit = (event: SessionEvent): void => {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch {
        // A front end's rendering bug must not stop the turn or the other front ends.
      }
    }
  };
  const subscribe = (listener: (event: SessionEvent) => void): (() => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  async function* until(commandId: string, start: () => void): AsyncGenerator<SessionEvent> {
    const queue: SessionEvent[] = [];
    let wake: (() => void) | undefined;
    let done = false;
    const off = subscribe((event) => {
      queue.push(event);
      if (event.type === 'command_result' && event.commandId === commandId) done = true;
      wake?.();
    });
    try {
      start();
      for (;;) {
        const event = queue.shift();
        if (event !== undefined) {
          yield event;
          if (event.type === 'command_result' && event.commandId === commandId) return;
          continue;
        }
        if (done) return;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    } finally {
      off();
    }
  }
  return { emit, subscribe, until };
}
