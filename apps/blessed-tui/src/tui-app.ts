import type { Widgets } from 'blessed';
import type { SessionEvent, SessionSummary, SkillSummary } from '@coding-harness/protocol';
import type { HarnessEnv, Session } from '@coding-harness/session';
import type { ApprovalState } from './approval-state.js';
import { QuestionQueue } from './question-queue.js';
import { ElicitationPrompt } from './elicitation-prompt.js';
import { interpret } from './commands.js';
import { completions, type Completion, type MenuState } from './completion.js';
import { mentionItems } from './mention-completion.js';
import { FrameScheduler } from './frame-scheduler.js';
import { emptyInput, insertPaste, setText, type InputState } from './input-state.js';
import { searchLabel, type HistorySearch } from './history-search.js';
import type { ViewerState } from './result-viewer.js';
import type { ViewerHost } from './whole-result.js';
import { PasteCollector } from './paste.js';
import { progressLine, SPINNER_MS } from './progress.js';
import type { PickerState } from './picker-state.js';
import { reduce, type Action } from './reduce.js';
import { resumeCommand, resumeHint, scrollbackText } from './scrollback.js';
import { shortRoot } from './status-line.js';
import type { Theme } from './theme.js';
import { runSlash } from './tui-commands.js';
import type { CommandHost } from './tui-commands.js';
import { EscTwice, routeKey, type Key, type KeyHost } from './tui-keys.js';
import { SessionClient, type ClientOptions } from './session-client.js';
import { TuiScreen } from './tui-screen.js';
import { editOnScreen } from './memory-editor.js';
import { initialState, type ViewState } from './view-state.js';

/**
 * The running TUI, a client of the session protocol: it sends commands (`dispatch`) and draws the
 * events it is sent (`subscribe`), keeping no copy of the session's state (the status bar is the
 * latest `status` event). It routes keys (modal > picker > menu > input), answers approval
 * questions by request id, and draws at most ~30 frames a second. `quit` resolves `done`. Which
 * key does what is decided in `tui-keys.ts` (`routeKey`), on the state this class holds.
 */
export class TuiApp implements CommandHost, ViewerHost, KeyHost {
  state: ViewState;
  input: InputState = emptyInput();
  /** The session's open approval questions; the first one is in the modal. */
  readonly questions: QuestionQueue;
  /** MCP servers' questions: while one is open, what Enter submits answers it. */
  readonly elicitations: ElicitationPrompt;
  picker: PickerState | undefined;
  /** The skills the open picker lists (the `/skills` result). */
  pickerSkills: readonly SkillSummary[] = [];
  pickerMessage = '';
  /** Index into the `/` menu, and the input text for which Esc dismissed it. */
  menu: MenuState = { selected: 0, dismissedFor: undefined };
  /** The whole-result viewer while it is open, and the call it shows. */
  viewer: { callId: string; state: ViewerState } | undefined;
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

  /** The session's side: commands out, results back. */
  readonly client: SessionClient;
  /** A first Ctrl-C showed the quit hint: the next one quits. */
  quitArmed = false;
  /** Esc Esc between turns opens `/rewind`. */
  readonly escapes = new EscTwice();
  /** The widgets (the `/resume` list keeps its own selection). */
  readonly view: TuiScreen;
  private finish!: (code: number) => void;
  private readonly frames: FrameScheduler;
  private readonly ticker: ReturnType<typeof setInterval>;
  private readonly unsubscribe: () => void;

  constructor(
    readonly session: Session,
    options: ClientOptions,
    private readonly screen: Widgets.Screen,
    theme: Theme,
    private readonly opts: { now: () => number; home?: string; env?: HarnessEnv },
  ) {
    this.client = new SessionClient(session, options, this);
    this.state = initialState({
      status: session.status(),
      startupNotices: [...session.info.startupMessages, ...(options.notices ?? [])],
    });
    this.input = emptyInput((options.prompts?.load() ?? []).reverse()); // oldest first, as Up walks it
    const history = options.history;
    if (history)
      this.state = reduce(this.state, {
        type: 'replay',
        events: history.events,
        notice: `resumed session ${history.sessionId}`,
      });
    else this.state = reduce(this.state, { type: 'notice', text: `session ${this.state.status.sessionId}` });
    this.done = new Promise((resolve) => (this.finish = resolve));
    this.view = new TuiScreen(screen, theme);
    this.frames = new FrameScheduler(() => this.render());
    this.questions = new QuestionQueue(
      (requestId, answer) => void this.client.command({ type: 'answer', requestId, answer }),
      () => this.frames.request(),
    );
    this.elicitations = new ElicitationPrompt({
      notice: (text) => this.dispatch({ type: 'notice', text }),
      error: (text) => this.dispatch({ type: 'error', text }),
      hint: (text) => this.dispatch({ type: 'hint', text }),
      answer: (requestId, answer) => void this.client.command({ type: 'answer_elicitation', requestId, answer }),
    });
    // While a turn runs: the spinner moves and running calls count their seconds.
    this.ticker = setInterval(
      () => this.state.busy && this.dispatch({ type: 'tick', now: this.opts.now() }),
      SPINNER_MS,
    );
    this.ticker.unref?.();
    this.unsubscribe = session.subscribe((event) => this.onSessionEvent(event));
    screen.on('resize', () => this.frames.flush());
    this.frames.flush();
  }

