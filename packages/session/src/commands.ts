/**
 * The built-in slash commands as data: one table every front end runs through the session's
 * `slash` command. Each row's `run` returns a {@link SlashResult} (data, never printed lines): a
 * text front end formats it with `formatSlashResult`, the TUI may open a picker for a list, the
 * ACP server sends it as text. Adding a command is one row here: its handler is a required field,
 * so a command without one does not compile, and the router, `/help`, `--help`, completion menus
 * and the editor's command list all read the new row.
 */
import type { SkillSummary, SlashCommandInfo, SlashResult } from '@coding-harness/protocol';
import type { SessionControls } from './controls.js';
import { effortResult, modelResult } from './model-command.js';
import { permissionsResult } from './permissions.js';
import { expandResult } from './result-store.js';
import type { ResultStore } from './result-store.js';
import { sessionSummary } from './sessions-list.js';
import { FILTERS_TOO } from '@coding-harness/approval';
import { memoryEditTarget } from './memory/edit-target.js';

/** What a command may use: the session's controls and the few things only the session itself does. */
export interface SlashDeps {
  readonly controls: SessionControls;
  /** The session's skills now and whether skills are on (`--no-skills`). */
  skills(): SkillSummary[];
  readonly skillsEnabled: boolean;
  /** Starts a new conversation; returns its session id. */
  clear(): string;
  /** Continues a stored session in place; an error text, or undefined when done. */
  resume(id: string): Promise<string | undefined>;
  /** Compacts now (the session's events of it reach its subscribers); the outcome as data. */
  compact(focus: string): Promise<Extract<SlashResult, { kind: 'compact' }>>;
  /** `/rewind [N] [scope]` (rewind/command.ts); absent: the session keeps no checkpoints. */
  rewind?(args: string): Promise<SlashResult>;
  /** The whole results of the latest tool calls (`/expand`). */
  readonly results: ResultStore;
  /** The memory files in the system prompt (`/memory`); absent: none were loaded by this session. */
  memory?(): Extract<SlashResult, { kind: 'memory' }>['files'];
  /** The MCP servers' prompts as commands (`/mcp__server__prompt`), listed by `/help` after the built-ins. */
  mcpCommands?(): SlashCommandInfo[];
  /** Where `/memory user|project|local` files live (`home`, work root). */
  memoryRoots?: { home: string; workroot: string };
}

/** One built-in command. */
export interface SlashCommand {
  name: string;
  /** Other words that run it (`/quit` for `/exit`). */
  aliases: readonly string[];
  /** The `/help` line. */
  description: string;
  /** The argument placeholder shown in `/help` (empty: none). */
  args: string;
  /** What the command does; its result is data for the front end to show. */
  run(deps: SlashDeps, args: string): SlashResult | Promise<SlashResult>;
}

