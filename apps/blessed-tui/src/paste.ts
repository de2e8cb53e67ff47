/** What a terminal sends around a paste once bracketed paste is on (`ESC [ ? 2004 h`). */
export const PASTE_START = '\x1b[200~';
export const PASTE_END = '\x1b[201~';

/**
 * Collects a bracketed paste from the key stream. blessed splits a paste into one key per
 * character and drops the start and end markers, so the app watches the raw key sequences: from
 * the start marker every key's bytes are kept here, instead of being typed or sending on Enter,
 * and at the end marker the whole text comes back as one string, its line ends (CR, LF or CRLF)
 * made `\n`. A paste is then one edit of the input, whatever it holds, and never sends a request.
 */
export class PasteCollector {
  private buffer: string | undefined;
  private finished: string | undefined;

  /** True between the start and end markers. */
  get active(): boolean {
    return this.buffer !== undefined;
  }

  /** A raw key sequence from the input stream (before blessed names it): the start and end markers. */
  marker(sequence: string | undefined): void {
    if (sequence === PASTE_START && this.buffer === undefined) this.buffer = '';
    else if (sequence === PASTE_END && this.buffer !== undefined) this.finish(this.buffer);
  }

  /**
   * One key as blessed reported it; true when it belongs to the paste (and was kept). blessed
   * reports a CR twice (as `return` and again as `enter`): the second one is not kept. An end
   * marker that arrived split over two reads (so blessed saw ESC, then `[201~` as characters)
   * still ends the paste.
   */
  key(name: string | undefined, sequence: string | undefined, ch: string | undefined): boolean {
    if (this.buffer === undefined) return false;
    // Digits and punctuation come without a key object, so without a sequence: their `ch` is the byte.
    if (name !== 'enter' || sequence !== '\r') this.buffer += sequence ?? ch ?? '';
    if (this.buffer.endsWith(PASTE_END)) this.finish(this.buffer.slice(0, -PASTE_END.length));
    return true;
  }

  /** The text of a paste that just ended (once), its line ends made `\n`; else undefined. */
  take(): string | undefined {
    const text = this.finished;
    this.finished = undefined;
    return text;
  }

  private finish(text: string): void {
    this.buffer = undefined;
    this.finished = text.replace(/\r\n?/g, '\n');
  }
}
