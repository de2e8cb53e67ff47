import type { Command, CommandResult, SessionEvent } from '@coding-harness/protocol';
import type { Session } from '@coding-harness/session';
import type { Action } from './reduce.js';
import type { ViewState } from './view-state.js';

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
/** A command without its id (the client numbers them). */
export type Sendable = WithoutId<Command>;

/** What the TUI is given besides the session (the bin fills these; tests leave most out). */
export interface ClientOptions {
  /**
   * The work root's prompt history, shared with `harness` (`createPromptHistory` from the session
   * package): `load` newest first; `add` returns a message naming the file when it could not write.
   */
  prompts?: { load(): string[]; add(entry: string): string | undefined };
  /** Where the bin was started: the resume command printed on exit names `-C` only when it differs. */
  cwd?: string;
  /** Notices after the session's start-up messages (the `--resume` picker's). */
  notices?: readonly string[];
  /** A resumed session's conversation (the `history` command's data), drawn before anything else. */
  history?: { sessionId: string; events: readonly SessionEvent[] };
}

/** The view the client reports to. */
export interface ClientView {
  readonly state: ViewState;
  dispatch(action: Action): void;
  now(): number;
  /** Called once nothing runs any more (a turn or `/compact` ended), after its result is shown. */
  idle?(): void;
}

/**
 * The TUI's side of the session protocol: commands go out with ids of its own (`tui_1`, …),
 * results come back as promises (the session also sends them as `command_result` events, which
 * the view ignores). It knows which commands wait on the model (a turn, `/compact`): while one
 * runs the view is busy, and Esc or Ctrl-C interrupts it.
 */
export class SessionClient {
  private ids = 0;
  private jobs = 0;
  private historyFailed = false;

  constructor(
    readonly session: Session,
    readonly options: ClientOptions,
    private readonly view: ClientView,
  ) {}

  /** Sends `command` to the session with a fresh id; resolves with its result. */
  command(command: Sendable): Promise<CommandResult> {
    this.ids += 1;
    return this.session.dispatch({ ...command, id: `tui_${this.ids}` } as Command);
  }

  /** True while a turn or `/compact` runs. */
  get running(): boolean {
    return this.jobs > 0;
  }

  /** Runs `job` (a command that waits on the model) as busy: the progress line shows, Esc and Ctrl-C interrupt it. */
  async busyWith<T>(job: () => Promise<T>): Promise<T> {
    this.jobs += 1;
    this.view.dispatch({ type: 'busy', busy: true, now: this.view.now() });
    try {
      return await job();
    } finally {
      this.jobs -= 1;
      this.view.dispatch({ type: 'busy', busy: false, now: this.view.now() });
      if (this.view.state.hint === 'cancelling…') this.view.dispatch({ type: 'hint', text: '' });
      // After the caller has shown the result (a turn that did not start says why first).
      if (this.jobs === 0) setImmediate(() => !this.running && this.view.idle?.());
    }
  }

  /** One user turn: the `send` command (its events arrive through the subscription). */
  async send(text: string): Promise<void> {
    const result = await this.busyWith(() => this.command({ type: 'send', text }));
    if (result.ok) return;
    // A turn that did not start says why; an error its events already showed is not repeated.
    const last = this.view.state.items.at(-1);
    if (!(last?.kind === 'error' && last.text === result.error))
      this.view.dispatch({ type: 'error', text: result.error });
  }

  /** Saves a sent prompt in the work root's history (shared with `harness`); a failed write is a notice, once. */
  remember(text: string): void {
    const failed = this.options.prompts?.add(text);
    if (failed && !this.historyFailed) {
      this.historyFailed = true;
      this.view.dispatch({ type: 'notice', text: failed });
    }
  }
}
