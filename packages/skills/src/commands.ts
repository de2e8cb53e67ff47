/**
 * Markdown command files (`.claude/commands/**\/*.md`, a plugin's `commands/`) read as skills, the
 * way Claude Code treats them: the name comes from the path (`frontend/component.md` is
 * `frontend:component`), frontmatter is optional, and without a `description` the first line of
 * the text describes it. The body is the whole file after any frontmatter, with the same
 * `$ARGUMENTS` semantics as a skill's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { splitFrontmatter } from './frontmatter.js';
import { readRegularFile } from './read-regular.js';
import type { SkillFields } from './validate.js';
import { MAX_SKILL_BYTES, parseSkillFile } from './validate.js';
import type { SkillIssue } from './types.js';

/** Subfolders below a commands root that are still read (`a/b/c/d.md` is the deepest). */
export const MAX_COMMAND_DEPTH = 4;

/** One command file found under a commands root: its real path and the name its path gives it. */
export interface CommandFile {
  file: string;
  /** Path segments joined with `:` (`frontend:component`), before any plugin namespace. */
  name: string;
}

/** A name segment people can type after `/`: no whitespace, no path separator, not starting with `.` or `-`. */
const SEGMENT = /^[^\s./\\-][^\s/\\]*$/;

/**
 * Every `*.md` file below `dir` (at most {@link MAX_COMMAND_DEPTH} folders deep, dot-entries
 * skipped, symbolic links to files followed, linked folders not entered), sorted by name. A file
 * whose name cannot be typed as a command is a problem naming the rename.
 */
export function listCommandFiles(dir: string, problem: (issue: SkillIssue) => void): CommandFile[] {
  const out: CommandFile[] = [];
  const walk = (folder: string, prefix: string[], depth: number): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
      problem({ path: folder, message: `commands folder cannot be read (${code}): check its permissions` });
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const at = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (depth < MAX_COMMAND_DEPTH && SEGMENT.test(entry.name)) walk(at, [...prefix, entry.name], depth + 1);
        continue;
      }
      if (!entry.name.endsWith('.md')) continue;
      const kind = entry.isSymbolicLink() ? kindOf(at) : entry.isFile() ? 'file' : 'special';
      if (kind === 'special')
        problem({
          path: at,
          message: 'the command file is a FIFO, socket or device, not a regular file: it was not read',
        });
      if (kind !== 'file') continue;
      const base = entry.name.slice(0, -'.md'.length);
      if (!SEGMENT.test(base)) {
        problem({
          path: at,
          message: `the command file name "${entry.name}" cannot be typed as /${base}: rename it without spaces, slashes or a leading dot or hyphen`,
        });
        continue;
      }
      out.push({ file: at, name: [...prefix, base].join(':') });
    }
  };
  walk(dir, [], 0);
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** What a linked entry points at: a regular file, a FIFO, socket or device (`special`), or anything else (a folder, nothing). */
function kindOf(p: string): 'file' | 'special' | 'other' {
  try {
    const info = fs.statSync(p);
    return info.isFile() ? 'file' : info.isDirectory() ? 'other' : 'special';
  } catch {
    return 'other';
  }
}

/** A parsed command file: the fields (named `name`), or the single problem that skips it. */
export type ParsedCommand = { ok: true; fields: SkillFields; notes: SkillIssue[] } | { ok: false; problem: SkillIssue };

/** Reads and parses one command file; never throws. */
export function readCommandFile(file: string, name: string): ParsedCommand {
  // Non-blocking and checked first: a command file swapped for a FIFO or a device must not hang start-up.
  const read = readRegularFile(file, MAX_SKILL_BYTES);
  if (!read.ok) {
    const message =
      read.why === 'too-large'
        ? `the command file is ${read.size} bytes, over the 1 MiB limit`
        : read.why === 'not-regular' && read.code !== 'EISDIR'
          ? 'the command file is a FIFO, socket or device, not a regular file: it was not read'
          : `the command file cannot be read (${read.code}): check that it is a readable file`;
    return { ok: false, problem: { path: file, message } };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
  } catch {
    return {
      ok: false,
      problem: { path: file, message: 'the command file is not valid UTF-8 text: save it as UTF-8' },
    };
  }
  return parseCommandText(text, file, name);
}

/** The first line of text that says something, without Markdown heading marks: a command's description by default. */
export function firstLine(body: string): string {
  for (const line of body.split('\n')) {
    const text = line.replace(/^#+\s*/, '').trim();
    if (text !== '') return text;
  }
  return '';
}

/**
 * The pure parser for a command file's text. Without frontmatter: the defaults of a skill, the
 * first line as description, and `disable-model-invocation` (user-only, as in Claude Code). With frontmatter: the skill fields exactly as SKILL.md reads
 * them (the same checks and notes), except that the path gives the name (a `name:` key is
 * ignored) and a missing `description` falls back to the first line of the body.
 */
export function parseCommandText(text: string, file: string, name: string): ParsedCommand {
  const split = splitFrontmatter(text);
  const unbom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!split.ok && !unbom.startsWith('---')) {
    const description = firstLine(unbom.replace(/\r\n?/g, '\n'));
    if (description === '') return { ok: false, problem: { path: file, message: 'the command file is empty' } };
    return {
      ok: true,
      // Claude Code offers the model only commands whose frontmatter describes them: a bare
      // Markdown file is the user's own `/name`, never something the model picks.
      fields: { name, description, allowedTools: [], userInvocable: true, disableModelInvocation: true, extra: {} },
      notes: [],
    };
  }
  if (!split.ok) return { ok: false, problem: { path: file, message: `the command file ${split.message}` } };
  // The SKILL.md parser wants a folder named like the skill and a description; lend it both
  // without moving the author's lines (a `name:` line becomes a comment, the rest is appended),
  // so its line numbers stay right.
  const lines = split.yaml.split('\n').map((l) => (/^name[ \t]*:/.test(l) ? '#' : l));
  const hasDescription = lines.some((l) => /^description[ \t]*:/.test(l));
  const fallback = firstLine(split.body);
  if (!hasDescription && fallback === '')
    return {
      ok: false,
      problem: { path: file, message: 'the command has no `description` and no text to take one from' },
    };
  let yaml = lines.join('\n');
  if (yaml !== '' && !yaml.endsWith('\n')) yaml += '\n';
  yaml += 'name: command\n';
  if (!hasDescription) yaml += `description: ${JSON.stringify(fallback)}\n`;
  const stand = path.join(path.dirname(file), 'command', 'SKILL.md');
  const parsed = parseSkillFile(`---\n${yaml}---\n${split.body}`, stand);
  const own = (issue: SkillIssue): SkillIssue => ({ ...issue, path: issue.path === stand ? file : issue.path });
  if (!parsed.ok) return { ok: false, problem: own(parsed.problem) };
  return { ok: true, fields: { ...parsed.fields, name }, notes: parsed.notes.map(own) };
}
