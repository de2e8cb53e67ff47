/**
 * The frontmatter fields Claude Code defines on top of the Agent Skills specification, read the
 * way Claude Code reads them, so a skill written for Claude Code means the same here. Nothing
 * here is fatal: a value of the wrong shape is ignored and the returned note says so. What the
 * harness does with each field is in `CLAUDE_CODE_FIELDS` (lint and the README use it).
 */
import { EFFORTS } from '@coding-harness/model';
import { parseAllowedTools } from './allowed-tools.js';
import { coerceText, describe } from './fields.js';
import type { Skill, SkillEffort } from './types.js';

/** The Claude Code fields this file reads, as `Skill` holds them. */
export type ClaudeCodeFields = Pick<
  Skill,
  'whenToUse' | 'arguments' | 'disallowedTools' | 'model' | 'effort' | 'context' | 'agent' | 'paths' | 'shell'
>;

/** The `effort` levels, lowest first: the model package's effort vocabulary (Claude Code's words too). */
export const SKILL_EFFORTS: readonly SkillEffort[] = EFFORTS;

/**
 * Every frontmatter key Claude Code gives a meaning (beyond the specification's), with what the
 * harness does with it: `honoured` keys change behaviour here, `ignored` ones are read and kept
 * in `extra` or parsed for `harness skills` only. `lint` names each key it meets with this text.
 */
/** What the harness does with one Claude Code key. */
export interface ClaudeCodeField {
  status: 'honoured' | 'ignored';
  what: string;
  /** The `Skill` property that holds the key's value; a key without one is kept in `extra`. */
  prop?: keyof Skill;
}

export const CLAUDE_CODE_FIELDS: Readonly<Record<string, ClaudeCodeField>> = Object.freeze({
  'user-invocable': { status: 'honoured', what: 'false hides the skill from `/name`', prop: 'userInvocable' },
  'disable-model-invocation': {
    status: 'honoured',
    what: 'true leaves the skill out of the listing; only `/name` loads it',
    prop: 'disableModelInvocation',
  },
  'argument-hint': {
    status: 'ignored',
    what: 'shown by `harness skills`; there is no completion hint for `/name`',
    prop: 'argumentHint',
  },
  when_to_use: { status: 'honoured', what: 'appended to the description in the listing entry', prop: 'whenToUse' },
  arguments: { status: 'honoured', what: 'names the positional arguments: `$name` in the body', prop: 'arguments' },
  'disallowed-tools': {
    status: 'honoured',
    what: 'denied for the rest of the turn that loads the skill',
    prop: 'disallowedTools',
  },
  model: { status: 'honoured', what: 'the model for the rest of the turn that loads the skill', prop: 'model' },
  effort: {
    status: 'honoured',
    what: 'the reasoning effort for the rest of the turn that loads the skill',
    prop: 'effort',
  },
  context: {
    status: 'honoured',
    what: '`fork` runs the skill in a subagent whose answer is the result',
    prop: 'context',
  },
  agent: { status: 'honoured', what: 'which subagent runs a `context: fork` skill', prop: 'agent' },
  paths: { status: 'ignored', what: 'shown by `harness skills`; the listing does not filter on it', prop: 'paths' },
  shell: { status: 'ignored', what: 'dynamic context always runs as bash; `powershell` is refused', prop: 'shell' },
  hooks: {
    status: 'honoured',
    what: "Claude Code hooks that run while the skill is loaded (a repository's once it is trusted; /hooks lists them)",
  },
  version: { status: 'ignored', what: 'kept, not used' },
});

/** Claude Code's rule for `arguments` names: non-empty, and not all digits (`$0` is positional). */
function argumentName(name: string): boolean {
  return name.trim() !== '' && !/^\d+$/.test(name);
}

