import type { AgentEvent, Usage } from '@coding-harness/agent';
import { alwaysRuleFor } from '@coding-harness/approval';
import type { Answer, ApprovalRequest, Grant, PermissionMode } from '@coding-harness/approval';
import { MODE_CYCLE } from '@coding-harness/session';
import type { Skill } from '@coding-harness/skills';
import type { TuiBackend } from './backend.js';

/**
 * One scripted step: an event to emit, a pause, or a question to put to the TUI's `ask`
 * (its answer is emitted as `approval_resolved` for `id`; a `session` answer is remembered as the
 * grant `alwaysRuleFor` names, as the real policy stores it).
 */
export type FakeStep =
  | AgentEvent
  | { type: 'sleep'; ms: number }
  | { type: 'ask'; id: string; request: ApprovalRequest };

/** A scripted turn: fixed steps, or steps computed from the user's text. */
export type FakeTurn = readonly FakeStep[] | ((text: string) => readonly FakeStep[]);

const ZERO: Usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

/**
 * A backend that replays scripted turns in order (then echoes), for tests and `--demo-fake`.
 * It records every text it was sent in `sent`, so a test can prove that nothing was sent.
 * Aborting the signal ends the turn with `turn_end` / `aborted`, like the real agent.
 */
export class FakeBackend implements TuiBackend {
  model: string;
  workroot: string;
  skills: readonly Skill[];
  startupNotices: string[];
  /** Every text passed to `send`, in order. */
  readonly sent: string[] = [];
  /** Every answer the TUI gave to a scripted question, in order. */
  readonly answers: Answer[] = [];
  clears = 0;
  /** The permission mode Shift-Tab switches (as the policy's `setMode` would). */
  permissionMode: PermissionMode;
  prompts?: TuiBackend['prompts'];
  private ask: ((req: ApprovalRequest) => Promise<Answer>) | undefined;
  private readonly turns: FakeTurn[];
  private readonly grants: Grant[] = [];
  private turnNo = 0;

  constructor(
    opts: {
      turns?: FakeTurn[];
      skills?: readonly Skill[];
      model?: string;
      workroot?: string;
      startupNotices?: string[];
      mode?: PermissionMode;
      /** A session id: shown at start, and with `harness-tui --resume <id>` on exit. */
      sessionId?: string;
      /** A prompt history (e.g. in memory). */
      prompts?: TuiBackend['prompts'];
      /** The session's controls (tests pass a stub for the commands that need one). */
      controls?: TuiBackend['controls'];
      /** Called by `/resume`'s pick of another session. */
      onResume?: (id: string) => void;
    } = {},
  ) {
    this.permissionMode = opts.mode ?? 'default';
    if (opts.prompts) this.prompts = opts.prompts;
    if (opts.controls) this.controls = opts.controls;
    if (opts.onResume) this.resume = opts.onResume;
    if (opts.sessionId) {
      this.sessionId = () => opts.sessionId as string;
      this.resumeCommand = () => `harness-tui --resume ${opts.sessionId}`;
    }
    this.turns = [...(opts.turns ?? [])];
    this.skills = opts.skills ?? [];
    this.model = opts.model ?? 'fake-model';
    this.workroot = opts.workroot ?? '/work/demo';
    this.startupNotices = opts.startupNotices ?? [];
  }

  sessionId?: () => string;
  resumeCommand?: () => string;
  controls?: TuiBackend['controls'];
  resume?: (id: string) => void;

  mode(): PermissionMode {
    return this.permissionMode;
  }

  /** The session's cycle (`MODE_CYCLE`), as `SessionControls.cycleMode` runs it. */
  cycleMode(): PermissionMode {
    const next = MODE_CYCLE[(MODE_CYCLE.indexOf(this.permissionMode) + 1) % MODE_CYCLE.length] ?? 'default';
    this.permissionMode = next;
    return next;
  }

  setAsk(ask: (req: ApprovalRequest) => Promise<Answer>): void {
    this.ask = ask;
  }

  allowed(): Grant[] {
    return [...this.grants];
  }

  clear(): void {
    this.clears += 1;
  }

  async *send(text: string, signal: AbortSignal): AsyncIterable<AgentEvent> {
    this.sent.push(text);
    const turn = ++this.turnNo;
    const script = this.turns.shift();
    const steps = typeof script === 'function' ? script(text) : (script ?? echo(text, turn));
    for (const step of steps) {
      if (signal.aborted) break;
      if (step.type === 'sleep') {
        await sleep(step.ms, signal);
        continue;
      }
      if (step.type === 'ask') {
        const answer = this.ask
          ? await this.ask(step.request)
          : ({ type: 'deny', message: 'no ask installed' } as const);
        this.answers.push(answer);
        const rule = alwaysRuleFor(step.request);
        if (answer.type === 'session' && rule) this.grants.push({ rule, scope: 'session', origin: 'user answer' });
        yield answer.type === 'deny'
          ? {
              type: 'approval_resolved',
              id: step.id,
              allowed: false,
              how: 'deny',
              ...(answer.message ? { message: answer.message } : {}),
            }
          : { type: 'approval_resolved', id: step.id, allowed: true, how: answer.type };
        continue;
      }
      yield step;
    }
    if (signal.aborted) yield { type: 'turn_end', turn, stopReason: 'aborted', usage: ZERO, costUsd: 0 };
  }
}

function echo(text: string, turn: number): FakeStep[] {
  const reply = `You said: ${text}`;
  return [
    { type: 'turn_start', turn, text },
    { type: 'request_start', request: 1 },
    { type: 'text_delta', text: reply },
    { type: 'assistant_message', text: reply, stopReason: 'end_turn' },
    { type: 'turn_end', turn, stopReason: 'end_turn', usage: ZERO, costUsd: 0 },
  ];
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
