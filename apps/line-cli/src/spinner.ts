import type { OutStream } from './io.js';
import { formatSeconds } from './render.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** What the spinner says before the model's first text of a request. */
const MODEL_WAIT = 'waiting for the model';

/** Said on every spinner line while a turn runs: how to stop it. */
export const CANCEL_HINT = 'esc to cancel';

/**
 * A one-line spinner for TTYs only; `stop()` erases it. Idempotent. It shows the seconds since
 * `start()` and what is being waited for (the model, a command), the tokens of the turn so far
 * (`tokens()`), or with `countdown()` the seconds left before a retry; always the cancel hint.
 */
export class Spinner {
  private timer: NodeJS.Timeout | undefined;
  private started = 0;
  private frame = 0;
  private until: number | undefined;
  private label = '';
  private what = '';
  private tokenCount = 0;

  constructor(
    private readonly out: OutStream,
    private readonly dim: (text: string) => string,
  ) {}

  /**
   * Elapsed-time mode, waiting for `what`; a running countdown is replaced. `since` (a
   * `Date.now()` value): count from then, so a call's clock keeps running across its output.
   */
  start(what = MODEL_WAIT, since?: number): void {
    if (this.timer && this.until === undefined && what === this.what) return;
    // The model's own stages (waiting, then writing) share one clock, also when the spinner was
    // off while a line of its text was drawn; a tool call starts its own.
    const sameWait =
      this.until === undefined && what === 'writing' && (this.what === 'writing' || this.what === MODEL_WAIT);
    this.what = what;
    if (!sameWait) return this.run(undefined, '', since);
    this.timer ??= setInterval(() => this.draw(), 100);
    this.draw();
  }

  /** The tokens used so far in this turn (shown when above zero); 0 at a turn's start. */
  tokens(count: number): void {
    this.tokenCount = count;
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

  private run(until: number | undefined, label: string, since?: number): void {
    if (this.timer) clearInterval(this.timer);
    this.until = until;
    this.label = label;
    this.started = since ?? Date.now();
    this.draw();
    this.timer = setInterval(() => this.draw(), 100);
  }

  private draw(): void {
    this.frame = (this.frame + 1) % FRAMES.length;
    const parts =
      this.until === undefined
        ? [formatSeconds(Date.now() - this.started), this.what]
        : [`${this.label} ${formatSeconds(Math.max(0, this.until - Date.now()))}`];
    if (this.tokenCount > 0) parts.push(`${this.tokenCount.toLocaleString('en-US')} tokens`);
    parts.push(CANCEL_HINT);
    const text = parts.join(' · ');
    // One row only: a wrapped spinner line would leave a copy of itself on every redraw.
    const width = Math.max(10, (this.out.columns ?? 80) - 1);
    const line = `${FRAMES[this.frame]} ${text}`;
    this.out.write(`\r\x1b[K${this.dim(line.length > width ? line.slice(0, width) : line)}`);
  }
}
