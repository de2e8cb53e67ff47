import type { Interface } from 'node:readline';
import { pasteLabel, pasteNeedsLabel } from '@coding-harness/session';

/** Turns the terminal's bracketed paste mode on: pasted text arrives between `ESC[200~` and `ESC[201~`. */
export const PASTE_ON = '\x1b[?2004h';
/** Turns bracketed paste mode off again (written on exit, however the REPL ends). */
export const PASTE_OFF = '\x1b[?2004l';

/** Pasted line ends (CR from most terminals, LF, or CRLF) as LF. */
export function normalizeLineEnds(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** A key as node:readline's keypress parser reports it. */
interface Key {
  name?: string;
  sequence?: string;
  meta?: boolean;
  ctrl?: boolean;
  shift?: boolean;
}
type KeyListener = (s: string | undefined, key: Key | undefined) => void;

export interface MessageInputOptions {
  rl: Interface;
  /** The stream readline reads (its keypress events are routed through here on a terminal). */
  input: NodeJS.ReadableStream;
  /** True on a terminal: pastes and Alt-Enter are handled; piped input gets `\` continuations only. */
  tty: boolean;
  /** Called with each whole message: continuation lines joined with LF, paste labels replaced by the pasted text. */
  onMessage(text: string): void;
  /** A continuation line is wanted: show the continuation prompt. */
  onContinue(): void;
  /** Esc was pressed (readline itself ignores it). */
  onEscape?(): void;
  /** Shift-Tab was pressed (readline would take it for Tab and complete). */
  onShiftTab?(): void;
}

/**
 * Messages, not lines, from node:readline. A line ending in `\`, or Alt-Enter (ESC CR, which
 * readline ignores), continues the message on the next line. On a terminal a bracketed paste is
 * held back from readline (whose Enter handling would send each pasted line on its own) and
 * becomes one label such as `[pasted 30 lines]` in the input line, replaced by the pasted text
 * when the message is sent; a one-line paste is typed in as it is, unless it holds a control
 * character (an ESC would act on the terminal when readline echoes it): that gets a label too. Readline still does all line
 * editing and history; this only routes its keypresses.
 */
export class MessageInput {
  private pending: string[] = [];
  private readonly pastes = new Map<string, string>();
  private paste: string | undefined;
  private continueNext = false;

  constructor(private readonly opts: MessageInputOptions) {
    opts.rl.on('line', (line) => this.line(line));
    if (!opts.tty) return;
    // Readline listens for keypresses on its input; put this router in front of its listener.
    const readlineKeys = opts.input.listeners('keypress') as KeyListener[];
    for (const listener of readlineKeys) opts.input.removeListener('keypress', listener);
    const route = (s: string | undefined, key: Key | undefined): void => {
      if (this.key(s, key)) return;
      for (const listener of readlineKeys) listener.call(opts.input, s, key);
    };
    opts.input.on('keypress', route);
    // Readline removes its own listener on close; this one goes with it.
    opts.rl.on('close', () => opts.input.removeListener('keypress', route));
  }

  /** True while a message has continuation lines or pastes waiting for its last line. */
  get busy(): boolean {
    return this.pending.length > 0 || this.pastes.size > 0;
  }

  /** Drops the message being put together (Ctrl-C at the prompt). */
  reset(): void {
    this.pending = [];
    this.pastes.clear();
    this.paste = undefined;
    this.continueNext = false;
  }

  /** Handles the keys readline must not see; true when the key was taken. */
  private key(s: string | undefined, key: Key | undefined): boolean {
    if (key?.name === 'paste-start') {
      this.paste = '';
      return true;
    }
    if (this.paste !== undefined) {
      if (key?.name === 'paste-end') this.endPaste();
      else this.paste += key?.sequence ?? s ?? '';
      return true;
    }
    if (key?.name === 'escape') {
      this.opts.onEscape?.();
      return true;
    }
    if (key?.name === 'tab' && key.shift === true) {
      this.opts.onShiftTab?.();
      return true;
    }
    if (key?.name === 'return' && key.meta === true) {
      this.continueNext = true;
      this.opts.rl.write(null, { name: 'return' });
      return true;
    }
    return false;
  }

  private endPaste(): void {
    const text = normalizeLineEnds(this.paste ?? '').replace(/\n$/, '');
    this.paste = undefined;
    if (!pasteNeedsLabel(text)) {
      if (text !== '') this.opts.rl.write(text);
      return;
    }
    const label = pasteLabel(text.split('\n').length, this.pastes.size + 1);
    this.pastes.set(label, text);
    this.opts.rl.write(label);
  }

  private line(line: string): void {
    let text = line;
    let more = this.continueNext;
    this.continueNext = false;
    if (!more && text.endsWith('\\')) {
      text = text.slice(0, -1);
      more = true;
    }
    this.pending.push(text);
    if (more) {
      this.opts.onContinue();
      return;
    }
    let message = this.pending.join('\n');
    for (const [label, pasted] of this.pastes) message = message.replace(label, () => pasted);
    this.reset();
    this.opts.onMessage(message);
  }
}
