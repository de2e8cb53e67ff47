import { layoutTranscript, type Style } from './layout.js';
import { TAGS } from './theme.js';
import type { ViewState } from './view-state.js';

/** SGR codes for the theme's blessed tags, for text written to the normal screen after the TUI left it. */
const SGR: Readonly<Record<string, string>> = {
  bold: '1',
  'red-fg': '31',
  'green-fg': '32',
  'magenta-fg': '35',
  'gray-fg': '90',
  'light-blue-fg': '94',
};

/**
 * The conversation as plain terminal text, written to the normal screen when the TUI quits so it
 * stays in the terminal's scrollback (the alternate screen it was drawn on is gone). The lines are
 * the transcript's own lines at `width` (escapes already shown as text, tool results as they were
 * left, collapsed or expanded), coloured with SGR unless `plain` (NO_COLOR). Start-up notices are
 * left out: they were about starting, not the conversation. Ends with a newline; empty when
 * nothing was said.
 */
export function scrollbackText(state: ViewState, width: number, plain: boolean): string {
  const firstTurn = state.items.findIndex((i) => i.kind === 'user');
  if (firstTurn < 0) return '';
  const rest = { ...state, items: state.items.slice(firstTurn) };
  const layout = layoutTranscript(rest, width);
  const lines = layout.slice(0, layout.total);
  const shown = lines.map((l) =>
    l.spans
      ? l.spans
          .map((sp) => colour(sp.text, sp.style, plain))
          .join('')
          .trimEnd()
      : colour(l.text.trimEnd(), l.style, plain),
  );
  return `${shown.join('\n')}\n`;
}

function colour(text: string, style: Style, plain: boolean): string {
  const code = SGR[TAGS[style]];
  if (!code || !text || (plain && code !== '1')) return text;
  return `\x1b[${code}m${text}\x1b[0m`;
}

/** The lines `runTui` prints after the transcript: the session id and the exact command that resumes it. */
export function resumeHint(sessionId: string, command: string): string {
  return `session ${sessionId}\nresume it with: ${command}\n`;
}

/** `harness-tui --resume <id>`, with `-C <root>` when the work root is not the directory it was started in. */
export function resumeCommand(id: string, workroot: string, cwd: string | undefined): string {
  const root = cwd === undefined || cwd === workroot ? '' : ` -C ${shellWord(workroot)}`;
  return `harness-tui${root} --resume ${id}`;
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
