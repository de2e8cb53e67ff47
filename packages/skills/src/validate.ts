import path from 'node:path';
import { parseAllowedTools } from './allowed-tools.js';
import { CLAUDE_CODE_FIELDS, readClaudeCodeFields } from './fields-claude.js';
import { coerceBoolean, coerceMetadata, coerceText, describe, isRecord } from './fields.js';
import { parseFrontmatterYaml, splitFrontmatter } from './frontmatter.js';
import type { Skill, SkillIssue } from './types.js';

/** What SKILL.md itself decides about a skill (the rest comes from where it was found). */
export type SkillFields = Pick<
  Skill,
  | 'name'
  | 'description'
  | 'allowedTools'
  | 'userInvocable'
  | 'disableModelInvocation'
  | 'argumentHint'
  | 'whenToUse'
  | 'arguments'
  | 'disallowedTools'
  | 'model'
  | 'effort'
  | 'context'
  | 'agent'
  | 'paths'
  | 'shell'
  | 'license'
  | 'compatibility'
  | 'metadata'
  | 'extra'
>;

/** One parsed SKILL.md: the fields, the body and the notes, or the single problem that skips it. */
export type ParsedSkillFile =
  | { ok: true; fields: SkillFields; body: string; notes: SkillIssue[] }
  | { ok: false; problem: SkillIssue };

/** SKILL.md larger than this is refused unread. */
export const MAX_SKILL_BYTES = 1024 * 1024;
/**
 * The slug rule: it becomes a slash command and a JSON enum value. Lowercase letters, digits
 * and hyphens, starting and ending with a letter or digit (the specification forbids a leading
 * or trailing hyphen; both are treated alike).
 */
export const SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** The specification's keys; with the Claude Code keys a `Skill` property holds, they are not `extra`. */
const SPEC_KEYS = ['name', 'description', 'allowed-tools', 'license', 'compatibility', 'metadata'];
const KNOWN_KEYS = new Set([
  ...SPEC_KEYS,
  ...Object.entries(CLAUDE_CODE_FIELDS)
    .filter(([, field]) => field.prop !== undefined)
    .map(([key]) => key),
]);

/** A slug an author could rename a folder to, for fix suggestions. */
export function suggestSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'my-skill' : slug;
}

/** The problem for a SKILL.md of `size` bytes, over `MAX_SKILL_BYTES`. */
export function tooLargeProblem(size: number, file: string): SkillIssue {
  return {
    path: file,
    message: `SKILL.md is ${size} bytes, over the 1 MiB limit: move long material into references/ files the skill points to`,
  };
}

/**
 * Decodes SKILL.md bytes: refuses files over 1 MiB and bytes that are not UTF-8, then parses.
 * Never throws.
 */
export function parseSkillBytes(bytes: Uint8Array, file: string): ParsedSkillFile {
  if (bytes.byteLength > MAX_SKILL_BYTES) return { ok: false, problem: tooLargeProblem(bytes.byteLength, file) };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problem: { path: file, message: 'SKILL.md is not valid UTF-8 text: save it as UTF-8' } };
  }
  return parseSkillFile(text, file);
}

/**
 * The pure parser: validates SKILL.md text for the skill folder that holds `file` (its
 * directory name is the authority for the name). Never throws; at most one problem.
 */
