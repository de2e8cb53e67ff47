import type { ListingOptions, Skill } from './types.js';

/** 1% of a 200k-token context window at 4 characters a token. */
export const DEFAULT_BUDGET_CHARS = 8_000;
/** Longest description shown for one skill before it is cut with `…`. */
export const DEFAULT_DESCRIPTION_CAP = 1_536;
/** Below this many characters a cut description is useless: the bare name is shown instead. */
export const MIN_CUT_CHARS = 24;

/** The closing line when any description was cut or dropped. */
export function shortenedLine(count: number): string {
  return `(${count} skill description${count === 1 ? ' was' : 's were'} shortened to fit; every listed name can still be loaded with the skill tool.)`;
}

/** Cuts to at most `max` UTF-16 units, ending in `…`, never splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

interface Entry {
  name: string;
  description: string;
  capped: boolean;
}

/** What one entry costs at description limit `limit`, and how it is written. */
function render(entry: Entry, limit: number): { text: string; shortened: boolean } {
  if (entry.description.length <= limit)
    return { text: `- ${entry.name}: ${entry.description}`, shortened: entry.capped };
  if (limit < MIN_CUT_CHARS) return { text: `- ${entry.name}`, shortened: true };
  return { text: `- ${entry.name}: ${cut(entry.description, limit)}`, shortened: true };
}

function total(entries: Entry[], limit: number): number {
  let sum = Math.max(0, entries.length - 1);
  for (const entry of entries) sum += render(entry, limit).text.length;
  return sum;
}

/**
 * The skills listing appended to the system prompt: one `- name: description` line per
 * model-invocable skill, sorted by name, descriptions on one line and capped. When the whole
 * would exceed the budget the longest descriptions are trimmed first (to one common length),
 * then the longest become bare names; no skill is ever dropped, and a final line says how many
 * were shortened. The output depends only on the skills' names and descriptions: same input,
 * same bytes. Returns '' when no skill is model-invocable.
 */
export function formatListing(skills: readonly Skill[], options: ListingOptions = {}): string {
  const budget = options.budgetChars ?? DEFAULT_BUDGET_CHARS;
  const cap = Math.max(1, options.descriptionCap ?? DEFAULT_DESCRIPTION_CAP);
  const entries: Entry[] = skills
    .filter((s) => !s.disableModelInvocation)
    .map((s) => {
      const description = s.description.replace(/\s+/g, ' ').trim();
      return { name: s.name, description: cut(description, cap), capped: description.length > cap };
    })
    .sort((a, b) =>
      a.name < b.name
        ? -1
        : a.name > b.name
          ? 1
          : a.description < b.description
            ? -1
            : a.description > b.description
              ? 1
              : 0,
    );
  if (entries.length === 0) return '';
  const longest = Math.max(...entries.map((e) => e.description.length));
  if (!entries.some((e) => e.capped) && total(entries, longest) <= budget) {
    return entries.map((e) => render(e, longest).text).join('\n');
  }
  const available = budget - shortenedLine(entries.length).length - 1;
  let low = 0;
  let high = longest;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (total(entries, mid) <= available) low = mid;
    else high = mid - 1;
  }
  const lines = entries.map((e) => render(e, low));
  const shortened = lines.filter((l) => l.shortened).length;
  return [...lines.map((l) => l.text), shortenedLine(shortened)].join('\n');
}
