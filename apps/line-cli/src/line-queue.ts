/**
 * Messages from the input as a queue, so the prompt loop and the approval question read from one
 * source: messages typed (or piped) ahead wait their turn. `next()` resolves with `null` once
 * input has ended (Ctrl-D, end of piped stdin) or when `signal` aborts.
 */
export class LineQueue {
  private readonly lines: string[] = [];
  private readonly waiters: Array<(line: string | null) => void> = [];
  private closed = false;

  /** One whole message arrived. */
  push(line: string): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(line);
    else this.lines.push(line);
  }

  /** The input ended: waiting readers get `null`; queued messages can still be taken. */
  end(): void {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter(null);
  }

  /** True once input closed and every queued line was taken. */
  get done(): boolean {
    return this.closed && this.lines.length === 0;
  }

  next(signal?: AbortSignal): Promise<string | null> {
    const queued = this.lines.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.closed || signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter = (line: string | null): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve(line);
      };
      const onAbort = (): void => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        resolve(null);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }
}
