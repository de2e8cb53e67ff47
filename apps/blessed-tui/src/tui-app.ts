import type { Widgets } from 'blessed';
import type { SessionInfo } from '@coding-harness/agent';
import type { TuiBackend } from './backend.js';
import type { ApprovalState } from './approval-state.js';
import { QuestionQueue } from './question-queue.js';
import { interpret } from './commands.js';
import { completions, menuKey } from './completion.js';
import { FrameScheduler } from './frame-scheduler.js';
import { ctrlKey, editKey, emptyInput, insertPaste, setText, type InputState } from './input-state.js';
import { searchKey, searchLabel, startSearch, type HistorySearch } from './history-search.js';
import { layoutTranscript } from './layout.js';
import { PasteCollector } from './paste.js';
import { progressLine, SPINNER_MS } from './progress.js';
import { pickerKey, type PickerState } from './picker-state.js';
import { reduce, type Action } from './reduce.js';
import { resumeHint, scrollbackText } from './scrollback.js';
import type { SessionPick } from './session-picker.js';
import { shortRoot } from './status-line.js';
import { thinkingTarget, toolTarget } from './tool-target.js';
import type { Theme } from './theme.js';
import { runTuiCommand } from './tui-commands.js';
import type { CommandHost } from './tui-commands.js';
import { TuiScreen } from './tui-screen.js';
import { initialState, type ViewState } from './view-state.js';

/** A key as blessed reports it. */
export interface Key {
  name?: string;
  full?: string;
  meta?: boolean;
}

const QUIT_HINT = 'press Ctrl-C again to quit';

/**
 * The running TUI: owns the view state, routes keys (modal > picker > menu > input), runs turns
 * against the backend and draws at most ~30 frames a second. `quit` resolves `done`.
 */
export class TuiApp implements CommandHost {
  state: ViewState;
  input: InputState = emptyInput();
  /** The turn's approval questions; the first one is in the modal. */
  readonly questions = new QuestionQueue(() => this.frames.request());
  picker: PickerState | undefined;
  pickerMessage = '';
  /** Index into the `/` menu, and the input text for which Esc dismissed it. */
  menu = { selected: 0, dismissedFor: undefined as string | undefined };
  /** Ctrl-R's history search while it is open. */
  search: HistorySearch | undefined;
  /** A bracketed paste in progress: its keys are collected and inserted as one edit. */
  readonly paste = new PasteCollector();
  /**
   * For each CR of the input chunk being read (blessed's Return keys), in order: whether an ESC
   * came right before it (Alt-Enter, which blessed does not report as a meta key). Typed keys can share that chunk
   * when the app reads late, so each Return takes its own entry.
   */
  returns: boolean[] = [];
  readonly done: Promise<number>;

  /** The running turn or cancellable command (Ctrl-C and Esc abort it). */
  turn: AbortController | undefined;
  private armed = false;
  private historyFailed = false;
  private finish!: (code: number) => void;
  private readonly frames: FrameScheduler;
  private readonly ticker: ReturnType<typeof setInterval>;
  private readonly view: TuiScreen;

  constructor(
    readonly backend: TuiBackend,
    screen: Widgets.Screen,
    theme: Theme,
    private readonly opts: { now: () => number; home?: string },
  ) {
    this.state = initialState({
      model: backend.model,
      workroot: backend.workroot,
      skillCount: backend.skills.length,
      startupNotices: backend.startupNotices,
      mode: backend.mode?.() ?? 'ask',
    });
    this.input = emptyInput((backend.prompts?.load() ?? []).reverse()); // oldest first, as Up walks it
    const history = backend.history?.();
    if (history)
      this.state = reduce(this.state, {
        type: 'replay',
        events: history.events,
        notice: `resumed session ${history.sessionId}`,
      });
    else if (backend.sessionId)
      this.state = reduce(this.state, { type: 'notice', text: `session ${backend.sessionId()}` });
    this.done = new Promise((resolve) => (this.finish = resolve));
    this.view = new TuiScreen(screen, theme);
    this.frames = new FrameScheduler(() => this.render());
    this.ticker = setInterval(() => this.state.busy && this.frames.request(), SPINNER_MS);
    this.ticker.unref?.();
    backend.setAsk((request) => this.questions.ask(request));
    screen.on('resize', () => this.frames.flush());
    this.frames.flush();
  }

