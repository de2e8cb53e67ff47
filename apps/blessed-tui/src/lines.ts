/** The transcript's line model: what layout produces and the theme colours. */

/** A semantic style; the theme turns it into colours (or nothing, under NO_COLOR). */
export type Style =
  | 'plain'
  | 'user'
  | 'assistant'
  | 'code'
  | 'fence'
  | 'thinking'
  | 'tool'
  | 'toolError'
  | 'output'
  | 'approval'
  | 'notice'
  | 'error'
  | 'info'
  | 'dim'
  | 'add'
  | 'del'
  | 'hunk'
  /** A markdown heading (bold). */
  | 'heading'
  /** `**bold**` inside a line (a span). */
  | 'strong';

/** One screen line of the transcript, already wrapped to the width. */
export interface Line {
  text: string;
  style: Style;
  /** Parts with their own style (bold words in a reply); their texts joined are `text`. */
  spans?: readonly Span[];
}

/** A styled part of a line. */
export interface Span {
  text: string;
  style: Style;
}
