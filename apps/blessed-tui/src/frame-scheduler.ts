/**
 * Coalesces render requests into at most one frame per `intervalMs` (33 ms: ~30 frames a second),
 * so a burst of stream deltas costs a few renders, not one per delta. The first request after a
 * quiet period renders on the next tick.
 */
/** The shortest time between two frames: 33 ms, about 30 frames a second. */
export const FRAME_INTERVAL_MS = 33;

export class FrameScheduler {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private last = -Infinity;
  private stopped = false;

  constructor(
    private readonly frame: () => void,
    private readonly intervalMs = FRAME_INTERVAL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Asks for a frame; many requests before it runs make one frame. */
  request(): void {
    if (this.timer || this.stopped) return;
    const wait = Math.max(0, this.last + this.intervalMs - this.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Renders now, cancelling a pending frame. */
  flush(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.last = this.now();
    this.frame();
  }

  /**
   * Drops a pending frame and draws no more (on exit: the screen is about to be destroyed, and a
   * late event of the cancelled turn must not draw over the normal screen).
   */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