  /** Applies an action and schedules a frame. */
  dispatch(action: Action): void {
    this.state = reduce(this.state, action);
    this.frames.request();
  }

  /** The app's clock (ms). */
  now(): number {
    return this.opts.now();
  }

  /** Opens the `/skills` picker. */
  openSkillPicker(): void {
    this.picker = { query: '', selected: 0 };
    this.frames.request();
  }

  /** Draws everything now (tests and the first frame); normally frames are scheduled. */
  renderNow(): void {
    this.frames.flush();
  }

  /** Stops timers; the caller restores the terminal. */
  stop(): void {
    this.turn?.abort();
    this.questions.denyAll('the user quit'); // before the frames stop: it asks for one
    this.frames.stop();
    clearInterval(this.ticker);
  }

  /** Ends the session with `code`. */
  quit(code = 0): void {
    this.stop();
    this.finish(code);
  }

  /**
   * What stays in the scrollback after quitting: the transcript as it was on screen, then (when
   * anything was said) the session id and the exact command that resumes it.
   */
  farewell(plain: boolean): string {
    const text = scrollbackText(this.state, this.view.width(), plain);
    const id = this.backend.sessionId?.();
    const command = this.backend.resumeCommand?.();
    return text && id && command ? text + resumeHint(id, command) : text;
  }

  /** The open question's modal state, if any. */
  get approval(): ApprovalState | undefined {
    return this.questions.current;
  }

  /** The `/` menu items for the current input (empty when hidden). */
  menuItems(): ReturnType<typeof completions> {
    if (this.picker || this.approval || this.view.sessions.open || this.menu.dismissedFor === this.input.text)
      return [];
    return completions(this.input.text, this.backend.skills);
  }

  private render(): void {
    // Under a question Esc means "deny", so the progress line (which says "esc to cancel") waits.
    const label = this.search
      ? searchLabel(this.search)
      : this.state.hint || (this.approval ? '' : progressLine(this.state, this.opts.now()));
    const found = this.search?.match === undefined ? undefined : this.input.history[this.search.match];
    this.view.draw({
      state: this.state,
      input: this.search ? setText(this.input, found ?? '') : this.input,
      label,
      placeholder: !this.state.busy && !this.search,
      menu: { items: this.menuItems(), selected: this.menu.selected },
      picker: this.picker,
      pickerMessage: this.pickerMessage,
      skills: this.backend.skills,
      approval: this.approval,
      root: shortRoot(this.state.workroot, this.opts.home),
      now: this.opts.now(),
      home: this.opts.home,
    });
  }

  /** A raw key sequence from the input stream, before blessed names it: the bracketed-paste markers. */
  onRawKey(sequence: string | undefined): void {
    this.paste.marker(sequence);
    this.insertPaste();
  }

  /**
   * A paste that just ended goes into the input as one edit (a `[pasted N lines]` label for more
   * than one line); it is never an answer or a filter.
   */
  private insertPaste(): void {
    const pasted = this.paste.take();
    if (pasted !== undefined && !this.approval && !this.picker) this.setInput(insertPaste(this.input, pasted));
  }

