import type { SlashResult } from '@coding-harness/protocol';
import { formatHelp, SLASH_TABLE } from '@coding-harness/session';
import type { SlashCommandName, SlashRoute } from '@coding-harness/session';

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

/**
 * Decides what Enter does with `input`, through the session's router (`Session.route`, the one
 * `harness` uses): a built-in goes to the session as a `slash` command; a user-invocable skill is
 * sent as `/<slug> args` (`/skill:<slug>` normalised as `harness` does); a model-only skill or any
 * other `/word` is refused, nothing sent. Plain text is sent as typed, minus trailing white space.
 */
export function interpret(input: string, route: (text: string) => SlashRoute): Interpreted {
  if (!input.trim()) return { kind: 'empty' };
  const routed = route(input.trim());
  switch (routed.kind) {
    case 'command':
      return { kind: 'command', name: routed.name, args: routed.args };
    case 'run_skill':
      return { kind: 'send', text: routed.text };
    case 'unknown':
    case 'model-only':
      return { kind: 'reject', message: routed.message };
    case 'text':
      return { kind: 'send', text: input.replace(/\s+$/, '') };
  }
}

/** The keys, as `/help` lists them (TUI only; `harness` has a line editor instead). */
export const KEYS = [
  ['Enter', 'send (while a turn runs: queued, sent when it ends)'],
  ['\\ then Enter, Alt-Enter, Ctrl-J', 'new line (a paste is kept whole, never sent by its line ends)'],
  ['Up / Down', 'input history, shared with harness (or move between lines)'],
  ['Ctrl-R', 'search the prompt history (Ctrl-R again: older; Enter uses it)'],
  ['Shift-Tab', 'permission mode: default → acceptEdits → plan → default'],
  ['Esc', 'cancel the running turn (as Ctrl-C does); queued messages go back into the input'],
  ['Esc Esc', 'between turns: the turns to rewind (/rewind)'],
  ['PageUp / PageDown', 'scroll the transcript'],
  [
    'Ctrl-O',
    'expand / collapse a tool result: the lowest on screen (PageUp to reach older ones); again on a long one: all of it in a viewer',
  ],
  ['Ctrl-T', "expand / collapse the model's thinking: the lowest block on screen"],
  ['Tab', 'complete a /command'],
  ['Ctrl-C', 'cancel the running turn; twice when idle to quit'],
  ['Ctrl-D', 'quit (on an empty input)'],
] as const;

/** The text of `/help`: the session's lines for its result (commands, how skills run, the skills), then the keys. */
export function helpText(result: Extract<SlashResult, { kind: 'help' }>): string {
  const lines = ['Commands (skills are /name, followed by any arguments):', ...formatHelp(result).map((l) => `  ${l}`)];
  lines.push('Keys:');
  for (const [k, what] of KEYS) lines.push(`  ${k.padEnd(32)} ${what}`);
  return lines.join('\n');
}
