/**
 * The one place where text from a model, a tool or a file is made safe for a terminal. A model
 * (or a cloned repository it reads) can put ESC sequences, carriage returns or bidi overrides
 * into a command, a path, a diff or an answer; written raw they can clear the screen, move the
 * cursor, overwrite the line a person is about to approve, or reorder what it shows. Every
 * renderer of both front ends passes such text through `sanitize` before adding its own colours.
 */

/** How `sanitize` treats line breaks and how it shows what it escaped. */
export interface SanitizeOptions {
  /** Keep `\n` as a line break (default). False: show it as `\n` too (one-line contexts: a tool line, a summary). */
  multiline?: boolean;
  /** Wraps each escape (e.g. `\x1b`) so a front end can show it apart from literal text (dim, inverse). */
  mark?: (escape: string) => string;
}

const NAMED: Readonly<Record<string, string>> = {
  '\r': '\\r',
  '\n': '\\n',
  '\b': '\\b',
  '\f': '\\f',
  '\v': '\\v',
  '\0': '\\0',
};

// C0 controls except TAB and LF, DEL, C1 controls, the bidi embeddings/overrides/isolates and
// marks (ALM, LRM, RLM), and the Unicode line/paragraph separators; LF is added for one-line use.
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE_LINE = /[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escapeChar(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Returns `text` with every terminal control character shown as a visible escape: ESC as `\x1b`,
 * CR as `\r`, other C0/C1 controls as `\xNN`, bidi controls as `\uNNNN`. Printable text, TAB and
 * (unless `multiline: false`) LF are unchanged, so the result has the same lines as the input and
 * contains no byte a terminal would act on. Pure and total: any string in, a safe string out.
 */
export function sanitize(text: string, options: SanitizeOptions = {}): string {
  const pattern = options.multiline === false ? UNSAFE_LINE : UNSAFE;
  const mark = options.mark;
  return text.replace(pattern, (ch) => (mark ? mark(escapeChar(ch)) : escapeChar(ch)));
}

/** True when `text` holds nothing `sanitize` would change (fast path for callers that check first). */
export function isTerminalSafe(text: string, options: Pick<SanitizeOptions, 'multiline'> = {}): boolean {
  const pattern = options.multiline === false ? UNSAFE_LINE : UNSAFE;
  pattern.lastIndex = 0;
  const found = pattern.test(text);
  pattern.lastIndex = 0;
  return !found;
}

/** The colour and style sequences a renderer adds (SGR: `ESC [ … m`), the only controls `sanitizeStyled` keeps. */
const SGR = /\x1b\[[0-9;]*m/g;

/**
 * `sanitize` for text a renderer has already coloured: the renderer's SGR sequences stay, and
 * every other control is escaped. Needed after any step that decodes what it was given (a
 * markdown renderer turns `&#x202E;` into a real right-to-left override after `sanitize` ran), so
 * a front end sanitizes the input and then the rendered output.
 */
export function sanitizeStyled(text: string, options: SanitizeOptions = {}): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(SGR)) {
    out += sanitize(text.slice(last, m.index), options) + m[0];
    last = m.index + m[0].length;
  }
  return out + sanitize(text.slice(last), options);
}
