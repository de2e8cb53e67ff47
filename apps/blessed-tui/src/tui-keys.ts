import type { SkillSummary } from '@coding-harness/protocol';
import type { ApprovalState } from './approval-state.js';
import { menuKey, type Completion, type MenuState } from './completion.js';
import { searchKey, startSearch, type HistorySearch } from './history-search.js';
import { ctrlKey, editKey, emptyInput, setText, type InputState } from './input-state.js';
import { layoutTranscript } from './layout.js';
import type { PasteCollector } from './paste.js';
import { pickerKey, type PickerState } from './picker-state.js';
import type { QuestionQueue } from './question-queue.js';
import { viewerKey, type ViewerState } from './result-viewer.js';
import type { SessionPick } from './session-picker.js';
import { thinkingTarget, toolTarget } from './tool-target.js';
import { newConversation, resumeSession, runSlash, type CommandHost } from './tui-commands.js';
import type { TuiScreen } from './tui-screen.js';
import { opensViewer, openWholeResult } from './whole-result.js';

/** A key as blessed reports it. */
export interface Key {
  name?: string;
  full?: string;
  meta?: boolean;
}

/** The hint a first Ctrl-C shows; a second one quits. */
export const QUIT_HINT = 'press Ctrl-C again to quit';

/** How close two Esc presses must be to open `/rewind`. */
const ESC_TWICE_MS = 600;

/** Esc Esc (twice within ESC_TWICE_MS, between turns): `/rewind`'s list, as in Claude Code. */
export class EscTwice {
  private last: number | undefined;

  /** True when this Esc is the second of a pair (`sequence` is what the terminal sent). */
  press(sequence?: string): boolean {
    // Both presses in one read (fast typing, a slow machine) come as one meta-Escape key.
    if (sequence === '\x1b\x1b') return true;
    const now = Date.now();
    const twice = this.last !== undefined && now - this.last <= ESC_TWICE_MS;
    this.last = twice ? undefined : now;
    return twice;
  }
}

/**
 * What routing a key reads and changes in the app: its input and overlays (the history search,
 * the skills picker, the `/` menu, the whole-result viewer, the `/resume` list, the question
 * modal), and the actions a key starts. The app owns the state; this module only decides.
 */
export interface KeyHost extends CommandHost {
  readonly input: InputState;
  search: HistorySearch | undefined;
  picker: PickerState | undefined;
  readonly pickerSkills: readonly SkillSummary[];
  pickerMessage: string;
  menu: MenuState;
  viewer: { callId: string; state: ViewerState } | undefined;
  readonly paste: PasteCollector;
  /** Per CR of the chunk being read: whether an ESC came right before it (Alt-Enter). */
  returns: boolean[];
  readonly questions: QuestionQueue;
  readonly approval: ApprovalState | undefined;
  readonly view: Pick<TuiScreen, 'sessions' | 'width' | 'height' | 'transcriptHeight'>;
  /** A first Ctrl-C showed QUIT_HINT: the next one quits. */
  quitArmed: boolean;
  readonly escapes: EscTwice;
  requestFrame(): void;
  setInput(input: InputState): void;
  /** A paste that just ended goes into the input as one edit. */
  insertPaste(): void;
  menuItems(): Completion[];
  submit(text: string): void;
  cancelTurn(): void;
  cycleMode(): void;
  closePicker(): void;
}

/** Routes one key: a paste, Ctrl-C, then the modal, the picker, the menu, and the input. */
export function routeKey(app: KeyHost, ch: string | undefined, key: Key & { sequence?: string }): void {
  if (app.paste.key(key.name, key.sequence, ch)) return app.insertPaste();
  // Alt-Enter: the ESC of an ESC CR pair is dropped; that CR is a new line (see `returns`).
  if (key.name === 'escape' && app.returns.includes(true)) return;
  const altReturn = key.name === 'return' && (app.returns.shift() ?? false);
  if (app.search) return keyInSearch(app, ch, key);
  if (key.full === 'C-c') return ctrlC(app);
  if (app.quitArmed) {
    app.quitArmed = false;
    if (app.state.hint === QUIT_HINT) app.dispatch({ type: 'hint', text: '' });
  }
  if (app.approval) return app.questions.key(key.name, ch);
  if (app.viewer) return keyInViewer(app, ch, key);
  if (app.view.sessions.open) return onPick(app, app.view.sessions.key(key.name, ch));
  if (app.picker) return keyInPicker(app, ch, key);
  if (key.full === 'C-d') {
    if (!app.input.text) app.quit(0);
    return;
  }
  if (key.full === 'S-tab') return app.cycleMode();
  if (key.full === 'C-r') {
    app.search = startSearch(app.input.history);
    return app.requestFrame();
  }
  if (key.name === 'escape' && app.client.running && !app.menuItems().length) return app.cancelTurn();
  if (key.name === 'escape' && !app.menuItems().length && app.escapes.press(key.sequence))
    return void runSlash(app, 'rewind', '/rewind');
  if (key.name === 'pageup' || key.name === 'pagedown') return scroll(app, key.name === 'pageup' ? -1 : 1);
  if (key.full === 'C-o') return toggleTool(app);
  if (key.full === 'C-t')
    return app.dispatch({
      type: 'toggle_thinking',
      ...thinkingTarget(app.state, app.view.width(), app.view.transcriptHeight()),
    });
  if (keyInMenu(app, key)) return;
  const edited = ctrlKey(app.input, key.full ?? '');
  if (edited) return app.setInput(edited);
  const r = editKey(app.input, key.name, ch, altReturn || (key.meta ?? false));
  app.setInput(r.state);
  if (r.submit !== undefined) app.submit(r.submit);
}

