/**
 * What each protocol command does to the session: one handler per command type, in a table the
 * compiler checks for completeness (a new command without a handler does not compile). A handler
 * returns its data, or an error text naming what was wrong; the session wraps either into the
 * command's `command_result`. Turn and compaction events go to the session's subscribers as they
 * happen; a `status` event follows every change of state.
 */
import type { AgentEvent } from '@coding-harness/agent';
import type {
  Command,
  CommandData,
  CommandOf,
  CommandResult,
  CommandType,
  SessionEvent,
  SlashResult,
} from '@coding-harness/protocol';
import type { Harness } from './build.js';
import { runSlashCommand } from './commands.js';
import type { SlashDeps } from './commands.js';
import { historyEvents } from './history-events.js';
import { rewindResult } from './rewind/command.js';
import type { ResultStore } from './result-store.js';
import { skillSummary } from './skill-summary.js';
import { sessionSummary } from './sessions-list.js';
import { createTurnInput } from './mentions/turn-input.js';
import { mcpTurnInput } from './mcp/prompts-turn.js';

type Handler<K extends CommandType> = (
  command: CommandOf<K>,
) => Promise<CommandData[K] | string> | CommandData[K] | string;
type HandlerTable = { [K in CommandType]: Handler<K> };

export interface CommandHandlers {
  run(command: Command): Promise<CommandResult>;
}

const NOTHING_TO_COMPACT = 'nothing to compact yet: the conversation has no earlier turns';
const CLOSED = 'the session is closed';

/**
 * The handlers over `harness`, emitting the session's events through `emit`; `results` follows
 * those events; `home` is where a pasted `~/shots/a.png` is looked up (none: such paths are left alone).
 */
