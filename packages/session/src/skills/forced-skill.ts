/**
 * `/slug args`: the user forcing a skill. The skills plugin then has the agent make the skill tool
 * call itself (a `beforeTurn` forced call), through the same hooks, policy and tool code as a
 * model-made call, so the transcript reads exactly as if the model had called it.
 */
import type { Skill } from '@coding-harness/skills';

/**
 * The skill a `/name args` text forces, with its argument string; undefined for anything else.
 * The name is any word naming a user-invocable skill exactly, so namespaced names work too
 * (`/plugin:skill`, `/frontend:component`).
 */
export function parseSlashSkill(text: string, skills: readonly Skill[]): { skill: Skill; args: string } | undefined {
  const m = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!m) return undefined;
  const skill = skills.find((s) => s.name === m[1] && s.userInvocable);
  return skill ? { skill, args: (m[2] ?? '').trim() } : undefined;
}

/**
 * The skills a `/a /b args` text forces, in order, with the argument string each of them gets:
 * the leading `/name` words that each name a user-invocable skill exactly (namespaced names
 * too); the first word that is not one starts the arguments. Undefined when the text does not
 * start with such a word. A skill named twice loads once.
 */
export function parseSlashSkills(
  text: string,
  skills: readonly Skill[],
): { skills: Skill[]; args: string } | undefined {
  const chosen: Skill[] = [];
  let rest = text.trim();
  for (let found = parseSlashSkill(rest, skills); found; found = parseSlashSkill(rest, skills)) {
    if (!chosen.includes(found.skill)) chosen.push(found.skill);
    rest = found.args;
  }
  return chosen.length > 0 ? { skills: chosen, args: rest } : undefined;
}
