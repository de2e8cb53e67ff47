import type { OutStream } from './io.js';
import { formatSeconds } from './render.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * A one-line spinner for TTYs only; `stop()` erases it. Idempotent. It shows the seconds since
 * `start()` (waiting for the model), or with `countdown()` the seconds left before a retry.
 */
export class Spinner {
  private timer: NodeJS.Timeout | undefined;
  private started = 0;
  private frame = 0;
  private until: number | undefined;
  private label = '';

  constructor(
    private readonly out: OutStream,
    private readonly dim: (text: string) => string,
  ) {}

  /** Elapsed-time mode; a running countdown is replaced. */
  start(): void {
    if (this.timer && this.until === undefined) return;
    this.run(undefined, '');
  }

  /** Counts down `ms` with `label` (e.g. `retrying in`), until `stop()` or the next `start()`. */
  countdown(ms: number, label: string): void {
    this.run(Date.now() + ms, label);
  }

  stop(): void {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.until = undefined;
    this.out.write('\r\x1b[K');
  }

  private run(until: number | undefined, label: string): void {
    if (this.timer) clearInterval(this.timer);
    this.until = until;
    this.label = label;
    this.started = Date.now();
    this.draw();
    this.timer = setInterval(() => this.draw(), 100);
  }

  private draw(): void {
    this.frame = (this.frame + 1) % FRAMES.length;
    const text =
      this.until === undefined
        ? formatSeconds(Date.now() - this.started)
        : `${this.label} ${formatSeconds(Math.max(0, this.until - Date.now()))}`;
    this.out.write(`\r\x1b[K${this.dim(`${FRAMES[this.frame]} ${text}`)}`);
  }
}