  /** One event from the session: the questions and the view follow it. */
  private onSessionEvent(event: SessionEvent): void {
    this.questions.onEvent(event);
    this.dispatch({ type: 'event', event, now: this.opts.now() });
    this.elicitations.onEvent(event);
  }

  /** Asks for a frame (frames are drawn at most ~30 times a second). */
  requestFrame(): void {
    this.frames.request();
  }

  /** The transcript's width. */
  width(): number {
    return this.view.width();
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

  /** Opens the `/skills` picker on `skills`. */
  openSkillPicker(skills: readonly SkillSummary[]): void {
    this.pickerSkills = skills;
    this.picker = { query: '', selected: 0 };
    this.frames.request();
  }

  /** Draws everything now (tests and the first frame); normally frames are scheduled. */
  renderNow(): void {
    this.frames.flush();
  }

  /**
   * Stops listening and drawing; the caller restores the terminal and closes the session (which
   * stops a running turn and settles its questions). Nothing the session sends afterwards is drawn.
   */
  stop(): void {
    this.unsubscribe();
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
    const { sessionId, workroot } = this.state.status;
    return text ? text + resumeHint(sessionId, resumeCommand(sessionId, workroot, this.client.options.cwd)) : text;
  }

  /** The open question's modal state, if any. */
  get approval(): ApprovalState | undefined {
    return this.questions.current;
  }

  /** The `/` menu items for the current input (empty when hidden). */
  menuItems(): Completion[] {
    if (this.picker || this.approval || this.view.sessions.open || this.menu.dismissedFor === this.input.text)
      return [];
    const slash = completions(this.input.text, this.session.skills(), this.session.mcpCommands?.());
    const mcp = this.session.mcpMentions?.(this.input.text);
    return slash.length > 0 ? slash : mentionItems(this.input.text, this.state.status.workroot, mcp);
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
      skills: this.pickerSkills,
      approval: this.approval,
      viewer: this.viewer?.state,
      root: shortRoot(this.state.status.workroot, this.opts.home),
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
  insertPaste(): void {
    const pasted = this.paste.take();
    if (pasted !== undefined && !this.approval && !this.picker) this.setInput(insertPaste(this.input, pasted));
  }

  /** Routes one key (see `routeKey`): a paste, Ctrl-C, then the modal, the picker, the menu, and the input. */
  onKey(ch: string | undefined, key: Key & { sequence?: string }): void {
    routeKey(this, ch, key);
  }

  /** `/memory user|project|local|N`: the file in the user's editor, the screen handed over until it exits. */
  editFile(file: string): Promise<string | undefined> {
    return editOnScreen(this.screen, file, this.opts.env ?? process.env);
  }

  /** Shows `viewer` over the screen (the whole result of `callId`). */
  openViewer(callId: string, viewer: ViewerState): void {
    this.viewer = { callId, state: viewer };
    this.frames.request();
  }

  /** Sets the input; a changed text resets the `/` menu's selection. */
  setInput(input: InputState): void {
    if (input.text !== this.input.text)
      this.menu = { selected: 0, dismissedFor: this.menu.dismissedFor === input.text ? input.text : undefined };
    this.input = input;
    this.frames.request();
  }

  /**
   * Shift-Tab: the session's next permission mode (default → acceptEdits → plan → default), from
   * the next tool call on; the status bar follows the session's `status` event.
   */
  cycleMode(): void {
    void this.client
      .command({ type: 'cycle_mode' })
      .then((r) => !r.ok && this.dispatch({ type: 'hint', text: r.error }));
  }

  /** The running turn (or `/compact`) ended: the first queued message is sent, as its own turn. */
  idle(): void {
    const next = this.state.queued[0];
    if (next === undefined) return;
    this.dispatch({ type: 'dequeue' });
    void this.client.send(next);
  }

  /**
   * Ctrl-C or Esc while a turn runs: the session interrupts it (and settles its open questions);
   * queued messages are not sent but put back in the input, before what is typed there.
   */
  cancelTurn(): void {
    void this.client.command({ type: 'interrupt' });
    this.questions.clear();
    this.elicitations.cancelAll();
    if (this.state.queued.length > 0) {
      const back = [...this.state.queued, this.input.text].filter((t) => t !== '').join('\n');
      this.dispatch({ type: 'dequeue', all: true });
      this.setInput(setText(this.input, back));
    }
    this.dispatch({ type: 'hint', text: 'cancelling…' });
  }

  /** `/resume`'s list: the sessions of this work root; its keys and pick are routed by `routeKey`. */
  showSessions(sessions: readonly SessionSummary[]): void {
    this.view.sessions.show(sessions);
    this.frames.request();
  }

  /** Closes the skills picker. */
  closePicker(): void {
    this.picker = undefined;
    this.pickerMessage = '';
    this.frames.request();
  }

  /** Runs what Enter submitted: a built-in, a refusal, or a turn. */
  submit(text: string): void {
    if (this.elicitations.open) return this.elicitations.input(text);
    const what = interpret(text, (line) => this.session.route(line));
    switch (what.kind) {
      case 'empty':
        return;
      case 'reject':
        return this.dispatch({ type: 'error', text: what.message });
      case 'send':
        this.client.remember(text);
        // While a turn runs the message waits (shown as queued) and goes when the turn ends.
        if (this.client.running) return this.dispatch({ type: 'queue', text: what.text });
        void this.client.send(what.text);
        return;
      case 'command':
        void runSlash(this, what.name, text.trim());
        return;
    }
  }
}
