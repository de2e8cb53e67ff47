import fs from 'node:fs';
import { listResources, loadBody } from '@coding-harness/skills';
import type { Skill } from '@coding-harness/skills';
import * as z from 'zod/mini';
import { closest } from './levenshtein.js';
import { abortedResult, errorResult, okResult } from './result.js';
import { kindOf } from './safe-open.js';
import { expandSkillArguments } from './skill-arguments.js';
import type { Tool, ToolRuleEntry } from './types.js';
import { raceAbort } from './race-abort.js';

/** Resources listed in a skill tool result before the rest is only counted. */
export const SKILL_RESOURCE_LIST_CAP = 50;

interface Input {
  name: string;
  args?: string | undefined;
}

/** The skill's bundled files, listed now (the folder may have changed since discovery). */
function resourceSection(skill: Skill): string {
  const { resources, truncated } = listResources(skill);
  if (resources.length === 0) return '';
  const shown = resources.slice(0, SKILL_RESOURCE_LIST_CAP).map((r) => `- ${r}`);
  const rest = resources.length - shown.length;
  if (rest > 0) shown.push(`… and ${rest} more${truncated ? ' (the listing stopped at its bound)' : ''}`);
  else if (truncated) shown.push('… and more (the listing stopped at its bound)');
  return `\n\nFiles in this skill:\n${shown.join('\n')}`;
}

/**
 * How rules name the skill tool (`Skill(deploy)` allows loading one skill), known even when no
 * skill was discovered: the registry lists it so such a rule stays valid in a session without
 * skills.
 */
export const SKILL_RULES: Readonly<ToolRuleEntry> = Object.freeze({
  name: 'skill',
  kind: 'read',
  ruleNames: Object.freeze(['Skill']),
  pathFields: Object.freeze([]),
  specifier: 'name',
  deniedWith: Object.freeze([]),
});

/**
 * The skill tool for a set of discovered skills. `name` is a JSON-schema enum of the
 * model-invocable slugs; a manual-only skill is accepted only when the current user turn forced
 * it (`ctx.forcedSkill`). The body is read fresh on every call, arguments expanded.
 */
export function createSkillTool(skills: readonly Skill[]): Tool<Input> {
  const invocable = skills.filter((s) => !s.disableModelInvocation).map((s) => s.name);
  const byName = new Map(skills.map((s) => [s.name, s]));
  // One metadata object, `enum` before `description`: the JSON Schema keys keep that order.
  const nameMeta = {
    ...(invocable.length > 0 ? { enum: invocable } : {}),
    description: 'The skill to load (its slug).',
  };
  const schema = z.object({
    name: z.string().check(z.minLength(1)).register(z.globalRegistry, nameMeta),
    args: z
      .optional(z.string())
      .register(z.globalRegistry, { description: 'Arguments for the skill, as the user would type them after /name.' }),
  });
  const known = (): string => (invocable.length > 0 ? invocable.join(', ') : '(none the model may invoke)');
  return {
    description:
      'Load a skill: its instructions (read fresh) and the list of files it ships with, which read_file, glob and grep can read. ' +
      'Use it when a listed skill fits the task; calling it again returns the instructions again.',
    ...SKILL_RULES,
    schema,
    summarize: (input) => `skill ${input.name}${input.args ? ` ${input.args}` : ''}`,
    permission: (input) => ({ target: input.name }),
    async run(input, ctx) {
      const skill = byName.get(input.name);
      if (skill === undefined) {
        const guess = closest(input.name, invocable);
        return errorResult(
          `Unknown skill ${JSON.stringify(input.name)}. Available skills: ${known()}.${guess !== undefined ? ` Did you mean "${guess}"?` : ''}`,
        );
      }
      if (skill.disableModelInvocation && ctx.forcedSkill !== skill.name) {
        return errorResult(
          `Skill "${skill.name}" is manual-only (disable-model-invocation); only the user can run it, by typing /${skill.name}.`,
        );
      }
      // The file was a regular file at discovery; one swapped for a FIFO since would block the read.
      const kind = fileKind(skill.file);
      if (kind !== undefined)
        return errorResult(`Cannot load skill "${skill.name}": ${skill.file} is ${kind}, not a regular file.`);
      const body = await raceAbort(loadBody(skill), ctx.signal, 'aborted' as const);
      if (body === 'aborted') return abortedResult('skill');
      if (!body.ok) return errorResult(`Cannot load skill "${skill.name}": ${body.error}`);
      const text = expandSkillArguments(body.body, input.args ?? '', skill.dir);
      const content = `Skill: ${skill.name}\nDirectory: ${skill.dir}\nRelative paths below resolve against that directory.\n\n${text.replace(/\n+$/, '')}${resourceSection(skill)}`;
      return okResult(content, `loaded skill ${skill.name}`);
    },
  };
}

/** What a non-regular file is ("a FIFO (named pipe)"), undefined for a regular or missing file. */
function fileKind(file: string): string | undefined {
  try {
    const st = fs.statSync(file);
    return st.isFile() ? undefined : kindOf(st);
  } catch {
    return undefined;
  }
}