  /** Routes one key: a paste, Ctrl-C, then the modal, the picker, the menu, and the input. */
  onKey(ch: string | undefined, key: Key & { sequence?: string }): void {
    if (this.paste.key(key.name, key.sequence, ch)) return this.insertPaste();
    // Alt-Enter: the ESC of an ESC CR pair is dropped; that CR is a new line (see `returns`).
    if (key.name === 'escape' && this.returns.includes(true)) return;
    const altReturn = key.name === 'return' && (this.returns.shift() ?? false);
    if (this.search) return this.searchKey(ch, key);
    if (key.full === 'C-c') return this.ctrlC();
    if (this.armed) {
      this.armed = false;
      if (this.state.hint === QUIT_HINT) this.dispatch({ type: 'hint', text: '' });
    }
    if (this.approval) return this.questions.key(key.name, ch);
    if (this.view.sessions.open) return this.onPick(this.view.sessions.key(key.name, ch));
    if (this.picker) return this.pickerKey(ch, key);
    if (key.full === 'C-d') {
      if (!this.input.text) this.quit(0);
      return;
    }
    if (key.full === 'S-tab') return this.cycleMode();
    if (key.full === 'C-r') {
      this.search = startSearch(this.input.history);
      return this.frames.request();
    }
    if (key.name === 'escape' && this.turn && !this.menuItems().length) return this.cancelTurn();
    if (key.name === 'pageup' || key.name === 'pagedown') return this.scroll(key.name === 'pageup' ? -1 : 1);
    if (key.full === 'C-o')
      return this.dispatch({
        type: 'toggle_tool',
        ...toolTarget(this.state, this.view.width(), this.view.transcriptHeight()),
      });
    if (key.full === 'C-t')
      return this.dispatch({
        type: 'toggle_thinking',
        ...thinkingTarget(this.state, this.view.width(), this.view.transcriptHeight()),
      });
    if (this.menuKey(key)) return;
    const edited = ctrlKey(this.input, key.full ?? '');
    if (edited) return this.setInput(edited);
    const r = editKey(this.input, key.name, ch, altReturn || (key.meta ?? false));
    this.setInput(r.state);
    if (r.submit !== undefined) this.submit(r.submit);
  }

  private setInput(input: InputState): void {
    if (input.text !== this.input.text)
      this.menu = { selected: 0, dismissedFor: this.menu.dismissedFor === input.text ? input.text : undefined };
    this.input = input;
    this.frames.request();
  }

  private menuKey(key: Key): boolean {
    const r = menuKey(this.menu, this.menuItems(), key.name, this.input.text);
    if (!r) return false;
    this.menu = r.menu;
    if (r.insert !== undefined) this.setInput(setText(this.input, r.insert));
    this.frames.request();
    return true;
  }

  private scroll(direction: -1 | 1): void {
    const height = this.view.transcriptHeight();
    const width = this.view.width();
    const total = layoutTranscript(this.state, width).total;
    this.dispatch({ type: 'scroll', by: direction * Math.max(1, height - 2), total, height });
  }

  /** A key while Ctrl-R searches: narrow, go older, use the match (not sent) or cancel. */
  private searchKey(ch: string | undefined, key: Key): void {
    if (!this.search) return;
    const r = searchKey(this.search, this.input.history, key.name, key.full, ch);
    this.search = r.type === 'state' ? r.state : undefined;
    if (r.type === 'accept') this.setInput(setText(this.input, r.text));
    this.frames.request();
  }

  /** Shift-Tab: the session's next permission mode (default → acceptEdits → plan → default), from the next tool call on. */
  private cycleMode(): void {
    if (!this.backend.cycleMode) return this.dispatch({ type: 'hint', text: 'this session cannot switch modes' });
    this.dispatch({ type: 'mode', mode: this.backend.cycleMode() });
  }

  /** Ctrl-C or Esc while a turn runs: abort its signal and deny what it is asking. */
  private cancelTurn(): void {
    this.turn?.abort();
    this.questions.denyAll('the user cancelled the turn');
    this.dispatch({ type: 'hint', text: 'cancelling…' });
  }

  private ctrlC(): void {
    if (this.turn) return this.cancelTurn();
    if (this.picker) return this.closePicker();
    if (this.view.sessions.open) return this.onPick(this.view.sessions.key('escape', undefined));
    if (this.armed) return this.quit(0);
    this.armed = true;
    this.setInput(emptyInput(this.input.history));
    this.dispatch({ type: 'hint', text: QUIT_HINT });
  }