/** The table, in `/help` order. `as const satisfies` keeps the names as a type and requires every field. */
export const SLASH_TABLE = [
  {
    name: 'help',
    aliases: [],
    args: '',
    description: 'this list',
    run: (deps) => ({
      kind: 'help',
      commands: [...slashCommandInfo(), ...(deps.mcpCommands?.() ?? [])],
      skills: deps.skills(),
      skillsEnabled: deps.skillsEnabled,
    }),
  },
  {
    name: 'skills',
    aliases: [],
    args: '',
    description: 'the skills of this session (name, source, description)',
    run: (deps) => ({ kind: 'skills', skills: deps.skills(), skillsEnabled: deps.skillsEnabled }),
  },
  {
    name: 'reload-skills',
    aliases: [],
    args: '',
    description: 'find skills again: added and removed ones are told to the model, the prompt cache kept',
    run: async (deps) => {
      if (!deps.controls.reloadSkills)
        return { kind: 'error', command: 'reload-skills', message: 'this session has no skill discovery' };
      const { added, removed, changed, messages, note } = await deps.controls.reloadSkills();
      return { kind: 'reload', added, removed, changed, messages, toldModel: note !== '' };
    },
  },
  {
    name: 'allowed',
    aliases: [],
    args: '',
    description: 'what runs without asking: rules, session and turn grants, with their origin',
    run: (deps) => {
      const { allowed, denied, asked = [] } = deps.controls.rules();
      return {
        kind: 'rules',
        allowed: [...allowed],
        denied: [...denied],
        mode: deps.controls.mode(),
        ...(asked.length > 0 ? { asked: [...asked] } : {}),
        filters: FILTERS_TOO,
      };
    },
  },
  {
    name: 'sandbox',
    aliases: [],
    args: '',
    description: 'what commands may write, read and reach in the OS sandbox',
    run: (deps) =>
      deps.controls.sandbox?.() ?? {
        kind: 'sandbox',
        state: 'off',
        lines: ['this session has no sandbox (a library session built without one)'],
      },
  },
  {
    name: 'permissions',
    aliases: [],
    args: '[allow|deny|remove <rule>]',
    description: 'the rules in force; allow, deny or remove a rule for this session (rules as --allowed-tools)',
    run: (deps, args) => permissionsResult(deps.controls, args),
  },
  {
    name: 'mode',
    aliases: [],
    args: '[default|acceptEdits|plan]',
    description: 'show or switch the permission mode (Shift-Tab cycles it)',
    run: (deps, args) => {
      const previous = deps.controls.mode();
      if (args.trim() === '') return { kind: 'mode', mode: previous };
      const error = deps.controls.setMode(args);
      if (error !== undefined) return { kind: 'error', command: 'mode', message: error };
      return { kind: 'mode', mode: deps.controls.mode(), previous };
    },
  },
  {
    name: 'model',
    aliases: [],
    args: '[id|sonnet|opus|haiku]',
    description:
      'list the models (a terminal then asks which), or switch the model of the next request (an alias: the newest of that family)',
    run: (deps, args) => modelResult(deps.controls, args),
  },
  {
    name: 'effort',
    aliases: [],
    args: '[level]',
    description: "show or set the next request's effort (low, medium, high, xhigh, max or default)",
    run: (deps, args) => effortResult(deps.controls, args),
  },
  {
    name: 'compact',
    aliases: [],
    args: '[focus]',
    description: 'summarise the conversation now to free context (optional: what the summary should keep)',
    run: (deps, args) => deps.compact(args),
  },
  {
    name: 'expand',
    aliases: [],
    args: '[N]',
    description:
      'the whole result of the latest tool call (N: the Nth latest), everything a command printed, in a pager',
    run: (deps, args) => expandResult(deps.results, args),
  },
  {
    name: 'cost',
    aliases: [],
    args: '',
    description: 'tokens and cost of this session so far',
    run: (deps) => ({ kind: 'cost', status: deps.controls.status() }),
  },
  {
    name: 'status',
    aliases: [],
    args: '',
    description: 'tokens, cache share, cost, context used, model, mode and session id',
    run: (deps) => ({ kind: 'status', status: deps.controls.status() }),
  },
  {
    name: 'resume',
    aliases: [],
    args: '[id]',
    description: 'the sessions of this work root, most recent first; with an id, continue that one here',
    run: async (deps, args) => {
      const id = args.trim();
      if (id !== '') {
        const error = await deps.resume(id);
        return error === undefined
          ? { kind: 'resumed', sessionId: id }
          : { kind: 'error', command: 'resume', message: error };
      }
      const sessions = await deps.controls.sessions();
      return { kind: 'sessions', sessions: sessions.map(sessionSummary), current: deps.controls.status().sessionId };
    },
  },
  {
    name: 'clear',
    aliases: [],
    args: '',
    description: 'start a new conversation',
    run: (deps) => ({ kind: 'cleared', sessionId: deps.clear() }),
  },
  {
    name: 'rewind',
    aliases: [],
    args: '[N] [files|conversation|both]',
    description: 'list the turns; with N, put files and conversation back to before the Nth-last turn',
    run: (deps, args) =>
      deps.rewind?.(args) ?? { kind: 'error', command: 'rewind', message: 'this session keeps no checkpoints' },
  },
  {
    name: 'mcp',
    aliases: [],
    args: '[reconnect|login|logout <name>]',
    description: 'the MCP servers: state, transport, tool count and errors; reconnect one; OAuth log in/out',
    run: (deps, args) => deps.controls.mcp?.(args) ?? { kind: 'mcp', servers: [] },
  },
  {
    name: 'agents',
    aliases: [],
    args: '',
    description: 'the agents the agent tool may run (name, source, tools, description)',
    run: (deps) =>
      deps.controls.agents?.() ?? { kind: 'error', command: 'agents', message: 'this session has no agents' },
  },
  {
    name: 'hooks',
    aliases: [],
    args: '',
    description: "Claude Code hooks: each one's event, matcher, command and source, and whether it runs",
    run: (deps) => deps.controls.hooks?.() ?? { kind: 'hooks', hooks: [], problems: [] },
  },
  {
    name: 'exit',
    aliases: ['quit'],
    args: '',
    description: 'leave (Ctrl-D works too; Ctrl-C cancels a running turn)',
    run: () => ({ kind: 'exit' }),
  },
  {
    name: 'memory',
    aliases: [],
    args: '[user|project|local|N]',
    description: 'the memory files in the system prompt; with an argument, open that file in $VISUAL / $EDITOR',
    run: (deps, args) => {
      const files = deps.memory?.() ?? [];
      if (args.trim() === '' || deps.memoryRoots === undefined) return { kind: 'memory', files };
      const target = memoryEditTarget(args, { ...deps.memoryRoots, files });
      if (!target.ok) return { kind: 'error', command: 'memory', message: target.error };
      return { kind: 'memory', files, edit: target.path };
    },
  },
] as const satisfies readonly SlashCommand[];

