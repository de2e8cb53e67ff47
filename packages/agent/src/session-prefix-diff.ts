/**
 * What changed between the prefix a session was started with (stored in its file) and the one a
 * fresh start would send now: a new day, an edited, added or removed AGENTS.md / CLAUDE.md,
 * skills added or removed, tools added or removed. A resumed session keeps sending the stored
 * prefix byte for byte, so each change is told to the model in words instead (one paragraph per
 * change); an empty list means nothing changed.
 */
import type { ToolSpec } from '@coding-harness/model';
import type { PromptPart } from './prompt.js';
import { promptParts, withoutDate } from './prompt.js';
import type { SessionPrefix } from './session-records.js';

/**
 * The paragraphs telling the model what changed; [] when the prefixes are the same. `skillTool`
 * names the tool that loads the listed skills (its enum of names comes and goes with them). With
 * `toolsOffered` the tools that came or changed are offered with the message (`changedTools`),
 * and the words say so instead of that they cannot be called.
 */
export function prefixChanges(
  stored: SessionPrefix,
  fresh: SessionPrefix,
  skillTool?: string,
  toolsOffered = false,
): string[] {
  const before = promptParts(stored.system);
  const now = promptParts(fresh.system);
  return [
    ...harnessChanges(before, now),
    ...instructionChanges(before, now),
    ...otherChanges(before, now),
    ...skillChanges(stored, fresh, before, now, skillTool, toolsOffered),
    ...toolChanges(stored.tools, fresh.tools, skillTool, toolsOffered),
  ];
}

/** The tools of `fresh` that `stored` lacks or defines otherwise, and the names `stored` has that `fresh` lacks. */
export function changedTools(
  stored: readonly ToolSpec[],
  fresh: readonly ToolSpec[],
): { offered: ToolSpec[]; withdrawn: string[] } {
  const had = new Map(stored.map((t) => [t.name, JSON.stringify(t)]));
  return {
    offered: fresh.filter((t) => had.get(t.name) !== JSON.stringify(t)),
    withdrawn: stored.filter((t) => !fresh.some((f) => f.name === t.name)).map((t) => t.name),
  };
}

function harnessChanges(before: PromptPart[], now: PromptPart[]): string[] {
  const a = before.find((p) => p.kind === 'harness');
  const b = now.find((p) => p.kind === 'harness');
  if (!a || !b || a.text === b.text) return [];
  if (
    withoutDate(a.text) === withoutDate(b.text) &&
    a.kind === 'harness' &&
    b.kind === 'harness' &&
    b.date !== undefined
  ) {
    return [
      `Today's date is now ${b.date} (the system prompt still shows ${a.date ?? 'the date'} the session started on).`,
    ];
  }
  return [
    `The harness's own instructions have changed since this session started. They now read (this replaces the first system block):\n\n${b.text}`,
  ];
}

function instructionChanges(before: PromptPart[], now: PromptPart[]): string[] {
  const byPath = (parts: PromptPart[]): Map<string, string> =>
    new Map(parts.flatMap((p) => (p.kind === 'instructions' ? [[p.path, p.text] as const] : [])));
  const a = byPath(before);
  const b = byPath(now);
  const out: string[] = [];
  for (const [path, text] of a) {
    const current = b.get(path);
    if (current === undefined)
      out.push(
        `${path} has been removed or emptied since this session started: its instructions in the system prompt no longer apply.`,
      );
    else if (current !== text)
      out.push(
        `${path} has changed since this session started. It now reads (this replaces the version in the system prompt):\n\n${current}`,
      );
  }
  for (const [path, text] of b)
    if (!a.has(path)) out.push(`${path} was added since this session started. It reads:\n\n${text}`);
  return out;
}

function otherChanges(before: PromptPart[], now: PromptPart[]): string[] {
  const a = before.filter((p) => p.kind === 'other').map((p) => p.text);
  const b = now.filter((p) => p.kind === 'other').map((p) => p.text);
  if (a.length === b.length && a.every((t, i) => t === b[i])) return [];
  return [
    `Other parts of the system prompt changed since this session started. They now read:\n\n${b.length > 0 ? b.join('\n\n') : '(nothing)'}`,
  ];
}

function skillChanges(
  stored: SessionPrefix,
  fresh: SessionPrefix,
  before: PromptPart[],
  now: PromptPart[],
  skillTool: string | undefined,
  toolsOffered: boolean,
): string[] {
  const a = before.find((p) => p.kind === 'skills')?.text;
  const b = now.find((p) => p.kind === 'skills')?.text;
  if (a === b) return [];
  const had = skillNames(stored.tools, skillTool);
  const has = skillNames(fresh.tools, skillTool);
  const added = has.filter((n) => !had.includes(n));
  const removed = had.filter((n) => !has.includes(n));
  const what = [
    added.length > 0 ? `added: ${added.join(', ')}` : '',
    removed.length > 0 ? `removed: ${removed.join(', ')}` : '',
  ]
    .filter((s) => s !== '')
    .join('; ');
  const head = `The skills available have changed since this session started${what !== '' ? ` (${what})` : ' (descriptions changed)'}.`;
  if (b === undefined) return [`${head} No skills are available now; do not call the skill tool.`];
  const noTool = skillTool === undefined || !stored.tools.some((t) => t.name === skillTool);
  const how = toolsOffered
    ? ' Load any of them with the skill tool by its name; its current definition is offered with this message.'
    : noTool
      ? ' This resumed session has no skill tool for you to call; the user can still force one with /name, or start a new session to have the tool.'
      : ' Load any of them with the skill tool by its name, even one its enum does not list.';
  return [`${head}${how} The current list replaces the one in the system prompt:\n\n${b}`];
}

function toolChanges(
  stored: readonly ToolSpec[],
  fresh: readonly ToolSpec[],
  skillTool: string | undefined,
  toolsOffered: boolean,
): string[] {
  // The skill tool comes and goes with the skills; `skillChanges` speaks for it.
  const had = new Map(stored.filter((t) => t.name !== skillTool).map((t) => [t.name, t]));
  const has = new Map(fresh.filter((t) => t.name !== skillTool).map((t) => [t.name, t]));
  const added = [...has.keys()].filter((n) => !had.has(n));
  const removed = [...had.keys()].filter((n) => !has.has(n));
  const changed = [...has.keys()].filter(
    (n) => had.has(n) && JSON.stringify(had.get(n)) !== JSON.stringify(has.get(n)),
  );
  const out: string[] = [];
  if (removed.length > 0)
    out.push(`These tools are no longer available, and calls to them will fail: ${removed.join(', ')}.`);
  if (added.length > 0)
    out.push(
      toolsOffered
        ? `These tools were added since this session started and are offered from here on: ${added.join(', ')}.`
        : `These tools exist now but were not part of this session when it started, so they cannot be called in it: ${added.join(', ')}.`,
    );
  if (changed.length > 0)
    out.push(
      toolsOffered
        ? `The definitions of these tools changed since this session started; the current ones are offered from here on: ${changed.join(', ')}.`
        : `The definitions of these tools changed since this session started; their results follow the current version: ${changed.join(', ')}.`,
    );
  return out;
}

/** The model-invocable skill names in the skill tool's `name` enum (none when there is no skill tool). */
export function skillNames(tools: readonly ToolSpec[], skillTool: string | undefined): string[] {
  const schema = tools.find((t) => skillTool !== undefined && t.name === skillTool)?.inputSchema as
    | { properties?: { name?: { enum?: unknown } } }
    | undefined;
  const names = schema?.properties?.name?.enum;
  return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
}