export function parseSkillFile(text: string, file: string): ParsedSkillFile {
  const fail = (message: string): ParsedSkillFile => ({ ok: false, problem: { path: file, message } });
  const split = splitFrontmatter(text);
  if (!split.ok) return fail(`SKILL.md ${split.message}`);
  const parsed = parseFrontmatterYaml(split.yaml, split.yamlLine);
  if (!parsed.ok) return fail(`SKILL.md ${parsed.message}`);
  const data = parsed.data;
  if (!isRecord(data)) {
    return fail(
      `SKILL.md frontmatter is ${describe(data)}, not a map of keys: write \`name: <folder-name>\` and \`description: ...\` lines between the \`---\` lines`,
    );
  }
  const notes: string[] = [];
  const yamlLines = parsed.recovered.length > 0 ? split.yaml.split('\n') : [];
  const strict: string[] = parsed.recovered.map((line) =>
    /^[^:]*:[ \t]*[[{]/.test(yamlLines[line - split.yamlLine] ?? '')
      ? `line ${line}: a value starts as a YAML list or map but goes on after it, and was read as quoted text; quote it: \`key: "..."\``
      : `line ${line}: a plain value holds ": " and was read as quoted text; quote it: \`key: "..."\``,
  );

  const folder = folderOf(file);
  const read = descriptionOf(data.description, parsed.sourceOf('description'));
  if (typeof read !== 'string' && 'problem' in read) return fail(read.problem);
  const description = typeof read === 'string' ? read : read.text;
  const rejected: string[] = typeof read === 'string' ? [] : [read.rejected];
  if (!SLUG.test(folder)) {
    return fail(
      `the folder name "${folder}" is not a valid skill name (lowercase letters, digits and hyphens, starting and ending with a letter or digit): rename the folder to "${suggestSlug(folder)}" and set \`name: ${suggestSlug(folder)}\``,
    );
  }
  const rawName = data.name;
  const nameSource = parsed.sourceOf('name');
  // `name: null` (or `~`) for a folder named so is that text, like `name: 0123`.
  const spelledNull = rawName === null && nameSource !== undefined && nameSource !== '';
  if (
    rawName === undefined ||
    (rawName === null && !spelledNull) ||
    (typeof rawName === 'string' && rawName.trim() === '')
  ) {
    return fail(`SKILL.md has no \`name\`: add \`name: ${folder}\` (the folder name) to the frontmatter`);
  }
  const name = nameText(rawName, nameSource);
  if (name !== folder) return fail(nameMismatch(name, rawName, folder, path.dirname(file)));

  if (name.length > 64)
    strict.push(`\`name\` is ${name.length} characters; the Agent Skills specification allows at most 64`);
  if (name.includes('--')) strict.push('`name` holds a doubled hyphen, which the Agent Skills specification forbids');
  if (description.length > 1024)
    strict.push(
      `\`description\` is ${description.length} characters; the Agent Skills specification allows at most 1,024`,
    );

  const fields = knownFields(name, description, data, parsed.sourceOf, notes, rejected);
  if (fields.compatibility !== undefined && fields.compatibility.length > 500) {
    strict.push(
      `\`compatibility\` is ${fields.compatibility.length} characters; the Agent Skills specification allows at most 500`,
    );
  }
  const bodyLines = countLines(split.body);
  if (bodyLines > 500)
    notes.push(
      `the body is ${bodyLines} lines; the Agent Skills specification advises at most 500: move detail into references/ files`,
    );

  const issues: SkillIssue[] = [];
  for (const message of strict) issues.push({ path: file, message, strict: true });
  for (const message of rejected) issues.push({ path: file, message, rejected: true });
  for (const message of notes) issues.push({ path: file, message });
  return { ok: true, fields, body: split.body, notes: issues };
}

/**
 * The name of the folder holding `file` (`path.basename(path.dirname(file))` for a file path
 * without trailing separators, as discovery builds them, without their per-character loops:
 * this runs once per skill at start-up).
 */
function folderOf(file: string): string {
  const end = file.lastIndexOf(path.sep);
  if (end <= 0) return path.basename(path.dirname(file));
  const start = file.lastIndexOf(path.sep, end - 1);
  return start === -1 || end - start === 1 ? path.basename(path.dirname(file)) : file.slice(start + 1, end);
}

/**
 * The name as written: a string trimmed, a number, boolean or null by its source text
 * (`name: 0123` is "0123", not 123), undefined for anything else.
 */
function nameText(raw: unknown, source: string | undefined): string | undefined {
  if (typeof raw === 'string') return raw.trim();
  if (typeof raw === 'number' || typeof raw === 'boolean' || raw === null) return source ?? String(raw);
  return undefined;
}

/** The problem for a `name` that is not the folder's: what to run, or what to rename. */
function nameMismatch(name: string | undefined, raw: unknown, folder: string, dir: string): string {
  const shown = name === undefined ? describe(raw) : `"${name}"`;
  const rename = name !== undefined && SLUG.test(name) ? ` (or rename the folder to "${name}")` : '';
  return `\`name\` is ${shown} but the folder is "${folder}": the folder name is the skill's name; set \`name: ${folder}\`${rename}, or run \`harness skills lint --fix ${dir}\` to rewrite that line`;
}

function descriptionOf(
  value: unknown,
  source: string | undefined,
): string | { problem: string } | { text: string; rejected: string } {
  const missing = {
    problem:
      'SKILL.md has no `description`: add `description: <what the skill does and when to use it>`; it is all the model sees before invoking it',
  };
  if (value === undefined || value === null) return missing;
  if (typeof value === 'string')
    return value.trim() === ''
      ? { problem: 'SKILL.md has an empty `description`: say what the skill does and when to use it' }
      : value.trim();
  const text = coerceText('description', value, source).value;
  if (text === undefined || text.trim() === '')
    return { problem: `\`description\` is ${describe(value)}, not text: write it as \`description: "..."\`` };
  return {
    text: text.trim(),
    rejected: `\`description\` is ${describe(value)}, not a string (the reference validator and claude.ai refuse it), read as the text "${text.trim()}"; quote it: \`description: "..."\``,
  };
}

/** Text fields copied as they are (after coercion), by frontmatter key. */
const TEXT_FIELDS = [
  ['argument-hint', 'argumentHint'],
  ['license', 'license'],
  ['compatibility', 'compatibility'],
] as const;

/** Builds the fields in one object (no spread: this runs once per skill at startup), `name` and `description` first. */
function knownFields(
  name: string,
  description: string,
  data: Record<string, unknown>,
  sourceOf: (key: string) => string | undefined,
  notes: string[],
  rejected: string[],
): SkillFields {
  // Most skills write only these two keys: the general path below would give exactly this.
  if (data.name !== undefined && data.description !== undefined && Object.keys(data).length === 2)
    return { name, description, allowedTools: [], userInvocable: true, disableModelInvocation: false, extra: {} };
  const allowed = parseAllowedTools(data['allowed-tools']);
  if (allowed.invalid)
    notes.push(`\`allowed-tools\` is ${describe(data['allowed-tools'])}, not a list of tool names, and was ignored`);
  for (const u of allowed.unparsable)
    notes.push(
      `skill "${name}": allowed-tools entry ${JSON.stringify(u.rule)} does not parse: ${u.why}; it was left out (the other entries apply)`,
    );

  const user =
    data['user-invocable'] === undefined
      ? { value: true }
      : coerceBoolean('user-invocable', data['user-invocable'], true);
  const noModel =
    data['disable-model-invocation'] === undefined
      ? { value: false }
      : coerceBoolean('disable-model-invocation', data['disable-model-invocation'], false);
  const known: SkillFields = {
    name,
    description,
    allowedTools: allowed.tools,
    userInvocable: user.value,
    disableModelInvocation: noModel.value,
    extra: {},
  };
  if (user.message) notes.push(user.message);
  if (noModel.message) notes.push(noModel.message);
  readClaudeCodeFields(name, data, sourceOf, known, notes);

  for (const [key, prop] of TEXT_FIELDS) {
    const value = data[key];
    if (value === undefined || value === null) continue;
    const text = coerceText(key, value, sourceOf(key));
    if (text.message) notes.push(text.message);
    if (text.value !== undefined) known[prop] = text.value;
  }
  if (data.metadata !== undefined && data.metadata !== null) {
    const meta = coerceMetadata(data.metadata);
    if (meta.message) rejected.push(meta.message);
    if (meta.value) known.metadata = meta.value;
    const loose = meta.value ? Object.keys(meta.value).filter((k) => typeof meta.value?.[k] !== 'string') : [];
    if (loose.length > 0)
      rejected.push(
        `\`metadata\` values must be strings (the reference validator and claude.ai refuse others); quote ${loose.map((k) => `\`${k}\` (${describe(meta.value?.[k])})`).join(', ')}`,
      );
  }
  for (const key of Object.keys(data)) {
    if (!KNOWN_KEYS.has(key))
      Object.defineProperty(known.extra, key, {
        value: data[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return known;
}

function countLines(body: string): number {
  if (body === '') return 0;
  let lines = 1;
  for (let i = body.indexOf('\n'); i !== -1; i = body.indexOf('\n', i + 1)) lines++;
  return body.endsWith('\n') ? lines - 1 : lines;
}
