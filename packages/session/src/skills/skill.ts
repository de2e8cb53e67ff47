import fs from 'node:fs';
import { listResources, loadBody } from '@coding-harness/skills';
import type { Skill } from '@coding-harness/skills';
import {
  abortedResult,
  closest,
  errorResult,
  jsonSchemaOf,
  kindOf,
  okResult,
  raceAbort,
  zodValidator,
} from '@coding-harness/tools';
import type { Tool, ToolRuleEntry, Validation } from '@coding-harness/tools';
import * as z from 'zod/mini';
import { capSkillBody } from './skill-body-cap.js';
import { closestNames, searchSkills } from './skill-search.js';
import { expandSkillText } from './skill-arguments.js';
import { runDynamicContext } from './skill-dynamic-context.js';
import type { CommandVerdict } from './skill-dynamic-context.js';

/** Resources listed in a skill tool result before the rest is only counted. */
export const SKILL_RESOURCE_LIST_CAP = 50;

/**
 * The `name` enum is sent only while its JSON fits this many characters (about 100 names). It is
 * part of every request: beyond this a plain string checked by the tool (with closest-name
 * suggestions) and a `query` field cost less than the names themselves.
 */
export const SKILL_NAME_ENUM_BUDGET = 2_000;

interface Input {
  name?: string | undefined;
  query?: string | undefined;
  args?: string | undefined;
}

