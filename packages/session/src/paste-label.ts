/**
 * How both front ends show a multi-line paste in the input: as a label (`[pasted 30 lines]`) that
 * the whole pasted text replaces when the message is sent, so a 300-line paste neither fills the
 * screen nor sends line by line. One definition, so the REPL and the TUI label pastes alike.
 */

/** What stands for a multi-line paste in the input; the `n`th paste of a message gets `#n`. */
export function pasteLabel(lines: number, n: number): string {
  const what = `pasted ${lines} line${lines === 1 ? '' : 's'}`;
  return n === 1 ? `[${what}]` : `[${what} #${n}]`;
}

/** Control characters other than tab and LF: a paste holding one is labelled, never typed in. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

/**
 * True when a finished paste (line ends already `\n`, its final one dropped) stands in the input as
 * a label: it has more than one line, or a control character that must never be echoed raw.
 */
export function pasteNeedsLabel(text: string): boolean {
  return text.includes('\n') || CONTROL.test(text);
}
