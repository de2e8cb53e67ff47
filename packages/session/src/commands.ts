/**
 * The built-in slash commands as data: one table both front ends execute through
 * {@link runSlashCommand}. A front end supplies a {@link SlashContext} (how to print, clear, show
 * the skills, quit); the table says what each command does with it. Adding a command is one row
 * here: its handler is a required field, so a command without one does not compile, and the
 * router, `/help`, `--help` and the TUI's `/` menu all read the new row.
 */
import type { Grant } from '@coding-harness/approval';
import type { Skill } from '@coding-harness/skills';
import { formatGrants } from './listings.js';

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
  run(ctx: SlashContext, args: string): void;
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
    name: 'allowed',
    aliases: [],
    args: '',
    description: 'what runs without asking: rules, session and turn grants, with their origin',
    run: (ctx) => {
      const { allowed, denied } = ctx.grants();
      ctx.print(formatGrants(allowed, denied));
    },
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
export function runSlashCommand(name: SlashCommandName, ctx: SlashContext, args = ''): void {
  const command = findSlashCommand(name);
  if (!command) throw new Error(`no slash command ${name}`); // a programmer error: names come from the table
  command.run(ctx, args);
}

const SKILL_LINE = '/<skill> [args]    run a skill by name with its arguments (also /skill:<name> [args])';

/** `/help`: one line per command (generated from the table), then how a skill is run. */
export function slashHelpLines(): string[] {
  const lines = SLASH_TABLE.map(
    (c: SlashCommand) => `${`/${c.name}${c.args ? ` ${c.args}` : ''}`.padEnd(18)} ${c.description}`,
  );
  return [...lines, SKILL_LINE];
}

/** The commands on one line (`/help /skills ...`), for `--help`. */
export function slashHelpSummary(): string {
  return SLASH_TABLE.map((c) => `/${c.name}`).join(' ');
}
