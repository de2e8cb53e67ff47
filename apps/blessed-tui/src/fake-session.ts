import { turnOutcome } from '@coding-harness/agent';
import type { Answer, Grant, PermissionMode } from '@coding-harness/approval';
import { addUsage } from '@coding-harness/model';
import type {
  Command,
  CommandResult,
  CommandType,
  EventOf,
  SessionEvent,
  SessionStatus,
  SessionSummary,
  TurnOutcome,
} from '@coding-harness/protocol';
import { createResultStore, routeSlash, runSlashCommand, SKILL_TOOL_NAME, skillSummary } from '@coding-harness/session';
import { BUILTIN_TOOL_NAMES } from '@coding-harness/tools';
import type { Session, SessionInfo, SlashRoute } from '@coding-harness/session';
import type { Skill } from '@coding-harness/skills';
import { fakeControls, fakeSlashDeps } from './fake-controls.js';

type Loose<E> = E extends unknown ? Omit<E, 'turnId' | 'outcome'> & { turnId?: string; outcome?: TurnOutcome } : never;
/** An event as a script writes it: the fake session adds the turn's id (and a `turn_end`'s outcome). */
export type ScriptEvent = Loose<SessionEvent>;

/**
 * One scripted step: an event to send, or a pause (`sleep` for a time, `gate` until the test opens
 * it; an interrupt ends either). An `approval_requested` step waits, as the real
 * session does, for the `answer` command naming its request id (or an interrupt), then sends
 * `approval_resolved`; an "always" answer adds its `alwaysRule` to the session's rules.
 */
export type FakeStep = ScriptEvent | { type: 'sleep'; ms: number } | { type: 'gate'; open: Promise<unknown> };

/** A scripted turn: fixed steps, or steps computed from the user's text. */
export type FakeTurn = readonly FakeStep[] | ((text: string) => readonly FakeStep[]);

/** What a fake session starts with. */
export interface FakeSessionOptions {
  turns?: FakeTurn[];
  skills?: readonly Skill[];
  /** False as with `--no-skills`. Default true. */
  skillsEnabled?: boolean;
  model?: string;
  workroot?: string;
  startupMessages?: string[];
  mode?: PermissionMode;
  sessionId?: string;
  /** The work root's stored sessions (`/resume` lists them, `resume` switches to one). */
  sessions?: SessionSummary[];
  /** A stored session's conversation, by id, as `history` returns it. */
  histories?: Record<string, SessionEvent[]>;
  /** True when the session starts on the stored conversation `sessionId` (as `--continue`). */
  resumed?: boolean;
}

const ZERO = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

/**
 * A session that plays scripted turns (then echoes), behind the same `Session` interface as the
 * real one, for the TUI's tests and `--demo-fake`: commands in, events out, ids on both. Slash
 * commands run the session package's own table over fake controls. It records every text sent
 * (`sent`), every answer (`answers`) and every command (`commands`), so a test can prove what
 * reached the session and that nothing was sent.
 */
export class FakeSession implements Session {
  readonly info: SessionInfo;
  readonly sent: string[] = [];
  readonly answers: Answer[] = [];
  readonly commands: Command[] = [];
  /** How often `preconnect` was called. */
  preconnects = 0;
  /** Turns that have ended and sent their last events (`turn_end`, `status`): nothing more comes from them. */
  turnsEnded = 0;
  /** The rules `/allowed` lists (an "always" answer adds one). */
  readonly grants: Grant[] = [];
  state: SessionStatus;
  /** The whole results of the scripted tool calls (`/expand`), fed by every event sent. */
  readonly results = createResultStore();
  private readonly turns: FakeTurn[];
  private readonly listeners = new Set<(event: SessionEvent) => void>();
  private readonly waiting = new Map<string, (answer: Answer) => void>();
  private current: AbortController | undefined;
  private turnNo = 0;
  private closed = false;
  private readonly skillList: readonly Skill[];

  constructor(readonly options: FakeSessionOptions = {}) {
    this.turns = [...(options.turns ?? [])];
    this.skillList = options.skills ?? [];
    const workroot = options.workroot ?? '/work/demo';
    this.state = {
      sessionId: options.sessionId ?? 'fake-session',
      model: options.model ?? 'fake-model',
      efforts: [],
      maxTokens: 8192,
      mode: options.mode ?? 'default',
      usage: { ...ZERO },
      costUsd: 0,
      requests: 0,
      context: { used: 0, window: 200_000 },
      workroot,
      skills: this.skillList.length,
      busy: false,
    };
    this.info = {
      workroot,
      repository: workroot,
      trusted: false,
      skillsEnabled: options.skillsEnabled ?? true,
      startupMessages: options.startupMessages ?? [],
      resumed: options.resumed ?? false,
      tools: [...BUILTIN_TOOL_NAMES, SKILL_TOOL_NAME],
    };
  }