export function commandHandlers(
  harness: Harness,
  emit: (event: SessionEvent) => void,
  results: ResultStore,
  place: { home?: string } = {},
): CommandHandlers {
  /** The running turn's or compaction's abort, for `interrupt` and `close`. */
  let current: AbortController | undefined;
  let closed = false;
  const emitStatus = (): void => emit({ type: 'status', status: harness.controls.status() });

  /** Runs one of the agent's jobs (a turn, a compaction), its events to the subscribers. */
  const job = async (events: (signal: AbortSignal) => AsyncIterable<AgentEvent>, seen: (e: AgentEvent) => void) => {
    const controller = new AbortController();
    current = controller;
    try {
      for await (const event of events(controller.signal)) {
        emit(event);
        seen(event);
      }
    } finally {
      if (current === controller) current = undefined;
      emitStatus();
    }
  };

  const compact = async (focus: string): Promise<Extract<SlashResult, { kind: 'compact' }>> => {
    if (harness.agent.busy)
      return { kind: 'compact', compacted: false, message: 'a turn is running: compact after it ends' };
    let said = false;
    let done: Extract<AgentEvent, { type: 'compaction' }> | undefined;
    await job(
      (signal) => harness.agent.compact({ ...(focus.trim() !== '' ? { focus } : {}), signal }),
      (event) => {
        if (event.type === 'compaction') done = event;
        else said = true;
      },
    );
    if (done)
      return { kind: 'compact', compacted: true, tokensBefore: done.tokensBefore, tokensAfter: done.tokensAfter };
    // Nothing was said at all: there was nothing older to summarise. Otherwise the events said why.
    return { kind: 'compact', compacted: false, ...(said ? {} : { message: NOTHING_TO_COMPACT }) };
  };

  const clear = (): string => {
    harness.agent.clear();
    emitStatus();
    return harness.agent.sessionId;
  };

  const resume = async (id: string): Promise<string | undefined> => {
    if (harness.agent.busy) return 'a turn is running: resume after it ends';
    const error = await harness.resume(id);
    if (error === undefined) emitStatus();
    return error;
  };

  const slashDeps: SlashDeps = {
    get controls() {
      return harness.controls;
    },
    skills: () => harness.skills.map(skillSummary),
    skillsEnabled: harness.skillsEnabled,
    clear,
    resume,
    compact,
    rewind: (args) => rewindResult(harness.rewind, harness.agent, args),
    results,
    mcpCommands: () => harness.mcp?.ux.prompts.commands() ?? [],
    memoryRoots: { home: harness.home, workroot: harness.workroot },
    memory: () =>
      harness.memory.files.map((f) => ({ path: f.path, scope: f.scope, chars: f.text.length, imports: f.imports })),
  };

  // `!command` and `@path`: mentions/ (the parts of the next user message, and the user's own commands).
  const input = createTurnInput(() => ({
    root: harness.workroot,
    secrets: harness.secrets,
    sandbox: harness.sandbox,
    env: harness.commandEnv,
    policy: harness.policy,
    registry: harness.registry,
    ...(place.home !== undefined ? { home: place.home } : {}),
  }));
  const userCommand = async (command: string): Promise<CommandData['send'] | string> => {
    if (harness.agent.busy) return 'a turn is running: run the command after it ends';
    const controller = new AbortController();
    current = controller;
    try {
      const ran = await input.runBang(command, emit, controller.signal);
      const outcome = controller.signal.aborted ? 'aborted' : ran.ok ? 'completed' : 'failed';
      return { turnId: ran.callId, stopReason: 'end_turn', outcome };
    } finally {
      if (current === controller) current = undefined;
      emitStatus();
    }
  };

  const table: HandlerTable = {
    send: async ({ text: typed }) => {
      const bang = input.bang(typed);
      if (bang !== undefined) return userCommand(bang);
      let end: Extract<AgentEvent, { type: 'turn_end' }> | undefined;
      let refused: string | undefined;
      // A `/mcp__server__prompt` line is the prompt's message; `@server:uri` mentions attach resources.
      const mcp = harness.agent.busy ? { text: typed, parts: [] } : await mcpTurnInput(harness.mcp?.ux, typed, emit);
      if (typeof mcp === 'string') return mcp;
      const text = mcp.text;
      const parts = harness.agent.busy
        ? { before: [], after: [] }
        : await input.parts(typed, emit, new AbortController().signal);
      parts.after.push(...mcp.parts);
      await job(
        (signal) => harness.agent.send(text, { signal, parts }),
        (event) => {
          if (event.type === 'turn_end') end = event;
          else if (event.type === 'error' && end === undefined) refused = event.message;
        },
      );
      if (!end) {
        input.restore(parts.before);
        return refused ?? 'the turn did not start';
      }
      return { turnId: end.turnId, stopReason: end.stopReason, outcome: end.outcome };
    },
    answer: ({ requestId, answer }) =>
      harness.agent.answer(requestId, answer) ? { requestId } : `no open question has the request id ${requestId}`,
    interrupt: () => {
      const running = current;
      running?.abort();
      return { interrupted: running !== undefined };
    },
    set_model: ({ model }) => {
      const previous = harness.controls.status().model;
      const error = harness.controls.setModel(model);
      if (error !== undefined) return error;
      emitStatus();
      return { model: harness.controls.status().model, previous };
    },
    set_effort: ({ effort }) => {
      const error = harness.controls.setEffort(effort);
      if (error !== undefined) return error;
      emitStatus();
      const now = harness.controls.status().effort;
      return now === undefined ? {} : { effort: now };
    },
    set_mode: ({ mode }) => {
      const previous = harness.controls.mode();
      const error = harness.controls.setMode(mode);
      if (error !== undefined) return error;
      emitStatus();
      return { mode: harness.controls.mode(), previous };
    },
    cycle_mode: () => {
      const previous = harness.controls.mode();
      const mode = harness.controls.cycleMode();
      emitStatus();
      return { mode, previous };
    },
    add_rule: ({ list, rule }) => harness.controls.addRule(list, rule) ?? { list, rule },
    remove_rule: ({ rule }) => {
      const removed = harness.controls.removeRule(rule);
      return typeof removed === 'string' ? removed : { removed };
    },
    compact: async ({ focus }) => {
      const result = await compact(focus ?? '');
      return {
        compacted: result.compacted,
        ...(result.tokensBefore !== undefined ? { tokensBefore: result.tokensBefore } : {}),
        ...(result.tokensAfter !== undefined ? { tokensAfter: result.tokensAfter } : {}),
        ...(result.message !== undefined ? { message: result.message } : {}),
      };
    },
    clear: () => (harness.agent.busy ? 'a turn is running: clear after it ends' : { sessionId: clear() }),
    resume: async ({ sessionId }) => (await resume(sessionId)) ?? { sessionId },
    list_sessions: async () => ({
      sessions: (await harness.controls.sessions()).map(sessionSummary),
      current: harness.agent.sessionId,
    }),
    status: () => ({ status: harness.controls.status() }),
    reload_skills: async () => {
      const reload = await harness.reloadSkills();
      emitStatus();
      const { added, removed, changed, messages, note } = reload;
      return { added, removed, changed, messages, toldModel: note !== '' };
    },
    history: () => ({
      sessionId: harness.agent.sessionId,
      events: historyEvents(harness.agent.messages(), {
        summarize: (name, input) => {
          const prepared = harness.registry.prepare(name, input, { root: harness.workroot });
          return prepared.ok ? prepared.summary : name;
        },
        kind: (name) => harness.registry.get(name)?.kind ?? 'exec',
      }),
    }),
    slash: async ({ text }) => {
      const route = harness.route(text);
      if (route.kind !== 'command') return `not a built-in command: ${text.trim().split(/\s+/)[0] ?? text}`;
      // A command may change the state (/model, /mode, /reload-skills...): the status event says so.
      const before = JSON.stringify(harness.controls.status());
      const result = await runSlashCommand(route.name, slashDeps, route.args);
      if (JSON.stringify(harness.controls.status()) !== before) emitStatus();
      return result;
    },
    answer_elicitation: ({ requestId, answer }) =>
      harness.mcp?.ux.elicitation?.answer(requestId, answer)
        ? { requestId }
        : `no open MCP server question has the request id ${requestId}`,
    close: async () => {
      if (closed) return {};
      closed = true;
      current?.abort();
      await harness.close();
      emit({ type: 'closed' });
      return {};
    },
  };

  return {
    async run(command) {
      if (closed && command.type !== 'close') return { ok: false, type: command.type, error: CLOSED };
      const handler = table[command.type] as Handler<typeof command.type>;
      const out = await handler(command as never);
      return typeof out === 'string'
        ? { ok: false, type: command.type, error: out }
        : ({ ok: true, type: command.type, data: out } as CommandResult);
    },
  };
}