/** What may be set per session. */
export interface SkillToolOptions {
  /** Characters the `name` enum may take in the schema; default {@link SKILL_NAME_ENUM_BUDGET}. */
  enumBudgetChars?: number;
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
 * skill was discovered: the session gives it to the registry (`ruleEntries`) so such a rule stays
 * valid in a session without skills.
 */
export const SKILL_RULES: Readonly<ToolRuleEntry> = Object.freeze({
  name: 'skill',
  kind: 'read',
  ruleNames: Object.freeze(['Skill']),
  pathFields: Object.freeze([]),
  specifier: 'name',
  deniedWith: Object.freeze([]),
});

/** The skill tool's name, for a program reading calls after the fact (an eval, a replay). */
export const SKILL_TOOL_NAME: string = SKILL_RULES.name;

/**
 * What the skill tool asks the session while it runs (the skills plugin answers): the skills it
 * loads now (a reload swaps them; the schema sent keeps the first set's bytes), whether a call is
 * one the user forced with `/name`, the session id for `${CLAUDE_SESSION_ID}`, and the judge of a
 * body's `` !`cmd` `` (absent: no command runs, and a body holding one fails to load).
 */
export interface SkillToolRuntime {
  skills(): readonly Skill[];
  forced(callId: string | undefined): boolean;
  sessionId(): string | undefined;
  /** `${CLAUDE_EFFORT}`: the effort the turn runs with (absent or undefined: left as written). */
  effort?(): string | undefined;
  authorize?(command: string, skill: Skill, callId: string | undefined): Promise<CommandVerdict>;
}

/** The tool's view of one set of skills: the schema, the enum and the lookups, built once per set. */
interface Facet {
  enumMode: boolean;
  schema: z.ZodMiniType<Input>;
  validate: (raw: unknown) => Validation<Input>;
  find(name: string): Skill | undefined;
  unknown(name: string): string;
}

function facetOf(skills: readonly Skill[], budget: number): Facet {
  // With 10,000 skills the schema needs only to know the enum does not fit (counting stops there):
  // the names' list and the by-name index are built on the first call that needs them.
  const enumMode = fitsAsJson(skills, budget);
  let invocableNames: string[] | undefined;
  const invocableOf = (): string[] =>
    (invocableNames ??= skills.filter((s) => !s.disableModelInvocation).map((s) => s.name));
  let index: Map<string, Skill> | undefined;
  const invocable = enumMode ? invocableOf() : [];
  const name = z.string().check(z.minLength(1));
  const args = z
    .optional(z.string())
    .register(z.globalRegistry, { description: 'Arguments for the skill, as the user would type them after /name.' });
  // One metadata object, `enum` before `description`: the JSON Schema keys keep that order.
  const schema = enumMode
    ? z.object({
        name: name.register(z.globalRegistry, {
          ...(invocable.length > 0 ? { enum: invocable } : {}),
          description: 'The skill to load (its slug).',
        }),
        args,
      })
    : z.object({
        name: z.optional(name).register(z.globalRegistry, {
          description: 'The skill to load (its name). Give name or query.',
        }),
        query: z.optional(z.string()).register(z.globalRegistry, {
          description:
            'Instead of name: words to find skills by (skills holding more of them in the name or description rank first). Returns matching names and descriptions; loads nothing.',
        }),
        args,
      });
  const known = (): string => (invocable.length > 0 ? invocable.join(', ') : '(none the model may invoke)');
  return {
    enumMode,
    schema: schema as z.ZodMiniType<Input>,
    validate: zodValidator(schema as z.ZodMiniType<Input>),
    find: (wanted) => (index ??= new Map(skills.map((s) => [s.name, s]))).get(wanted),
    unknown(wanted) {
      if (enumMode) {
        const guess = closest(wanted, invocable);
        return `Unknown skill ${JSON.stringify(wanted)}. Available skills: ${known()}.${guess !== undefined ? ` Did you mean "${guess}"?` : ''}`;
      }
      const names = invocableOf();
      const near = closestNames(wanted, names).map((n) => `"${n}"`);
      return `Unknown skill ${JSON.stringify(wanted)} (${names.length} skills are available). Closest names: ${near.join(', ')}. To find a skill by what it does, call the skill tool with query.`;
    },
  };
}

/** A runtime over a fixed set of skills: nothing forced, no session id, no command runs. */
function fixed(skills: readonly Skill[]): SkillToolRuntime {
  return { skills: () => skills, forced: () => false, sessionId: () => undefined };
}

/**
 * The skill tool. While the model-invocable names fit `enumBudgetChars` as JSON, `name` is a
 * required JSON-schema enum of them; beyond that `name` is a plain string the tool checks (an
 * unknown one gets the closest names) and an optional `query` searches names and descriptions
 * (the listing cannot name every skill then). The schema sent is the one of the skills the tool
 * was made with (same skills, same bytes); calls are checked and run against the runtime's
 * skills now, so a reloaded skill loads although the enum the model saw lacks it. A manual-only
 * skill is accepted only in a call the user forced (`runtime.forced`). The body is read fresh on
 * every call, arguments expanded, `` !`cmd` `` run as the runtime judges, and cut past 256 KiB
 * with a pointer to the rest.
 */
export function createSkillTool(
  source: readonly Skill[] | SkillToolRuntime,
  options: SkillToolOptions = {},
): Tool<Input> {
  const runtime = Array.isArray(source) ? fixed(source as readonly Skill[]) : (source as SkillToolRuntime);
  const budget = options.enumBudgetChars ?? SKILL_NAME_ENUM_BUDGET;
  const facets = new WeakMap<readonly Skill[], Facet>();
  const facet = (skills: readonly Skill[]): Facet => {
    let f = facets.get(skills);
    if (f === undefined) {
      f = facetOf(skills, budget);
      facets.set(skills, f);
    }
    return f;
  };
  return {
    description:
      'Load a skill: its instructions (read fresh) and the list of files it ships with, which read_file, glob and grep can read. ' +
      'Use it when a listed skill fits the task; calling it again returns the instructions again.',
    ...SKILL_RULES,
    inputSchema: Object.freeze(jsonSchemaOf(facet(runtime.skills()).schema)),
    validate: (raw) => facet(runtime.skills()).validate(raw),
    summarize: (input) =>
      input.name === undefined
        ? `skill query ${JSON.stringify(input.query ?? '')}`
        : `skill ${input.name}${input.args ? ` ${input.args}` : ''}`,
    permission: (input) => (input.name === undefined ? {} : { target: input.name }),
    async execute(input, ctx) {
      const skills = runtime.skills();
      const query = input.query?.trim() ?? '';
      if (input.name === undefined && query === '')
        return errorResult('Give name (the skill to load) or query (words to search the skills for).');
      if (input.name !== undefined && query !== '')
        return errorResult('Give either name or query, not both: query only searches, name loads.');
      if (input.name === undefined) return okResult(searchSkills(skills, query), `searched skills for ${query}`);
      const skill = facet(skills).find(input.name);
      if (skill === undefined) return errorResult(facet(skills).unknown(input.name), undefined, 'not_found');
      if (skill.disableModelInvocation && !runtime.forced(ctx.callId)) {
        return errorResult(
          `Skill "${skill.name}" is manual-only (disable-model-invocation); only the user can run it, by typing /${skill.name}.`,
          undefined,
          'denied',
        );
      }
      // The file was a regular file at discovery; one swapped for a FIFO since would block the read.
      const kind = fileKind(skill.file);
      if (kind !== undefined)
        return errorResult(`Cannot load skill "${skill.name}": ${skill.file} is ${kind}, not a regular file.`);
      const body = await raceAbort(loadBody(skill), ctx.signal, 'aborted' as const);
      if (body === 'aborted') return abortedResult('skill');
      if (!body.ok) return errorResult(`Cannot load skill "${skill.name}": ${body.error}`);
      const capped = capSkillBody(body.body, skill.file);
      const sessionId = runtime.sessionId();
      const effort = runtime.effort?.();
      const expanded = expandSkillText(capped.body, {
        args: input.args ?? '',
        skillDir: skill.dir,
        projectDir: ctx.root,
        ...(skill.arguments !== undefined ? { argumentNames: skill.arguments } : {}),
        ...(sessionId !== undefined ? { sessionId } : {}),
        ...(effort !== undefined ? { effort } : {}),
        ...(skill.pluginRoot !== undefined ? { pluginRoot: skill.pluginRoot } : {}),
      });
      const judge = runtime.authorize ? (command: string) => runtime.authorize!(command, skill, ctx.callId) : undefined;
      const dynamic = await runDynamicContext(expanded, skill, ctx, judge);
      if (!dynamic.ok) return errorResult(`Cannot load skill "${skill.name}": ${dynamic.error}`);
      const text = dynamic.text.replace(/\n+$/, '');
      const cut = capped.pointer === '' ? '' : `\n\n${capped.pointer}`;
      const content = `Skill: ${skill.name}\nDirectory: ${skill.dir}\nRelative paths below resolve against that directory.\n\n${text}${cut}${resourceSection(skill)}`;
      return okResult(content, `loaded skill ${skill.name}`);
    },
  };
}

/**
 * True when `JSON.stringify` of the model-invocable skills' names would be at most `budget`
 * characters (stops counting past it).
 */
function fitsAsJson(skills: readonly Skill[], budget: number): boolean {
  let length = 1;
  for (const s of skills) {
    if (s.disableModelInvocation) continue;
    length += JSON.stringify(s.name).length + 1;
    if (length > budget) return false;
  }
  return Math.max(2, length) <= budget;
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
