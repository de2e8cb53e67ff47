/**
 * The commands an editor offers after `/` (ACP's `available_commands_update`): the built-in slash
 * commands from the session's table, then the skills a user may run, each with its argument hint.
 * `/exit` is left out: an editor ends an agent by closing it.
 */
import type { AvailableCommand } from '@agentclientprotocol/sdk';
import type { SkillSummary, SlashCommandInfo } from '@coding-harness/protocol';

/** Built-in commands that mean nothing in an editor. */
const NOT_IN_AN_EDITOR = new Set(['exit']);

export function availableCommands(
  builtins: readonly SlashCommandInfo[],
  skills: readonly SkillSummary[],
): AvailableCommand[] {
  const commands: AvailableCommand[] = builtins
    .filter((c) => !NOT_IN_AN_EDITOR.has(c.name))
    .map((c) => ({ name: c.name, description: c.description, ...(c.args ? { input: { hint: c.args } } : {}) }));
  const taken = new Set(commands.map((c) => c.name));
  for (const skill of skills) {
    if (!skill.userInvocable) continue;
    // A skill shadowed by a command is run as /skill:name (as the REPL says).
    const name = taken.has(skill.name) ? `skill:${skill.name}` : skill.name;
    commands.push({
      name,
      description: skill.description,
      input: { hint: skill.argumentHint ?? 'arguments (optional)' },
    });
  }
  return commands;
}
