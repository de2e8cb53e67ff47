/**
 * The built-in slash commands as data: one table both front ends execute through
 * {@link runSlashCommand}. A front end supplies a {@link SlashContext} (how to print, clear, show
 * the skills, quit, and the session's {@link SessionControls}); the table says what each command
 * does with it, so a command that works on the session (`/model`, `/status`, `/permissions`,
 * `/mode`, `/compact`, `/resume`) is written once here and a front end only renders its lines.
 * Adding a command is one row here: its handler is a required field, so a command without one
 * does not compile, and the router, `/help`, `--help` and the TUI's `/` menu all read the new row.
 */
import type { SessionInfo } from '@coding-harness/agent';
import type { Grant } from '@coding-harness/approval';
import type { Skill } from '@coding-harness/skills';
import type { SessionControls } from './controls.js';
import { formatGrants } from './listings.js';
import { MODE_MEANING } from '@coding-harness/approval';
import { effortCommand, modelCommand } from './model-command.js';
import { permissionsCommand } from './permissions.js';
import { formatReload } from './reload.js';
import { formatSessionRows } from './sessions-list.js';
import { formatCost, formatStatus } from './status.js';

/** What a command may do in the front end that runs it. Text passed to `print` is sanitized by the front end. */
export interface SlashContext {
  /** The session's skills and whether skills are on (`--no-skills`). */
  readonly skills: readonly Skill[];
  readonly skillsEnabled: boolean;
  /** Shows lines of information. */
  print(lines: readonly string[]): void;
  /** Shows the command list (`lines`, generated from the table) the front end's way, with its skills line. */
  showHelp(lines: readonly string[]): void;
  /** Shows the session's skills: the REPL prints them, the TUI opens its picker. */
  showSkills(): void;
  /** Standing grants and deny rules, for `/allowed`. */
  grants(): { allowed: readonly Grant[]; denied: readonly Grant[] };
  /** Starts a new conversation (a front end may refuse while a turn runs, and says so). */
  clear(): void;
  /** Ends the session. */
  quit(): void;
  /**
   * The running session's controls (`harness.controls`); absent in a front end without a real
   * session (the TUI's demo backend), where the commands that need it say so.
   */
  readonly session?: SessionControls;
  /** Aborted when the user cancels a running command (`/compact` waits on a model request). */
  readonly signal?: AbortSignal;
  /** `/resume`: a front end with a picker opens it over these (most recent first); without one the list is printed. */
  showSessions?(sessions: readonly SessionInfo[]): void;
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
  /** May be async (`/compact`, `/resume`): {@link runSlashCommand} returns its promise. */
  run(ctx: SlashContext, args: string): void | Promise<void>;
}

/** Runs `fn` with the session's controls, or says the command needs a live session. */
function withSession(
  name: string,
  fn: (session: SessionControls, ctx: SlashContext, args: string) => void | Promise<void>,
) {
  return (ctx: SlashContext, args: string): void | Promise<void> => {
    if (!ctx.session) return ctx.print([`/${name} needs a live session (not available in this front end)`]);
    return fn(ctx.session, ctx, args);
  };
}