  private pickerKey(ch: string | undefined, key: Key): void {
    if (!this.picker) return;
    const r = pickerKey(this.picker, this.backend.skills, key.name, ch);
    if (r.type === 'close') return this.closePicker();
    if (r.type === 'stage') {
      this.closePicker();
      this.setInput(setText(this.input, r.text));
      return;
    }
    this.picker = r.state;
    this.pickerMessage = r.type === 'message' ? r.text : '';
    this.frames.request();
  }

  /** `/resume`'s list: the sessions of this work root; its pick is acted on by {@link onPick}. */
  showSessions(sessions: readonly SessionInfo[]): void {
    this.view.sessions.show(sessions);
    this.frames.request();
  }

  /**
   * A pick in `/resume`'s list: another session reopens the TUI on it (the backend's `resume`,
   * then quit: the transcript so far stays in the scrollback); this one, or a backend that cannot
   * switch, says so; `n` is a new conversation; Esc just closes the list.
   */
  private onPick(pick: SessionPick | undefined): void {
    this.frames.request();
    if (!pick || pick.type === 'quit') return;
    if (pick.type === 'new') return this.clearConversation();
    if (pick.id === this.backend.sessionId?.()) return this.dispatch({ type: 'info', text: 'that is this session' });
    if (this.turn) return this.dispatch({ type: 'hint', text: 'a turn is running — Ctrl-C to cancel it first' });
    if (!this.backend.resume)
      return this.dispatch({ type: 'info', text: `quit, then: harness-tui --resume ${pick.id}` });
    this.backend.resume(pick.id);
    this.quit(0);
  }

  clearConversation(): void {
    if (this.turn) return this.dispatch({ type: 'hint', text: 'a turn is running — Ctrl-C to cancel it first' });
    this.backend.clear();
    this.dispatch({ type: 'clear' });
  }

  private closePicker(): void {
    this.picker = undefined;
    this.pickerMessage = '';
    this.frames.request();
  }

  /** Runs what Enter submitted: a built-in, a refusal, or a turn. */
  submit(text: string): void {
    const skillsEnabled = this.backend.skillsEnabled ?? true;
    const what = interpret(text, this.backend.skills, { skillsEnabled });
    switch (what.kind) {
      case 'empty':
        return;
      case 'reject':
        return this.dispatch({ type: 'error', text: what.message });
      case 'send':
        this.remember(text);
        if (this.turn) {
          this.setInput(setText(this.input, text));
          return this.dispatch({ type: 'hint', text: 'a turn is running — wait, or Ctrl-C to cancel it' });
        }
        void this.runTurn(what.text);
        return;
      case 'command':
        void runTuiCommand(this, what.name, what.args, skillsEnabled);
        return;
    }
  }

  /** Saves a sent prompt in the work root's history (shared with `harness`); a failed write is a notice, once. */
  private remember(text: string): void {
    const failed = this.backend.prompts?.add(text);
    if (failed && !this.historyFailed) {
      this.historyFailed = true;
      this.dispatch({ type: 'notice', text: failed });
    }
  }

  private async runTurn(text: string): Promise<void> {
    const turn = new AbortController();
    this.turn = turn;
    this.dispatch({ type: 'busy', busy: true, now: this.opts.now() });
    try {
      for await (const event of this.backend.send(text, turn.signal))
        this.dispatch({ type: 'agent', event, now: this.opts.now() });
    } catch (err) {
      this.dispatch({
        type: 'error',
        text: turn.signal.aborted ? 'cancelled' : `error: ${err instanceof Error ? err.message : String(err)}`,
      });
    } finally {
      this.turn = undefined;
      this.dispatch({ type: 'busy', busy: false, now: this.opts.now() });
      if (this.state.hint === 'cancelling…') this.dispatch({ type: 'hint', text: '' });
    }
  }
}
