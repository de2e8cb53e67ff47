import { formatGrants, noSkillsMessage, routeSlash, slashHelpLines, SLASH_TABLE } from '@coding-harness/session';
import type { SlashCommandName } from '@coding-harness/session';
import type { Grant } from '@coding-harness/approval';
import type { Skill } from '@coding-harness/skills';

/** A built-in command's name: exactly `harness`'s set. */
export type CommandName = SlashCommandName;

/** `/skills` opens a picker here, so its menu line says so; every other line is the table's. */
const TUI_DESCRIPTIONS: Partial<Record<CommandName, string>> = {
  skills: 'pick a skill (type to filter, Enter stages /name)',
};

/**
 * The built-in slash commands with a one-line description, in `harness`'s order: rows of the
 * session package's command table (the one both front ends run), so the two cannot drift apart.
 */
export const COMMANDS: readonly { name: CommandName; description: string; args: string }[] = SLASH_TABLE.map((c) => ({
  name: c.name,
  description: TUI_DESCRIPTIONS[c.name] ?? c.description,
  args: c.args,
}));

/** What a submitted input means: nothing, a built-in, text for the agent, or a refusal shown locally. */
export type Interpreted =
  | { kind: 'empty' }
  | { kind: 'command'; name: CommandName; args: string }
  | { kind: 'send'; text: string }
  | { kind: 'reject'; message: string };

/** Options of {@link interpret}; the same as the session's `routeSlash`. */
export interface InterpretOptions {
  /** False with `--no-skills`: any `/word` that is not a built-in is then plain text. Default true. */
  skillsEnabled?: boolean;
}

/**
 * Decides what Enter does with `input`, through the session's `routeSlash` (the router `harness`
 * uses): built-ins run locally; a user-invocable skill is sent as `/<slug> args` (`/skill:<slug>`
 * normalised as `harness` does); a model-only skill or any other `/word` is refused, nothing sent.
 * Plain text is sent as typed, minus trailing white space.
 */
export function interpret(input: string, skills: readonly Skill[], options: InterpretOptions = {}): Interpreted {
  if (!input.trim()) return { kind: 'empty' };
  const route = routeSlash(input.trim(), skills, options);
  switch (route.kind) {
    case 'command':
      return { kind: 'command', name: route.name, args: route.args };
    case 'skill':
      return { kind: 'send', text: route.text };
    case 'unknown':
    case 'model-only':
      return { kind: 'reject', message: route.message };
    case 'text':
      return { kind: 'send', text: input.replace(/\s+$/, '') };
  }
}

/** The keys, as `/help` lists them (TUI only; `harness` has a line editor instead). */
export const KEYS = [
  ['Enter', 'send'],
  ['\\ then Enter, Alt-Enter, Ctrl-J', 'new line (a paste is kept whole, never sent by its line ends)'],
  ['Up / Down', 'input history, shared with harness (or move between lines)'],
  ['Ctrl-R', 'search the prompt history (Ctrl-R again: older; Enter uses it)'],
  ['Shift-Tab', 'permission mode: default → acceptEdits → plan → default'],
  ['Esc', 'cancel the running turn (as Ctrl-C does)'],
  ['PageUp / PageDown', 'scroll the transcript'],
  ['Ctrl-O', 'expand / collapse a tool result: the lowest on screen (PageUp to reach older ones)'],
  ['Ctrl-T', "expand / collapse the model's thinking: the lowest block on screen"],
  ['Tab', 'complete a /command'],
  ['Ctrl-C', 'cancel the running turn; twice when idle to quit'],
  ['Ctrl-D', 'quit (on an empty input)'],
] as const;

/**
 * The text of `/help`: the command lines (`commandLines`, generated from the command table) and
 * the skills line (or the no-skills message), then the TUI's keys.
 */
export function helpText(
  skills: readonly Skill[],
  skillsEnabled = true,
  commandLines: readonly string[] = slashHelpLines(),
): string {
  const invocable = skills.filter((s) => s.userInvocable).map((s) => `/${s.name}`);
  const lines = ['Commands (skills are /name, followed by any arguments):', ...commandLines.map((l) => `  ${l}`)];
  lines.push(
    skills.length > 0
      ? `  skills: ${invocable.length ? invocable.join(' ') : '(none you can invoke; the model may use them)'}`
      : `  ${noSkillsMessage(skillsEnabled)}`,
  );
  lines.push('Keys:');
  for (const [k, what] of KEYS) lines.push(`  ${k.padEnd(32)} ${what}`);
  return lines.join('\n');
}

/** The text of `/allowed`: the session's `formatGrants` (allow grants with scope and origin, then deny rules). */
export function allowedText(allowed: readonly Grant[], denied: readonly Grant[]): string {
  return formatGrants(allowed, denied).join('\n');
}

/** What `/skills` says when there is nothing to pick: `harness`'s message. */
export function noSkillsText(skillsEnabled: boolean): string {
  return noSkillsMessage(skillsEnabled);
}
