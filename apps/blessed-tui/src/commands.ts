import type { Skill } from '@coding-harness/skills';

/** The built-in slash commands, in the order `/help` and the completion menu list them. */
export const COMMANDS = [
  { name: 'help', description: 'list commands and keys' },
  { name: 'skills', description: 'pick a skill (type to filter, Enter stages /name)' },
  { name: 'allowed', description: 'standing permissions and where they came from' },
  { name: 'clear', description: 'start a new conversation' },
  { name: 'exit', description: 'quit' },
] as const;

/** A built-in command's name. */
export type CommandName = (typeof COMMANDS)[number]['name'];

/** What a submitted input means: nothing, a built-in, text for the agent, or a refusal shown locally. */
export type Interpreted =
  | { kind: 'empty' }
  | { kind: 'command'; name: CommandName }
  | { kind: 'send'; text: string }
  | { kind: 'reject'; message: string };

/**
 * Decides what Enter does with `input`, exactly as `harness` does: built-ins run locally;
 * `/<slug>` and `/skill:<slug>` of a user-invocable skill go to the agent verbatim; a skill with
 * `user-invocable: false` is refused; any other `/word` is `unknown command` and nothing is sent.
 */
export function interpret(input: string, skills: readonly Skill[]): Interpreted {
  const text = input.trim();
  if (!text) return { kind: 'empty' };
  if (!text.startsWith('/')) return { kind: 'send', text: input.replace(/\s+$/, '') };
  const word = text.split(/\s/, 1)[0] as string;
  const builtin = COMMANDS.find((c) => `/${c.name}` === word);
  if (builtin) return { kind: 'command', name: builtin.name };
  const slug = word.startsWith('/skill:') ? word.slice('/skill:'.length) : word.slice(1);
  const skill = skills.find((s) => s.name === slug);
  if (!skill) return { kind: 'reject', message: `unknown command ${word} — /help lists them` };
  if (!skill.userInvocable) return { kind: 'reject', message: `/${skill.name} can only be used by the model (user-invocable: false)` };
  return { kind: 'send', text };
}

/** The keys, as `/help` lists them. */
export const KEYS = [
  ['Enter', 'send'],
  ['\\ then Enter, Alt-Enter, Ctrl-J', 'new line'],
  ['Up / Down', 'input history (or move between lines)'],
  ['PageUp / PageDown', 'scroll the transcript'],
  ['Ctrl-O', 'expand / collapse the latest tool result'],
  ['Tab', 'complete a /command'],
  ['Ctrl-C', 'cancel the running turn; twice when idle to quit'],
  ['Ctrl-D', 'quit (on an empty input)'],
] as const;

/** The text of `/help`: commands, keys, and how skills are invoked. */
export function helpText(skills: readonly Skill[]): string {
  const pad = (s: string, n: number) => s.padEnd(n);
  const lines = ['Commands:'];
  for (const c of COMMANDS) lines.push(`  ${pad(`/${c.name}`, 10)} ${c.description}`);
  const invocable = skills.filter((s) => s.userInvocable).map((s) => `/${s.name}`);
  lines.push(`  ${pad('/<name>', 10)} run a skill: skills are /name (also /skill:name), followed by any arguments`);
  lines.push(invocable.length ? `  skills here: ${invocable.join(' ')}` : '  no user-invocable skills found');
  lines.push('Keys:');
  for (const [k, what] of KEYS) lines.push(`  ${pad(k, 32)} ${what}`);
  return lines.join('\n');
}
