import { sanitize as visibleEscapes } from '@coding-harness/session';

/**
 * The one gate between untrusted text and the screen. A model (or a file, or a cloned
 * repository it reads) can put ESC sequences, carriage returns, C1 controls or bidi overrides
 * into a command, a path, a diff, a skill description or an answer. Written raw they clear the
 * screen, move the cursor, overwrite the line a person is about to approve, or reorder it; and
 * blessed itself reads `{bold}`-style tags and SGR sequences in widget content. Every renderer
 * of the TUI sends such text through `sanitize` (before measuring and wrapping it) and then
 * `escapeTags` (when handing it to blessed), so neither the terminal nor blessed acts on it.
 */

/** How a piece of text will be shown. */
export interface SanitizeOptions {
  /** Keep `\n` as a line break (default). False: show it as `\n` (one-line places: summaries, rules, status). */
  multiline?: boolean;
}

/** Columns a TAB takes: the layout measures text, so tabs become spaces before it does. */
const TAB = '    ';

/**
 * `text` with every control character shown as a visible escape, the same ones `harness`
 * shows: ESC as `\x1b`, CR as `\r`, other C0/C1 controls as `\xNN`, bidi controls as `\uNNNN`;
 * tabs become four spaces. Printable text and (unless `multiline: false`) line breaks are kept,
 * so the result has as many lines as the input. Total and idempotent: any string in, and a
 * second pass changes nothing.
 */
export function sanitize(text: string, options: SanitizeOptions = {}): string {
  const shown = visibleEscapes(text, { multiline: options.multiline !== false });
  return shown.includes('\t') ? shown.replaceAll('\t', TAB) : shown;
}

/** True when `sanitize` would change more than tabs: the text holds control characters. */
export function hasControls(text: string): boolean {
  return sanitize(text) !== text.replaceAll('\t', TAB);
}

/**
 * Text made safe for a blessed widget with `tags: true`: sanitized (a no-op on text that already
 * was), then `{` and `}` written as blessed's `{open}` / `{close}`, so model text cannot open a
 * tag (`{bold}`, `{/}`, `{escape}`) and every brace shows as itself.
 */
export function escapeTags(text: string): string {
  return sanitize(text).replace(/[{}]/g, (c) => (c === '{' ? '{open}' : '{close}'));
}
