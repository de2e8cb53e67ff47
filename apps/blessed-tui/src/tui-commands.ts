import type { CommandResult, SessionSummary, SkillSummary, SlashResult } from '@coding-harness/protocol';
import { formatSlashResult } from '@coding-harness/session';
import { helpText } from './commands.js';
import type { CommandName } from './commands.js';
import type { Action } from './reduce.js';
import type { SessionClient } from './session-client.js';
import type { ViewState } from './view-state.js';
import type { ViewerState } from './result-viewer.js';
import { showWhole } from './whole-result.js';

/** What the session's commands may do to the running TUI. */
export interface CommandHost {
  readonly state: ViewState;
  dispatch(action: Action): void;
  /** The session's side: commands, results, whether a turn or `/compact` runs. */
  readonly client: SessionClient;
  openSkillPicker(skills: readonly SkillSummary[]): void;
  showSessions(sessions: readonly SessionSummary[]): void;
  quit(code: number): void;
  /** The transcript's width, for results laid out to it (`/skills` rows). */
  width(): number;
  /** Shows `viewer` (the whole result of the call `callId`) over the screen. */
  openViewer(callId: string, viewer: ViewerState): void;
  /** Opens `file` in the user's editor; undefined once it exited 0, else what went wrong. Absent: no editor is offered. */
  editFile?(file: string): Promise<string | undefined>;
}

const BUSY = 'a turn is running — wait, or Ctrl-C to cancel it';
/** Commands that change the conversation under a running turn: refused until it ends. */
const NOT_WHILE_BUSY: ReadonlySet<CommandName> = new Set(['compact', 'clear', 'resume', 'rewind']);

/**
 * A built-in command typed by the user: sent to the session as `slash` (its table runs it, as
 * for `harness`), its result drawn by {@link showResult}. `/compact` waits on the model: it shows
 * as busy and Esc or Ctrl-C interrupts it. Commands that change the conversation wait for a
 * running turn to end.
 */
export async function runSlash(host: CommandHost, name: CommandName, text: string): Promise<void> {
  if (host.client.running && NOT_WHILE_BUSY.has(name)) return host.dispatch({ type: 'hint', text: BUSY });
  const send = (): Promise<CommandResult> => host.client.command({ type: 'slash', text });
  const result = name === 'compact' ? await host.client.busyWith(send) : await send();
  if (!result.ok) return host.dispatch({ type: 'error', text: result.error });
  if (result.type === 'slash') await showResult(host, result.data);
}

/**
 * A command's data on the screen: `/skills` and `/resume` open their pickers (when there is
 * something to pick), `/help` adds the keys, `/expand` opens the
 * whole-result viewer, `/clear` and `/resume <id>` redraw the transcript,
 * `/exit` quits; every other result is the session's own lines (`formatSlashResult`, shared with
 * `harness`), in the transcript. The status bar follows from the `status` event the session sends.
 */
async function showResult(host: CommandHost, result: SlashResult): Promise<void> {
  switch (result.kind) {
    case 'skills':
      return result.skills.length > 0 ? host.openSkillPicker(result.skills) : showLines(host, result);
    case 'sessions':
      return result.sessions.length > 0 ? host.showSessions(result.sessions) : showLines(host, result);
    case 'help':
      return host.dispatch({ type: 'info', text: helpText(result) });
    case 'result':
      return showWhole(host, result);
    case 'memory':
      if (result.edit !== undefined && host.editFile) return editMemory(host, result.edit, host.editFile.bind(host));
      return showLines(host, result);
    case 'exit':
      return host.quit(0);
    case 'cleared':
      return host.dispatch({ type: 'clear', notice: `new conversation (session ${result.sessionId})` });
    case 'resumed':
      return redraw(host, result.sessionId);
    case 'rewound':
      // A conversation cut back: the transcript becomes what the session keeps, then what was done.
      if (result.messagesKept !== undefined) await redraw(host, '', 'the conversation was rewound');
      return showLines(host, result);
    default:
      return showLines(host, result);
  }
}

/** `/memory user|project|local|N`: the file in the editor, then a line on when the change applies. */
async function editMemory(host: CommandHost, file: string, edit: (file: string) => Promise<string | undefined>) {
  const problem = await edit(file);
  if (problem !== undefined) return host.dispatch({ type: 'error', text: problem });
  host.dispatch({ type: 'info', text: `${file} saved; it applies from the next session` });
}

/** The session's own lines for `result` in the transcript (an error's in the error colour). */
function showLines(host: CommandHost, result: SlashResult): void {
  const lines = formatSlashResult(result, { width: host.width() });
  if (lines.length > 0) host.dispatch({ type: result.kind === 'error' ? 'error' : 'info', text: lines.join('\n') });
}

/** `/resume`'s pick: the session continues `sessionId` in place, and the transcript becomes that conversation. */
export async function resumeSession(host: CommandHost, sessionId: string): Promise<void> {
  if (host.client.running) return host.dispatch({ type: 'hint', text: BUSY });
  const result = await host.client.command({ type: 'resume', sessionId });
  if (!result.ok) return host.dispatch({ type: 'error', text: result.error });
  await redraw(host, sessionId);
}

/** `n` in `/resume`'s list: a new conversation. */
export async function newConversation(host: CommandHost): Promise<void> {
  if (host.client.running) return host.dispatch({ type: 'hint', text: BUSY });
  const result = await host.client.command({ type: 'clear' });
  if (!result.ok) return host.dispatch({ type: 'error', text: result.error });
  if (result.type === 'clear')
    host.dispatch({ type: 'clear', notice: `new conversation (session ${result.data.sessionId})` });
}

/** The transcript drawn again from the session's `history` (a session resumed in place). */
async function redraw(host: CommandHost, sessionId: string, notice = `resumed session ${sessionId}`): Promise<void> {
  const history = await host.client.command({ type: 'history' });
  if (!history.ok) return host.dispatch({ type: 'error', text: history.error });
  if (history.type === 'history') host.dispatch({ type: 'replay', events: history.data.events, notice, fresh: true });
}