/** The table, in `/help` order. `as const satisfies` keeps the names as a type and requires every field. */
export const SLASH_TABLE = [
  { name: 'help', aliases: [], args: '', description: 'this list', run: (ctx) => ctx.showHelp(slashHelpLines()) },
  {
    name: 'skills',
    aliases: [],
    args: '',
    description: 'the skills of this session (name, source, description)',
    run: (ctx) => ctx.showSkills(),
  },
  {
    name: 'reload-skills',
    aliases: [],
    args: '',
    description: 'find skills again: added and removed ones are told to the model, the prompt cache kept',
    run: withSession('reload-skills', async (s, ctx) => {
      if (!s.reloadSkills) return ctx.print(['/reload-skills needs a session with skill discovery']);
      ctx.print(formatReload(await s.reloadSkills()));
    }),
  },
  {
    name: 'allowed',
    aliases: [],
    args: '',
    description: 'what runs without asking: rules, session and turn grants, with their origin',
    run: (ctx) => {
      const { allowed, denied } = ctx.grants();
      ctx.print(formatGrants(allowed, denied, ctx.session?.mode() ?? 'default'));
    },
  },
  {
    name: 'permissions',
    aliases: [],
    args: '[allow|deny|remove <rule>]',
    description: 'the rules in force; allow, deny or remove a rule for this session (rules as --allowed-tools)',
    run: withSession('permissions', (s, ctx, args) => ctx.print(permissionsCommand(s, args))),
  },
  {
    name: 'mode',
    aliases: [],
    args: '[default|acceptEdits|plan]',
    description: 'show or switch the permission mode (Shift-Tab in harness-tui cycles it)',
    run: withSession('mode', (s, ctx, args) => {
      const error = args.trim() === '' ? undefined : s.setMode(args);
      const mode = s.mode();
      ctx.print(
        error !== undefined
          ? [`/mode: ${error}`]
          : [
              `mode: ${mode}: ${MODE_MEANING[mode]}`,
              ...(args.trim() === '' ? ['/mode default|acceptEdits|plan switches'] : []),
            ],
      );
    }),
  },
  {
    name: 'model',
    aliases: [],
    args: '[id]',
    description: 'list the models, or switch the model of the next request',
    run: withSession('model', (s, ctx, args) => ctx.print(modelCommand(s, args))),
  },
  {
    name: 'effort',
    aliases: [],
    args: '[level]',
    description: "show or set the next request's effort (low, medium, high, xhigh, max or default)",
    run: withSession('effort', (s, ctx, args) => ctx.print(effortCommand(s, args))),
  },
  {
    name: 'compact',
    aliases: [],
    args: '[focus]',
    description: 'summarise the conversation now to free context (optional: what the summary should keep)',
    run: withSession('compact', async (s, ctx, args) => {
      ctx.print(['compacting…']);
      ctx.print((await s.compact(args, ctx.signal)).lines);
    }),
  },
  {
    name: 'cost',
    aliases: [],
    args: '',
    description: 'tokens and cost of this session so far',
    run: withSession('cost', (s, ctx) => ctx.print(formatCost(s.status()))),
  },
  {
    name: 'status',
    aliases: [],
    args: '',
    description: 'tokens, cache share, cost, context used, model, mode and session id',
    run: withSession('status', (s, ctx) => ctx.print(formatStatus(s.status()))),
  },
  {
    name: 'resume',
    aliases: [],
    args: '',
    description: 'the sessions of this work root, most recent first, and how to open one',
    run: withSession('resume', async (s, ctx) => {
      const sessions = await s.sessions();
      if (ctx.showSessions && sessions.length > 0) return ctx.showSessions(sessions);
      ctx.print(formatSessionRows(sessions, s.status().sessionId));
    }),
  },
  { name: 'clear', aliases: [], args: '', description: 'start a new conversation', run: (ctx) => ctx.clear() },
  {
    name: 'exit',
    aliases: ['quit'],
    args: '',
    description: 'leave (Ctrl-D works too; Ctrl-C cancels a running turn)',
    run: (ctx) => ctx.quit(),
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

/** Runs the command `name` (a name from the table, e.g. what `routeSlash` returned) in `ctx`. */
export async function runSlashCommand(name: SlashCommandName, ctx: SlashContext, args = ''): Promise<void> {
  const command = findSlashCommand(name);
  if (!command) throw new Error(`no slash command ${name}`); // a programmer error: names come from the table
  await command.run(ctx, args);
}

const SKILL_LINE = '/<skill> [args]    run a skill by name with its arguments (also /skill:<name> [args])';

/** `/help`: one line per command (generated from the table), then how a skill is run. */
export function slashHelpLines(): string[] {
  const heads = SLASH_TABLE.map((c: SlashCommand) => `/${c.name}${c.args ? ` ${c.args}` : ''}`);
  const width = Math.min(30, Math.max(...heads.map((h) => h.length)));
  const lines = SLASH_TABLE.map((c: SlashCommand, i) => `${heads[i]!.padEnd(width)} ${c.description}`);
  return [...lines, SKILL_LINE];
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