  /** The types of the commands received, in order. */
  commandTypes(): CommandType[] {
    return this.commands.map((c) => c.type);
  }

  async dispatch(command: Command): Promise<CommandResult> {
    this.commands.push(command);
    const result =
      this.closed && command.type !== 'close'
        ? refused(command.type, 'the session is closed')
        : await this.run1(command);
    this.emit({ type: 'command_result', commandId: command.id, result });
    return result;
  }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async *run(command: Command): AsyncIterable<SessionEvent> {
    const queue: SessionEvent[] = [];
    let wake: (() => void) | undefined;
    const off = this.subscribe((e) => {
      queue.push(e);
      wake?.();
    });
    try {
      void this.dispatch(command);
      for (;;) {
        const event = queue.shift();
        if (event === undefined) {
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        yield event;
        if (event.type === 'command_result' && event.commandId === command.id) return;
      }
    } finally {
      off();
    }
  }

  status(): SessionStatus {
    return this.state;
  }

  skills() {
    return this.skillList.map(skillSummary);
  }

  route(text: string): SlashRoute {
    return routeSlash(text, this.skillList, { skillsEnabled: this.info.skillsEnabled });
  }

  preconnect(): void {
    this.preconnects += 1;
  }

  async close(): Promise<void> {
    await this.dispatch({ id: 'close', type: 'close' });
  }

  /** Sends `event` to every subscriber. */
  emit(event: SessionEvent): void {
    this.results.take(event);
    for (const listener of [...this.listeners]) listener(event);
  }

  /** Changes the session's state and says so with a `status` event. */
  update(patch: Partial<SessionStatus>): void {
    this.state = { ...this.state, ...patch };
    this.emit({ type: 'status', status: this.state });
  }

  private async run1(command: Command): Promise<CommandResult> {
    const ok = <T extends CommandType>(type: T, data: unknown): CommandResult =>
      ({ ok: true, type, data }) as CommandResult;
    switch (command.type) {
      case 'send':
        return this.send(command.text);
      case 'answer': {
        const resolve = this.waiting.get(command.requestId);
        if (!resolve) return refused('answer', `no open question has the request id ${command.requestId}`);
        resolve(command.answer);
        return ok('answer', { requestId: command.requestId });
      }
      case 'interrupt': {
        const running = this.current;
        running?.abort();
        return ok('interrupt', { interrupted: running !== undefined });
      }
      case 'cycle_mode': {
        const previous = this.state.mode;
        const mode = fakeControls(this).cycleMode();
        return ok('cycle_mode', { mode, previous });
      }
      case 'clear':
        return ok('clear', { sessionId: this.clear() });
      case 'resume': {
        const error = this.resume(command.sessionId);
        return error ? refused('resume', error) : ok('resume', { sessionId: command.sessionId });
      }
      case 'history':
        return ok('history', {
          sessionId: this.state.sessionId,
          events: this.options.histories?.[this.state.sessionId] ?? [],
        });
      case 'status':
        return ok('status', { status: this.state });
      case 'slash': {
        const route = this.route(command.text);
        if (route.kind !== 'command') return refused('slash', `not a built-in command: ${command.text}`);
        return ok('slash', await runSlashCommand(route.name, fakeSlashDeps(this), route.args));
      }
      case 'close':
        if (!this.closed) {
          this.closed = true;
          this.current?.abort();
          this.emit({ type: 'closed' });
        }
        return ok('close', {});
      default:
        return refused(command.type, `the fake session has no ${command.type}`);
    }
  }

  /** `/clear` and `clear`: a new conversation. */
  clear(): string {
    this.update({ sessionId: `fake-session-${this.commands.length}`, usage: { ...ZERO }, costUsd: 0, requests: 0 });
    return this.state.sessionId;
  }

  /** `resume` and `/resume <id>`: continues a stored session; an error text when there is none. */
  resume(id: string): string | undefined {
    if (this.current) return 'a turn is running: resume after it ends';
    if (!(this.options.sessions ?? []).some((s) => s.id === id))
      return `could not resume session ${id}: no such session`;
    this.update({ sessionId: id });
    return undefined;
  }

  private async send(text: string): Promise<CommandResult> {
    this.sent.push(text);
    const turn = ++this.turnNo;
    const turnId = `turn_${turn}`;
    const script = this.turns.shift();
    const steps = typeof script === 'function' ? script(text) : (script ?? echo(text));
    const controller = new AbortController();
    this.current = controller;
    let end: EventOf<'turn_end'> | undefined;
    try {
      for (const step of steps) {
        if (controller.signal.aborted) break;
        if (step.type === 'sleep') {
          await sleep(step.ms, controller.signal);
          continue;
        }
        if (step.type === 'gate') {
          await gate(step.open, controller.signal);
          continue;
        }
        const event = withIds(step, turnId);
        this.emit(event);
        if (event.type === 'usage') this.count(event);
        if (event.type === 'turn_end') end = event;
        if (event.type === 'approval_requested') await this.ask(event, controller.signal);
      }
      if (controller.signal.aborted && !end) {
        end = { type: 'turn_end', turnId, turn, stopReason: 'aborted', outcome: 'aborted', usage: ZERO, costUsd: 0 };
        this.emit(end);
      }
    } finally {
      this.current = undefined;
      this.emit({ type: 'status', status: this.state });
      this.turnsEnded += 1;
    }
    if (!end) return { ok: true, type: 'send', data: { turnId, stopReason: 'end_turn', outcome: 'completed' } };
    return { ok: true, type: 'send', data: { turnId, stopReason: end.stopReason, outcome: end.outcome } };
  }

  /** Waits for the answer to `question` (or the turn's end), then says how it was settled. */
  private async ask(question: EventOf<'approval_requested'>, signal: AbortSignal): Promise<void> {
    const answer = await new Promise<Answer | undefined>((resolve) => {
      const aborted = (): void => resolve(undefined);
      signal.addEventListener('abort', aborted, { once: true });
      this.waiting.set(question.requestId, (a) => {
        signal.removeEventListener('abort', aborted);
        resolve(a);
      });
    });
    this.waiting.delete(question.requestId);
    const ids = { requestId: question.requestId, callId: question.callId };
    if (answer === undefined) {
      this.emit({ type: 'approval_resolved', ...ids, allowed: false, how: 'aborted' });
      return;
    }
    this.answers.push(answer);
    if ((answer.type === 'session' || answer.type === 'project') && question.alwaysRule)
      this.grants.push({ rule: question.alwaysRule, scope: 'session', origin: 'user answer' });
    this.emit(
      answer.type === 'deny'
        ? {
            type: 'approval_resolved',
            ...ids,
            allowed: false,
            how: 'deny',
            ...(answer.message ? { message: answer.message } : {}),
          }
        : { type: 'approval_resolved', ...ids, allowed: true, how: answer.type },
    );
  }

  /** A request's usage, added to the session's totals (sent with the next `status`). */
  private count(event: EventOf<'usage'>): void {
    this.state = {
      ...this.state,
      usage: addUsage(this.state.usage, event.usage),
      costUsd: this.state.costUsd + event.costUsd,
      requests: this.state.requests + 1,
    };
  }
}

/** A script's event with the turn's id, and a `turn_end` with its outcome. */
function withIds(step: ScriptEvent, turnId: string): SessionEvent {
  const event = { ...step, turnId: step.turnId ?? turnId };
  if (event.type === 'turn_end') return { ...event, outcome: event.outcome ?? turnOutcome(event.stopReason) };
  return event as SessionEvent;
}

function refused(type: CommandType, error: string): CommandResult {
  return { ok: false, type, error };
}

/** The turn of a session with no script left: it echoes the text. */
function echo(text: string): FakeStep[] {
  const reply = `You said: ${text}`;
  return [
    { type: 'turn_start', turn: 1, text },
    { type: 'request_start', request: 1 },
    { type: 'text_delta', text: reply },
    {
      type: 'message_end',
      message: { role: 'assistant', content: [{ type: 'text', text: reply }] },
      stopReason: 'end_turn',
    },
    { type: 'turn_end', turn: 1, stopReason: 'end_turn', usage: ZERO, costUsd: 0 },
  ];
}

/** Resolves when `open` settles or `signal` aborts. */
function gate(open: Promise<unknown>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done, { once: true });
    void open.then(done, done);
  });
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
