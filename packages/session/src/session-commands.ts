/**
 * What each protocol command does to the session: one handler per command type, in a table the
 * compiler checks for completeness (a new command without a handler does not compile). A handler
 * returns its data, or an error text naming what was wrong; the session wraps either into the
 * command's `command_result`. Turn and compaction events go to the session's subscribers as they
 * happen; a `status` event follows every change of state.
 */
import type {
  Command,
  CommandData,
  CommandOf,
  CommandResult,
  CommandType,
  SessionEvent,
} from '@coding-harness/protocol';
import type { Harness } from './build.js';
import { runSlashCommand } from './commands.js';
import type { SlashDeps } from './commands.js';
import { historyEvents } from './history-events.js';
import { rewindResult } from './rewind/command.js';
import type { ResultStore } from './result-store.js';
import { skillSummary } from './skill-summary.js';
import { sessionSummary } from './sessions-list.js';
import { sessionJobs } from './session-jobs.js';
import type { SessionJobs } from './session-jobs.js';
import { sendHandler } from './session-send.js';
import { controlCommandHandlers } from './session-controls-commands.js';

type Handler<K extends CommandType> = (
  command: CommandOf<K>,
) => Promise<CommandData[K] | string> | CommandData[K] | string;
type HandlerTable = { [K in CommandType]: Handler<K> };

export interface CommandHandlers {
  run(command: Command): Promise<CommandResult>;
}

const CLOSED = 'the session is closed';

/** What the slash commands reach of the session: its controls, skills, memory, and the session's clear/resume/compact. */
function slashDepsOf(
  harness: Harness,
  results: ResultStore,
  jobs: SessionJobs,
  actions: { clear: () => string; resume: (id: string) => Promise<string | undefined> },
): SlashDeps {
  return {
    get controls() {
      return harness.controls;
    },
    skills: () => harness.skills.map(skillSummary),
    skillsEnabled: harness.skillsEnabled,
    clear: actions.clear,
    resume: actions.resume,
    compact: jobs.compact,
    rewind: (args) => rewindResult(harness.rewind, harness.agent, args),
    results,
    mcpCommands: () => harness.mcp?.ux.prompts.commands() ?? [],
    memoryRoots: { home: harness.home, workroot: harness.workroot },
    memory: () =>
      harness.memory.files.map((f) => ({ path: f.path, scope: f.scope, chars: f.text.length, imports: f.imports })),
  };
}

/**
 * The handlers over `harness`, emitting the session's events through `emit`; `results` follows
 * those events; `home` is where a pasted `~/shots/a.png` is looked up (none: such paths are left alone).
 * The shared running-job state is session-jobs.ts; `send` is session-send.ts; the controls'
 * commands are session-controls-commands.ts.
 */
export function commandHandlers(
  harness: Harness,
  emit: (event: SessionEvent) => void,
  results: ResultStore,
  place: { home?: string } = {},
): CommandHandlers {
  const jobs = sessionJobs(harness, emit);
  const { emitStatus, compact } = jobs;

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

  const slashDeps = slashDepsOf(harness, results, jobs, { clear, resume });

  const table: HandlerTable = {
    send: sendHandler(harness, emit, jobs, place),
    answer: ({ requestId, answer }) =>
      harness.agent.answer(requestId, answer) ? { requestId } : `no open question has the request id ${requestId}`,
    interrupt: () => {
      const running = jobs.current;
      running?.abort();
      return { interrupted: running !== undefined };
    },
    ...controlCommandHandlers(harness, emitStatus),
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
      if (jobs.closed) return {};
      jobs.closed = true;
      jobs.current?.abort();
      await harness.close();
      emit({ type: 'closed' });
      return {};
    },
  };

  return {
    async run(command) {
      if (jobs.closed && command.type !== 'close') return { ok: false, type: command.type, error: CLOSED };
      const handler = table[command.type] as Handler<typeof command.type>;
      const out = await handler(command as never);
      return typeof out === 'string'
        ? { ok: false, type: command.type, error: out }
        : ({ ok: true, type: command.type, data: out } as CommandResult);
    },
  };
}
