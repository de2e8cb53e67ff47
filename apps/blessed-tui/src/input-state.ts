import { pasteLabel, pasteNeedsLabel } from '@coding-harness/session';
/**
 * The input box's editing logic, pure: text with a cursor, and a history walked with up/down.
 * `historyIndex === history.length` means "editing the draft" (not browsing history).
 */
export interface InputState {
  text: string;
  cursor: number;
  history: readonly string[];
  historyIndex: number;
  draft: string;
  /**
   * Multi-line pastes standing in the text as labels (`[pasted 30 lines]`), label then text: the
   * input stays one line to edit around, and Enter sends the pasted text in the label's place.
   */
  pastes?: readonly (readonly [label: string, text: string])[];
}

/** An empty input with the given history. */
export function emptyInput(history: readonly string[] = []): InputState {
  return { text: '', cursor: 0, history, historyIndex: history.length, draft: '' };
}

/** Replaces the whole text (cursor at its end), e.g. staging `/name ` from the picker. */
export function setText(state: InputState, text: string): InputState {
  return { ...state, text, cursor: text.length, historyIndex: state.history.length, draft: '' };
}

/** What a key did: a new state, and `submit` with the text when Enter sent it. */
export interface EditResult {
  state: InputState;
  submit?: string;
}

/**
 * Applies one key. Enter submits, unless the character before the cursor is `\` (replaced by a
 * newline); Alt-Enter (`meta`) and Ctrl-J (`linefeed`) insert a newline. Up/Down move between
 * lines, and walk the history from the first/last line. Unknown keys leave the state unchanged.
 */
export function editKey(state: InputState, name: string | undefined, ch: string | undefined, meta = false): EditResult {
  const { text, cursor } = state;
  switch (name ?? '') {
    case 'return':
      if (meta) return { state: insert(state, '\n') };
      if (cursor > 0 && text[cursor - 1] === '\\')
        return { state: { ...state, text: `${text.slice(0, cursor - 1)}\n${text.slice(cursor)}` } };
      return submit(state);
    case 'linefeed':
      return { state: insert(state, '\n') };
    case 'enter':
      return { state };
    case 'backspace':
      return {
        state:
          cursor === 0 ? state : { ...state, text: text.slice(0, cursor - 1) + text.slice(cursor), cursor: cursor - 1 },
      };
    case 'delete':
      return { state: { ...state, text: text.slice(0, cursor) + text.slice(cursor + 1) } };
    case 'left':
      return { state: { ...state, cursor: Math.max(0, cursor - 1) } };
    case 'right':
      return { state: { ...state, cursor: Math.min(text.length, cursor + 1) } };
    case 'home':
      return { state: { ...state, cursor: lineStart(text, cursor) } };
    case 'end':
      return { state: { ...state, cursor: lineEnd(text, cursor) } };
    case 'up':
      return { state: lineStart(text, cursor) === 0 ? history(state, -1) : verticalMove(state, -1) };
    case 'down':
      return { state: lineEnd(text, cursor) === text.length ? history(state, 1) : verticalMove(state, 1) };
  }
  if (ch && ch >= ' ' && ch !== '\x7f' && !meta) return { state: insert(state, ch) };
  return { state };
}

/** Ctrl-key editing (`C-a`, `C-e`, `C-u`, `C-k`, `C-w`), by blessed's full key name. */
export function ctrlKey(state: InputState, full: string): InputState | undefined {
  const { text, cursor } = state;
  switch (full) {
    case 'C-a':
      return { ...state, cursor: lineStart(text, cursor) };
    case 'C-e':
      return { ...state, cursor: lineEnd(text, cursor) };
    case 'C-u': {
      const start = lineStart(text, cursor);
      return { ...state, text: text.slice(0, start) + text.slice(cursor), cursor: start };
    }
    case 'C-k':
      return { ...state, text: text.slice(0, cursor) + text.slice(lineEnd(text, cursor)) };
    case 'C-w': {
      const before = text.slice(0, cursor).replace(/\S+\s*$/, '');
      return { ...state, text: before + text.slice(cursor), cursor: before.length };
    }
  }
  return undefined;
}

/** Inserts `s` (a paste: any number of lines) at the cursor as one edit. */
export function insertText(state: InputState, s: string): InputState {
  return insert(state, s);
}

/**
 * Inserts a finished paste (line ends already `\n`) at the cursor: one line as typed text; more
 * lines (or control characters) as a `[pasted N lines]` label that Enter replaces by the text,
 * so a 300-line paste does not fill the screen and is sent whole. Its final line end is dropped.
 */
export function insertPaste(state: InputState, pasted: string): InputState {
  const text = pasted.replace(/\n$/, '');
  if (!pasteNeedsLabel(text)) return insert(state, text);
  const pastes = state.pastes ?? [];
  const label = pasteLabel(text.split('\n').length, pastes.length + 1);
  return { ...insert(state, label), pastes: [...pastes, [label, text]] };
}

/** The text with each paste label replaced by its pasted text (a label edited away sends as typed). */
export function expandPastes(state: InputState): string {
  let text = state.text;
  for (const [label, pasted] of state.pastes ?? []) text = text.replace(label, () => pasted);
  return text;
}

function insert(state: InputState, s: string): InputState {
  const { text, cursor } = state;
  return { ...state, text: text.slice(0, cursor) + s + text.slice(cursor), cursor: cursor + s.length };
}

function submit(state: InputState): EditResult {
  const sent = expandPastes(state);
  const keep = sent.trim() && state.history[state.history.length - 1] !== sent;
  const history = keep ? [...state.history, sent] : state.history;
  return { state: emptyInput(history), submit: sent };
}

function history(state: InputState, delta: number): InputState {
  const index = state.historyIndex + delta;
  if (index < 0 || index > state.history.length) return state;
  const draft = state.historyIndex === state.history.length ? state.text : state.draft;
  const text = index === state.history.length ? draft : (state.history[index] as string);
  return { ...state, text, cursor: text.length, historyIndex: index, draft };
}

function lineStart(text: string, cursor: number): number {
  return text.lastIndexOf('\n', cursor - 1) + 1;
}

function lineEnd(text: string, cursor: number): number {
  const i = text.indexOf('\n', cursor);
  return i < 0 ? text.length : i;
}

function verticalMove(state: InputState, dir: -1 | 1): InputState {
  const { text, cursor } = state;
  const start = lineStart(text, cursor);
  const column = cursor - start;
  const targetStart = dir < 0 ? lineStart(text, start - 1) : lineEnd(text, cursor) + 1;
  const targetEnd = lineEnd(text, targetStart);
  return { ...state, cursor: Math.min(targetStart + column, targetEnd) };
}
