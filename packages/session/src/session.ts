/**
 * `createSession`: the one running session behind every front end, spoken to through the
 * protocol (`@coding-harness/protocol`). A front end sends commands (`dispatch`, or `run` to read
 * a command's events in order), subscribes to events, and renders them; it keeps no copy of the
 * session's state (`status` events carry it) and answers approval questions by request id.
 * `close()` ends everything the session started.
 */
import type {
  Command,
  CommandResult,
  SessionEvent,
  SessionStatus,
  SkillSummary,
  SlashCommandInfo,
} from '@coding-harness/protocol';
import type { HarnessFlags } from './args.js';
import { buildHarness } from './build.js';
import type { Harness, HarnessIo } from './build.js';
import type { HarnessEnv } from './config.js';
import { createEventHub } from './event-hub.js';
import { createResultStore } from './result-store.js';
import { commandHandlers } from './session-commands.js';
import { skillSummary } from './skill-summary.js';
import type { SlashRoute } from './slash.js';

/** Facts fixed when the session started, for banners, init lines and an editor's handshake. */
export interface SessionInfo {
  workroot: string;
  /** The repository the trust decision is about (git top-level, else the work root). */
  repository: string;
  /** True when this repository's project skills may apply their `allowed-tools`. */
  trusted: boolean;
  /** False with `--no-skills`. */
  skillsEnabled: boolean;
  /** Lines for the user before the first prompt (discovery summary, notices). */
  startupMessages: readonly string[];
  /** True when the session started on a stored conversation (`--continue`, `--resume`). */
  resumed: boolean;
  /** The tools the model has, by name, in the order it sees them. */
  tools: readonly string[];
}

export interface Session {
  readonly info: SessionInfo;
  /**
   * Runs a command; resolves with its result, which is also sent to every subscriber as a
   * `command_result` naming the command's id. Never rejects: a failure is `{ ok: false, error }`.
   */
  dispatch(command: Command): Promise<CommandResult>;
  /** Calls `listener` with every event from now on, in order; returns the unsubscribe. */
  subscribe(listener: (event: SessionEvent) => void): () => void;
  /** Sends `command` and yields every event from then until its own `command_result` (included). */
  run(command: Command): AsyncIterable<SessionEvent>;
  /** The state now (what the latest `status` event said). */
  status(): SessionStatus;
  /** The skills offered now, for completion menus and command lists. */
  skills(): SkillSummary[];
  /** The MCP servers' prompts as slash commands (`/mcp__server__prompt`), for `/help` and completion menus. */
  mcpCommands?(): SlashCommandInfo[];
  /** `@server:uri` completions of MCP resources for the `@word` at the end of `line`. */
  mcpMentions?(line: string): string[];
  /** What a typed line is: a built-in command, a skill to force, plain text (every text front end routes the same). */
  route(text: string): SlashRoute;
  /** Opens the API connection now, while the user types (nothing when it cannot help). */
  preconnect(): void;
  /** Ends the session: a running turn is stopped, the session file closed, connections ended. */
  close(): Promise<void>;
}

/** What a front end supplies besides flags and env. */
export type SessionIo = HarnessIo;

/**
 * Builds the session from flags and environment (see `buildHarness` for what is checked before
 * any work: a bad flag is a UsageError) and returns it ready for commands.
 */
export async function createSession(flags: HarnessFlags, env: HarnessEnv, io: SessionIo): Promise<Session> {
  const harness = await buildHarness(flags, env, io);
  return sessionOver(harness, { home: io.home });
}

/** The protocol over a wired harness (tests and the evals build the harness themselves); `place.home` for pasted `~/` paths. */
export function sessionOver(harness: Harness, place: { home?: string } = {}): Session {
  const hub = createEventHub();
  // The whole results of the latest tool calls, for `/expand`: it sees every event first.
  const results = createResultStore();
  hub.subscribe(results.take);
  const handlers = commandHandlers(harness, hub.emit, results, place);
  // Where an "always for this project" rule was saved (or why not), as it happens.
  harness.onNotice((message) => hub.emit({ type: 'notice', message }));
  // A server that connects, fails or exits later is a notice to every front end.
  harness.mcp?.listen((message) => hub.emit({ type: 'notice', message }));
  // Servers' questions (elicitation) go to every front end; the answer names the request id.
  harness.mcp?.ux.elicitation?.listen(hub.emit);
  const dispatch = async (command: Command): Promise<CommandResult> => {
    let result: CommandResult;
    try {
      result = await handlers.run(command);
    } catch (err) {
      result = { ok: false, type: command.type, error: `internal error: ${messageOf(err)}` };
    }
    hub.emit({ type: 'command_result', commandId: command.id, result });
    return result;
  };
  return {
    info: {
      workroot: harness.workroot,
      repository: harness.repository,
      trusted: harness.trusted,
      skillsEnabled: harness.skillsEnabled,
      startupMessages: harness.startupMessages,
      resumed: harness.agent.resumed,
      tools: harness.registry.tools.map((t) => t.name),
    },
    dispatch,
    subscribe: hub.subscribe,
    run: (command) => hub.until(command.id, () => void dispatch(command)),
    status: () => harness.controls.status(),
    skills: () => harness.skills.map(skillSummary),
    route: (text) => harness.route(text),
    mcpCommands: () => harness.mcp?.ux.prompts.commands() ?? [],
    mcpMentions: (line) => harness.mcp?.ux.resources.completions(line) ?? [],
    preconnect: () => harness.preconnect(),
    close: async () => {
      await dispatch({ id: 'close', type: 'close' });
    },
  };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
