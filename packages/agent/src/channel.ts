/**
 * An unbounded single-consumer queue: producers (the turn, approval callbacks, concurrent tools)
 * push in any order; one async iterator drains in push order. `close()` ends the iteration after
 * everything pushed so far has been read.
 */
export interface Channel<T> extends AsyncIterable<T> {
  push(item: T): void;
  close(): void;
}

/** Creates an empty open channel. */
export function createChannel<T>(): Channel<T> {
  const items: T[] = [];
  let closed = false;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  return {
    push(item) {
      if (closed) return;
      items.push(item);
      notify();
    },
    close() {
      closed = true;
      notify();
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (items.length > 0) {
          yield items.shift() as T;
          continue;
        }
        if (closed) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}
