import type { AgentEvent } from '@coding-harness/agent';
import type { Answer, ApprovalRequest, Grant, PermissionMode } from '@coding-harness/approval';
import type { SessionControls } from '@coding-harness/session';
import type { Skill } from '@coding-harness/skills';

/**
 * Everything the TUI needs from a session, and nothing more: the shared wiring (flags -> skills ->
 * registry -> policy -> agent) implements this once; tests and `--demo-fake` use {@link FakeBackend}.
 * The TUI never imports tools, the policy or the agent itself.
 */
export interface TuiBackend {
  /** Model id shown in the status bar until a `usage` event names the one actually used. */
  model: string;
  /** Absolute work root, shown (shortened) in the status bar. */
  workroot: string;
  /** Discovered skills: `/name` completion, the picker, and slash-command checks. */
  skills: readonly Skill[];
  /** Skill problems and notes; the TUI shows each once as a notice at startup. */
  startupNotices: string[];
  /**
   * Run one user turn. `text` is what the user typed, verbatim (including `/slug args`).
   * The TUI aborts `signal` on Ctrl-C and keeps reading events until the iterable ends
   * (the agent is expected to end with `turn_end` / `aborted`).
   */
  send(text: string, signal: AbortSignal): AsyncIterable<AgentEvent>;
  /** Installs the question callback; the TUI answers through its approval modal. */
  setAsk(ask: (req: ApprovalRequest) => Promise<Answer>): void;
  /**
   * Called once, right after the first frame is on screen: the harness opens the connection to
   * the API then, so its handshakes happen while the user types. Default nothing.
   */
  onScreen?(): void;
  /** False with `--no-skills` (`/skills` and `/help` then say skills are off; `/word` is plain text). Default true. */
  skillsEnabled?: boolean;
  /** Standing permissions with their origin, for `/allowed`. */
  allowed(): Grant[];
  /** Deny rules with their origin, listed after the grants by `/allowed`. Default none. */
  denied?(): Grant[];
  /**
   * The earlier conversation of a resumed session (`--continue`, `--resume ID`) as the events a live
   * session would have produced (see `replayEvents`); undefined for a new session. Default none.
   */
  history?(): { sessionId: string; events: readonly AgentEvent[] } | undefined;
  /** Starts a new conversation (`/clear`). */
  clear(): void;
  /** This session's id (a new one after `/clear`): shown at start and, with the command that resumes it, on exit. Default none. */
  sessionId?(): string;
  /** The command that resumes this session (`harness-tui --resume <id>`), printed on exit. Default none. */
  resumeCommand?(): string;
  /** The permission mode in force (`--permission-mode`; Shift-Tab and `/mode` change it). Default `ask`. */
  mode?(): PermissionMode;
  /**
   * Shift-Tab: the next mode of the session's cycle (default → acceptEdits → plan → default,
   * `SessionControls.cycleMode`), in force from the next tool call; returns it. Without it,
   * Shift-Tab says this session cannot switch modes.
   */
  cycleMode?(): PermissionMode;
  /**
   * `/resume` picked another session: the runner reopens the TUI on `id` once this screen has
   * closed (the TUI quits right after calling it). Without it, the TUI says how to resume by hand.
   */
  resume?(id: string): void;
  /** The model of the next request (after `/model`), for the status bar. Default: `model`. */
  currentModel?(): string;
  /**
   * The running session's controls for the slash commands that work on it (`/model`, `/mode`,
   * `/status`, `/compact`...): `harness.controls`. Absent (the demo), those commands say so.
   */
  controls?: SessionControls;
  /**
   * The work root's prompt history, shared with `harness` (`createPromptHistory` from the session
   * package): `load` newest first; `add` returns a message naming the file when it could not write.
   */
  prompts?: { load(): string[]; add(entry: string): string | undefined };
}
