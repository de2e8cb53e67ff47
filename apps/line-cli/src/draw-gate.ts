/**
 * Keeps a question behind the events drawn before it. The agent calls `ask` as soon as it emits
 * `approval_requested`, while the front end's loop may still be drawing the events queued ahead
 * of it (the model's text, the `● tool` line). The loop calls `drawn()` each time it has drawn
 * an `approval_requested`; `ask` awaits `next(signal)`, which resolves once as many have been
 * drawn as questions asked (or the signal aborts), so the question always comes after them.
 */
export class DrawGate {
  private shown = 0;
  private asked = 0;
  private wake: (() => void) | undefined;

  /** A new turn: nothing drawn, nothing asked. */
  reset(): void {
    this.shown = 0;
    this.asked = 0;
    this.wake?.();
  }

  /** The loop drew one `approval_requested`. */
  drawn(): void {
    this.shown += 1;
    this.wake?.();
  }

  /** Resolves when the loop has drawn the `approval_requested` of this question (or `signal` aborts). */
  next(signal?: AbortSignal): Promise<void> {
    const n = (this.asked += 1);
    return new Promise((resolve) => {
      const check = (): void => {
        if (this.shown < n && this.asked >= n && !signal?.aborted) return;
        this.wake = undefined;
        signal?.removeEventListener('abort', check);
        resolve();
      };
      this.wake = check;
      signal?.addEventListener('abort', check, { once: true });
      check();
    });
  }
}
