import type { Skill } from '@coding-harness/skills';
import { findSlashCommand } from './commands.js';
import type { SlashCommandName } from './commands.js';

/** What the front end should do with one line of user input. */
export type SlashRoute =
  /** A built-in command (by its table name, also when typed as an alias); `args` is the rest of the line, trimmed. */
  | { kind: 'command'; name: SlashCommandName; args: string }
  /** A user-invocable skill: send `text` (normalised to `/<slug> args`) to the agent. */
  | { kind: 'skill'; name: string; text: string }
  /** An unknown `/word`: show `message`, send nothing. */
  | { kind: 'unknown'; message: string }
  /** A skill with `user-invocable: false`: show `message`, send nothing. */
  | { kind: 'model-only'; message: string }
  /** Ordinary text (including paths like `/usr/bin/env` and, with skills off, any `/word`): send it as is. */
  | { kind: 'text' };

/** Options of `routeSlash`. */
export interface RouteOptions {
  /** False when skills are off (`--no-skills`): an unknown `/word` is then plain text for the model. Default true. */
  skillsEnabled?: boolean;
}

/**
 * Routes one input line. Commands win over skills of the same name (`/skill:help` still reaches
 * a skill named `help`). Never sends a typo: with skills on, any other `/word` is unknown.
 */
export function routeSlash(text: string, skills: readonly Skill[], options: RouteOptions = {}): SlashRoute {
  const trimmed = text.trimStart();
  const m = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(trimmed);
  if (!m) return { kind: 'text' };
  const word = m[1]!;
  const args = (m[2] ?? '').trim();
  if (word.includes('/')) return { kind: 'text' };
  const command = findSlashCommand(word);
  if (command) return { kind: 'command', name: command.name, args };
  if (options.skillsEnabled === false) return { kind: 'text' };
  const slug = word.startsWith('skill:') ? word.slice('skill:'.length) : word;
  const skill = skills.find((s) => s.name === slug);
  if (!skill) return { kind: 'unknown', message: `unknown command /${word} — /help lists them` };
  if (!skill.userInvocable)
    return { kind: 'model-only', message: `/${slug} can only be used by the model (user-invocable: false)` };
  return { kind: 'skill', name: slug, text: args ? `/${slug} ${args}` : `/${slug}` };
}
