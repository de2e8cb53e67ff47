import type { OutStream } from './io.js';
import { formatSeconds } from './render.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** A one-line spinner with elapsed seconds, for TTYs only; `stop()` erases it. Idempotent. */
export class Spinner {
  private timer: NodeJS.Timeout | undefined;
  private started = 0;
  private frame = 0;

  constructor(
    private readonly out: OutStream,
    private readonly dim: (text: string) => string,
  ) {}

  start(): void {
    if (this.timer) return;
    this.started = performance.now();
    this.draw();
    this.timer = setInterval(() => this.draw(), 100);
  }

  stop(): void {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.out.write('\r\x1b[K');
  }

  private draw(): void {
    this.frame = (this.frame + 1) % FRAMES.length;
    this.out.write(`\r${this.dim(`${FRAMES[this.frame]} ${formatSeconds(performance.now() - this.started)}`)}`);
  }
}