/** A built-in command's name. */
export type SlashCommandName = (typeof SLASH_TABLE)[number]['name'];

/** The command names, in `/help` order. */
export const SLASH_COMMANDS: readonly SlashCommandName[] = SLASH_TABLE.map((c) => c.name);

const BY_WORD: ReadonlyMap<string, SlashCommand & { name: SlashCommandName }> = new Map(
  SLASH_TABLE.flatMap((c) => [c.name, ...c.aliases].map((w) => [w, c] as const)),
);

/** The command `word` names (its name or an alias), if any. */
export function findSlashCommand(word: string): (SlashCommand & { name: SlashCommandName }) | undefined {
  return BY_WORD.get(word);
}

/** Runs the command `name` (a name from the table, e.g. what `routeSlash` returned); its result as data. */
export async function runSlashCommand(name: SlashCommandName, deps: SlashDeps, args = ''): Promise<SlashResult> {
  const command = findSlashCommand(name);
  if (!command) throw new Error(`no slash command ${name}`); // a programmer error: names come from the table
  return command.run(deps, args);
}

/** The table as data, for `/help`, completion menus and an editor's command list. */
export function slashCommandInfo(): SlashCommandInfo[] {
  return SLASH_TABLE.map((c: SlashCommand) => ({
    name: c.name,
    aliases: c.aliases,
    args: c.args,
    description: c.description,
  }));
}

/** The table's words (names and aliases), for suggesting the closest to a typo. */
export function slashWords(): string[] {
  return SLASH_TABLE.flatMap((c: SlashCommand) => [c.name, ...c.aliases]);
}

/**
 * The commands as a Markdown table (command, arguments, what it does), generated from the rows
 * for both apps' READMEs (`pnpm --filter @coding-harness/session gen-docs`; a test per README
 * fails while they differ).
 */
export function slashMarkdownTable(): string {
  const cell = (text: string): string => text.replace(/\|/g, '\\|');
  const rows = SLASH_TABLE.map((c: SlashCommand) => {
    const word = [c.name, ...c.aliases].map((w) => `\`/${w}\``).join(', ');
    return `| ${word} | ${c.args ? `\`${cell(c.args)}\`` : ''} | ${cell(c.description)} |`;
  });
  return ['| command | arguments | what it does |', '|---|---|---|', ...rows].join('\n');
}

/** The commands on one line (`/help /skills ...`), for `--help`. */
export function slashHelpSummary(): string {
  return SLASH_TABLE.map((c) => `/${c.name}`).join(' ');
}