/** `arguments`: a YAML list or a space-separated string, empty and all-digit names dropped. */
function readArguments(value: unknown, notes: string[]): string[] | undefined {
  let names: string[];
  if (typeof value === 'string') names = value.split(/\s+/);
  else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) names = value as string[];
  else {
    notes.push(
      `\`arguments\` is ${describe(value)}, not a list of names, and was ignored: write \`arguments: issue branch\``,
    );
    return undefined;
  }
  const kept = names.filter(argumentName);
  const digits = names.filter((n) => /^\d+$/.test(n));
  if (digits.length > 0)
    notes.push(
      `\`arguments\` names ${digits.map((d) => `"${d}"`).join(', ')} are all digits and were ignored ($0, $1... already mean the positions)`,
    );
  return kept.length > 0 ? kept : undefined;
}

/** `paths`: a YAML list of globs or one comma-separated string. */
function readPaths(value: unknown, notes: string[]): string[] | undefined {
  const list =
    typeof value === 'string'
      ? value.split(',')
      : Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? (value as string[])
        : undefined;
  if (list === undefined) {
    notes.push(`\`paths\` is ${describe(value)}, not a list of globs, and was ignored`);
    return undefined;
  }
  const globs = list.map((g) => g.trim()).filter((g) => g !== '');
  return globs.length > 0 ? globs : undefined;
}

/** A text field that must be one of `allowed` (case-insensitive); anything else is noted and ignored. */
function oneOf<T extends string>(key: string, value: unknown, allowed: readonly T[], notes: string[]): T | undefined {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  const hit = allowed.find((a) => a === text);
  if (hit === undefined)
    notes.push(`\`${key}\` is ${describe(value)}, not one of ${allowed.join(', ')}, and was ignored`);
  return hit;
}

/** The Claude Code fields that are plain text, by frontmatter key (a constant: this runs once per skill at start-up). */
const CLAUDE_TEXT_FIELDS = [
  ['when_to_use', 'whenToUse'],
  ['model', 'model'],
  ['agent', 'agent'],
] as const;

/**
 * Reads the Claude Code fields of one frontmatter map into `into`, pushing a note for each value
 * it could not use. Fields absent from `data` stay absent from `into`.
 */
export function readClaudeCodeFields(
  name: string,
  data: Record<string, unknown>,
  sourceOf: (key: string) => string | undefined,
  into: ClaudeCodeFields,
  notes: string[],
): void {
  const present = (key: string): boolean => data[key] !== undefined && data[key] !== null;
  for (const [key, prop] of CLAUDE_TEXT_FIELDS) {
    if (!present(key)) continue;
    const text = coerceText(key, data[key], sourceOf(key));
    if (text.message) notes.push(text.message);
    const value = text.value?.trim();
    if (value === undefined || value === '') continue;
    if (key === 'model' && value.toLowerCase() === 'inherit') continue;
    into[prop] = value;
  }
  if (present('arguments')) {
    const names = readArguments(data.arguments, notes);
    if (names) into.arguments = names;
  }
  if (present('disallowed-tools')) {
    const denied = parseAllowedTools(data['disallowed-tools']);
    if (denied.invalid)
      notes.push(
        `\`disallowed-tools\` is ${describe(data['disallowed-tools'])}, not a list of tool names, and was ignored`,
      );
    for (const u of denied.unparsable)
      notes.push(
        `skill "${name}": disallowed-tools entry ${JSON.stringify(u.rule)} does not parse: ${u.why}; it was left out (the other entries apply)`,
      );
    if (denied.tools.length > 0) into.disallowedTools = denied.tools;
  }
  if (present('effort')) {
    const effort = oneOf('effort', data.effort, SKILL_EFFORTS, notes);
    if (effort) into.effort = effort;
  }
  if (present('context')) {
    const context = oneOf('context', data.context, ['fork'] as const, notes);
    if (context) into.context = context;
  }
  if (present('shell')) {
    const shell = oneOf('shell', data.shell, ['bash', 'powershell'] as const, notes);
    if (shell) into.shell = shell;
  }
  if (present('paths')) {
    const globs = readPaths(data.paths, notes);
    if (globs) into.paths = globs;
  }
  if (into.agent !== undefined && into.context !== 'fork')
    notes.push('`agent` applies only with `context: fork`, and this skill has none; it is ignored');
}
