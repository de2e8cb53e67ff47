/**
 * The session's system prompt, composed once at construction: the harness's own text, the
 * instruction files (AGENTS.md, CLAUDE.md) from the config dir and the work root, and, only when
 * skills exist, the skills paragraph and listing. With no skills nothing is added, so the bytes
 * equal a run without the skills feature.
 */
import { join } from 'node:path';
import { formatListing, readRegularFile, refusalText } from '@coding-harness/skills';
import type { ListingOptions, Skill } from '@coding-harness/skills';
import type { SystemText } from '@coding-harness/model';

/** The paragraph placed before the skill listing (wording fixed by the spec). */
export const SKILLS_INTRO =
  'Skills are instruction sets for specific kinds of work. Invoke one with the skill tool when its description matches what you are doing — before starting, not after. A user message beginning with /<name> is a request to invoke that skill; everything after the name is its arguments.';

/** The instruction files looked up in each folder, in this order. */
export const INSTRUCTION_FILES = ['AGENTS.md', 'CLAUDE.md'] as const;

/** The harness's default prompt: who it is, where it works, today's date, how to work. */
export function defaultPrompt(workroot: string, date: Date): string {
  return [
    'You are coding-harness, a coding agent working in a terminal with the user.',
    `Work root: ${workroot}`,
    `Today's date: ${date.toISOString().slice(0, 10)}`,
    '',
    'Use the tools to inspect and change files in the work root and to run commands:',
    '- Read a file with read_file before editing or overwriting it; edits to unread or changed files are refused.',
    '- Prefer edit_file for small changes and write_file for new files; paths are relative to the work root.',
    '- Use glob and grep to find files instead of guessing paths.',
    '- Use bash for builds, tests and git; commands start in the work root.',
    '- Independent read-only calls may be made together in one reply; they run concurrently.',
    'Be concise. When the task is done, say what you changed and how you checked it.',
  ].join('\n');
}

export interface PromptInputs {
  workroot: string;
  date: Date;
  /** Folders whose instruction files are read, in order (config dir first, then the work root). */
  instructionDirs: readonly string[];
  skills: readonly Skill[];
  /** The listing's budget and usage ranking (see `formatListing`); computed once, here. */
  listing?: ListingOptions;
  /** Replaces the harness's own first block (its role, rules, work root and date); instruction files and skills still follow. */
  systemPrompt?: string;
  /** Instruction texts already read (a caller's memory loader), used instead of reading `instructionDirs`. */
  instructions?: readonly { name: string; path: string; text: string }[];
  /** A last block, after the instruction files and the skills listing. */
  appendSystemPrompt?: string;
}

export interface ComposedPrompt {
  blocks: SystemText[];
  /** Instruction files that exist but could not be read. */
  notices: string[];
}

/** Reads the instruction files and composes the system blocks (no cache_control: see cache.ts). */
export async function composeSystemPrompt(inputs: PromptInputs): Promise<ComposedPrompt> {
  const blocks: SystemText[] = [{ text: inputs.systemPrompt ?? defaultPrompt(inputs.workroot, inputs.date) }];
  const notices: string[] = [];
  const seen = new Set<string>();
  for (const file of inputs.instructions ?? [])
    if (file.text.trim() !== '') blocks.push({ text: `# ${file.name} (${file.path})\n\n${file.text.trim()}` });
  for (const dir of inputs.instructions === undefined ? inputs.instructionDirs : []) {
    for (const name of INSTRUCTION_FILES) {
      const path = join(dir, name);
      if (seen.has(path)) continue;
      seen.add(path);
      const read = readOptional(path);
      if (read.ok && read.text !== undefined && read.text.trim() !== '')
        blocks.push({ text: `# ${name} (${path})\n\n${read.text.trim()}` });
      else if (!read.ok) notices.push(`could not read ${path}: ${read.error}`);
    }
  }
  if (inputs.skills.length > 0) blocks.push({ text: skillsSection(inputs.skills, inputs.listing) });
  if (inputs.appendSystemPrompt !== undefined && inputs.appendSystemPrompt.trim() !== '')
    blocks.push({ text: inputs.appendSystemPrompt });
  return { blocks, notices };
}

/** The skills paragraph, then "Available skills:" and the skills package's listing. */
export function skillsSection(skills: readonly Skill[], listing: ListingOptions = {}): string {
  return `${SKILLS_INTRO}\n\nAvailable skills:\n${formatListing(skills, listing)}`;
}

/**
 * The listing's budget when the caller sets none: 1% of the model's context window at 4
 * characters a token (8,000 for a 200k window, 40,000 for 1M), as Claude Code sizes it.
 */
export function listingBudgetFor(contextWindow: number): number {
  return Math.floor(contextWindow * 0.01 * 4);
}

/** What one system block is, recognised from the way `composeSystemPrompt` writes it. */
export type PromptPart =
  | { kind: 'harness'; text: string; date?: string }
  | { kind: 'instructions'; path: string; text: string }
  | { kind: 'skills'; text: string }
  | { kind: 'other'; text: string };

const DATE_LINE = /^Today's date: (\d{4}-\d{2}-\d{2})$/m;
const INSTRUCTIONS_HEAD = /^# (?:AGENTS|CLAUDE(?:\.local)?)\.md \((.+)\)\n\n/;

/**
 * Labels the blocks of a composed system prompt (the harness's text is the first block, an
 * instruction file's block starts with its `# NAME (path)` heading, the skills block with
 * `SKILLS_INTRO`), so a stored prompt can be compared part by part with a fresh one.
 */
export function promptParts(blocks: readonly SystemText[]): PromptPart[] {
  return blocks.map((b, i): PromptPart => {
    if (i === 0) {
      const date = DATE_LINE.exec(b.text)?.[1];
      return date !== undefined ? { kind: 'harness', text: b.text, date } : { kind: 'harness', text: b.text };
    }
    const head = INSTRUCTIONS_HEAD.exec(b.text);
    if (head) return { kind: 'instructions', path: head[1]!, text: b.text };
    if (b.text.startsWith(SKILLS_INTRO)) return { kind: 'skills', text: b.text };
    return { kind: 'other', text: b.text };
  });
}

/** The harness text with its date line blanked, to tell a new day from other changes. */
export function withoutDate(text: string): string {
  return text.replace(DATE_LINE, "Today's date:");
}

/** The system prompt as one string (the blocks joined by blank lines), for display. */
export function systemPromptText(blocks: readonly SystemText[]): string {
  return blocks.map((b) => b.text).join('\n\n');
}

/**
 * Synchronous: a few small files once per session, and fs/promises costs every start-up ~2 ms to
 * load. The files come from the work root, so they are opened non-blocking and checked first: a
 * FIFO, device or folder named AGENTS.md is a notice, never a hang.
 */
function readOptional(path: string): { ok: true; text?: string } | { ok: false; error: string } {
  const read = readRegularFile(path, Number.POSITIVE_INFINITY);
  if (read.ok) return { ok: true, text: read.bytes.toString('utf8') };
  if (read.why === 'missing') return { ok: true };
  return { ok: false, error: `it ${refusalText(read)}` };
}
