import type { Readable } from 'node:stream';

/** A terminal input stream: `setRawMode` exists on a TTY only. */
export type KeyInput = Readable & { setRawMode?: (raw: boolean) => unknown; isRaw?: boolean };

const CTRL_C = 0x03;

/**
 * Keystrokes typed while `harness-tui` starts (the session is built and blessed loads before the
 * first frame, about a second): without this the terminal is still in line mode then, which echoes
 * the keys and turns Enter into `\n` (ICRNL), so blessed later reads Enter as Ctrl-J (a new line).
 *
 * `start` puts the terminal in raw mode at once and keeps what arrives; `handOver` gives the bytes
 * to the TUI (the terminal stays raw, blessed keeps it so). A `\n` in them becomes `\r`: bytes
 * typed before raw mode took effect were cooked by the terminal, and an early Ctrl-J is far less
 * likely than an early Enter. Ctrl-C before the screen is up calls `onInterrupt` (the terminal
 * would have sent SIGINT). `stop` restores line mode for the paths that never show a screen.
 */
export class EarlyInput {
  private readonly chunks: Buffer[] = [];
  private active = false;
  private readonly onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (bytes.includes(CTRL_C)) {
      this.stop();
      this.onInterrupt();
      return;
    }
    this.chunks.push(bytes);
  };

  constructor(
    private readonly input: KeyInput,
    private readonly onInterrupt: () => void,
  ) {}

  /** Raw mode on and start keeping keys; no-op when already started. */
  start(): void {
    if (this.active) return;
    this.active = true;
    this.input.setRawMode?.(true);
    this.input.on('data', this.onData);
  }

  /** Stops listening and returns the keys typed so far (`\n` read as Enter); raw mode stays on. */
  handOver(): Buffer {
    this.detach();
    return Buffer.from(Buffer.concat(this.chunks.splice(0)).toString('latin1').replace(/\n/g, '\r'), 'latin1');
  }

  /** Stops listening and puts the terminal back in line mode (the keys are dropped). */
  stop(): void {
    if (!this.active) return;
    this.detach();
    this.chunks.length = 0;
    this.input.setRawMode?.(false);
  }

  private detach(): void {
    if (!this.active) return;
    this.active = false;
    this.input.removeListener('data', this.onData);
    this.input.pause();
  }
}
