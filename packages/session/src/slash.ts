import type { Skill, SkillIssue } from '@coding-harness/skills';
import { closest, levenshtein } from '@coding-harness/tools';
import { findSlashCommand, slashWords } from './commands.js';
import type { SlashCommandName } from './commands.js';

/** What the front end should do with one line of user input. */
export type SlashRoute =
  /** A built-in command (by its table name, also when typed as an alias); `args` is the rest of the line, trimmed. */
  | { kind: 'command'; name: SlashCommandName; args: string }
  /** A user-invocable skill: send `text` (normalised to `/<slug> args`) to the agent. */
  | { kind: 'run_skill'; name: string; text: string }
  /** An unknown `/word`: show `message`, send nothing. */
  | { kind: 'unknown'; message: string }
  /** A skill with `user-invocable: false`: show `message`, send nothing. */
  | { kind: 'model-only'; message: string }
  /** Ordinary text (including paths like `/usr/bin/env`, whose first word has a second `/`): send it as is. */
  | { kind: 'text' };

/** Options of `routeSlash`. */
export interface RouteOptions {
  /** False when skills are off (`--no-skills`): no `/word` reaches a skill (an unknown one is still never sent). Default true. */
  skillsEnabled?: boolean;
}

/**
 * Routes one input line. Commands win over skills of the same name (`/skill:help` still reaches
 * a skill named `help`). Never sends a typo to the model, with or without skills: a `/word` that
 * is no command and no skill is unknown (with the closest command or skill suggested), unless it
 * is clearly a path (a second `/` in the first word: `/usr/bin/env`).
 */
export function routeSlash(text: string, skills: readonly Skill[], options: RouteOptions = {}): SlashRoute {
  const trimmed = text.trimStart();
  const m = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(trimmed);
  if (!m) return { kind: 'text' };
  const word = m[1]!;
  const args = (m[2] ?? '').trim();
  // A path is text, unless it names a skill exactly (a nested monorepo skill: `/packages/web:deploy`).
  if (word.includes('/') && (options.skillsEnabled === false || !skills.some((s) => s.name === word)))
    return { kind: 'text' };
  const command = findSlashCommand(word);
  if (command) return { kind: 'command', name: command.name, args };
  const usable = options.skillsEnabled === false ? [] : skills;
  const slug = word.startsWith('skill:') ? word.slice('skill:'.length) : word;
  const skill = usable.find((s) => s.name === slug);
  if (!skill) return { kind: 'unknown', message: unknownMessage(word, usable, options.skillsEnabled !== false) };
  if (!skill.userInvocable)
    return { kind: 'model-only', message: `/${slug} can only be used by the model (user-invocable: false)` };
  return { kind: 'run_skill', name: slug, text: args ? `/${slug} ${args}` : `/${slug}` };
}

/** Suggestions are offered only this close (edits per length), so `/xyzzy` gets no random one. */
const NEAR = 0.5;

/** What an unknown `/word` gets: not sent, and the closest command or skill when one is near. */
function unknownMessage(word: string, skills: readonly Skill[], skillsEnabled: boolean): string {
  const candidates = [...slashWords(), ...skills.filter((s) => s.userInvocable).map((s) => s.name)];
  const near = closest(word, candidates);
  const close = near !== undefined && levenshtein(word, near) <= Math.max(1, Math.floor(word.length * NEAR));
  const hint = close ? `did you mean /${near}? ` : '';
  const kinds = skillsEnabled ? 'command or skill' : 'command (skills are off)';
  return `/${word} is not a ${kinds}, so nothing was sent to the model; ${hint}/help lists them (a path like /usr/bin/env is sent as text)`;
}

/**
 * Discovery notes for user-invocable skills a built-in command shadows (a skill named `status`):
 * `/status` runs the command, so the note says how to run the skill (`/skill:status`). Counted
 * in the start-up summary and listed by `harness skills`; empty when no name collides.
 */
export function shadowedSkillNotes(skills: readonly Skill[]): SkillIssue[] {
  return skills
    .filter((s) => s.userInvocable && findSlashCommand(s.name) !== undefined)
    .map((s) => ({
      path: s.file,
      message: `/${s.name} is a built-in command; run this skill as /skill:${s.name}`,
    }));
}