/**
 * Ctrl-C: cancels a running turn, else closes what is open, else arms quitting (the input is
 * cleared and a hint says a second Ctrl-C quits).
 */
function ctrlC(app: KeyHost): void {
  if (app.client.running) return app.cancelTurn();
  if (app.viewer) return keyInViewer(app, undefined, { name: 'escape' });
  if (app.picker) return app.closePicker();
  if (app.view.sessions.open) return onPick(app, app.view.sessions.key('escape', undefined));
  if (app.quitArmed) return app.quit(0);
  app.quitArmed = true;
  app.setInput(emptyInput(app.input.history));
  app.dispatch({ type: 'hint', text: QUIT_HINT });
}

/**
 * Ctrl-O: expands the tool call in view or collapses it; on an expanded result that does not
 * show all the call printed, opens the whole of it in the viewer instead.
 */
function toggleTool(app: KeyHost): void {
  const target = toolTarget(app.state, app.view.width(), app.view.transcriptHeight());
  const tool = app.state.items.findLast((i) => i.kind === 'tool' && (target.id === undefined || i.id === target.id));
  if (tool?.kind === 'tool' && opensViewer(tool)) return void openWholeResult(app, tool);
  app.dispatch({ type: 'toggle_tool', ...target });
}

/** A key in the viewer: it scrolls, or closes it (q, Esc, Enter, Ctrl-O), the call then collapsed if expanded. */
function keyInViewer(app: KeyHost, ch: string | undefined, key: Key): void {
  if (!app.viewer) return;
  const r =
    key.full === 'C-o' ? 'close' : viewerKey(app.viewer.state, key.name, ch, app.view.width(), app.view.height());
  if (r === 'close') {
    const id = app.viewer.callId;
    app.viewer = undefined;
    const tool = app.state.items.find((i) => i.kind === 'tool' && i.id === id);
    if (tool?.kind === 'tool' && tool.expanded) return app.dispatch({ type: 'toggle_tool', id });
    return app.requestFrame();
  }
  app.viewer = { ...app.viewer, state: r };
  app.requestFrame();
}

/** A key the `/` menu takes (↑↓, Tab, Esc while it shows); false when it is not the menu's. */
function keyInMenu(app: KeyHost, key: Key): boolean {
  const r = menuKey(app.menu, app.menuItems(), key.name, app.input.text);
  if (!r) return false;
  app.menu = r.menu;
  if (r.insert !== undefined) app.setInput(setText(app.input, r.insert));
  app.requestFrame();
  return true;
}

/** PgUp/PgDn: the transcript moves by a screen less two rows. */
function scroll(app: KeyHost, direction: -1 | 1): void {
  const height = app.view.transcriptHeight();
  const width = app.view.width();
  const total = layoutTranscript(app.state, width).total;
  app.dispatch({ type: 'scroll', by: direction * Math.max(1, height - 2), total, height });
}

/** A key while Ctrl-R searches: narrow, go older, use the match (not sent) or cancel. */
function keyInSearch(app: KeyHost, ch: string | undefined, key: Key): void {
  if (!app.search) return;
  const r = searchKey(app.search, app.input.history, key.name, key.full, ch);
  app.search = r.type === 'state' ? r.state : undefined;
  if (r.type === 'accept') app.setInput(setText(app.input, r.text));
  app.requestFrame();
}

/** A key in the skills picker: filter, move, stage a skill's command in the input, or close. */
function keyInPicker(app: KeyHost, ch: string | undefined, key: Key): void {
  if (!app.picker) return;
  const r = pickerKey(app.picker, app.pickerSkills, key.name, ch);
  if (r.type === 'close') return app.closePicker();
  if (r.type === 'stage') {
    app.closePicker();
    app.setInput(setText(app.input, r.text));
    return;
  }
  app.picker = r.state;
  app.pickerMessage = r.type === 'message' ? r.text : '';
  app.requestFrame();
}

/**
 * A pick in `/resume`'s list: another session is resumed in place (the transcript becomes that
 * conversation); this one says so; `n` is a new conversation; Esc just closes the list.
 */
function onPick(app: KeyHost, pick: SessionPick | undefined): void {
  app.requestFrame();
  if (!pick || pick.type === 'quit') return;
  if (pick.type === 'new') return void newConversation(app);
  if (pick.id === app.state.status.sessionId) return app.dispatch({ type: 'info', text: 'that is this session' });
  void resumeSession(app, pick.id);
}
