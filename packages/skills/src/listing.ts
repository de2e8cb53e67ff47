import type { ListingOptions, Skill } from './types.js';

/** 1% of a 200k-token context window at 4 characters a token (the caller usually passes its own). */
export const DEFAULT_BUDGET_CHARS = 8_000;
/** Longest description part (description plus `when_to_use`) shown for one skill before it is cut with `…`. */
export const DEFAULT_DESCRIPTION_CAP = 1_536;
/** A description is cut to fill the space left over only when at least this much of it can be shown. */
export const MIN_CUT_CHARS = 80;
/** When not every name fits, names take at most this share of the budget: the rest describes the top-ranked skills. */
export const NAMES_SHARE = 0.75;

/** The closing line when some listed skills are shown without their whole description. */
export function shortenedLine(count: number): string {
  return `(${count} skill${count === 1 ? ' is' : 's are'} listed without ${count === 1 ? 'its' : 'their'} whole description to fit; the skill tool loads any of them by name.)`;
}

/** The closing line when some skills are not named at all (the budget holds not even their names). */
export function unnamedLine(count: number): string {
  return `(${count} more skill${count === 1 ? ' is' : 's are'} not named here; the skill tool's query finds skills by words from their names and descriptions.)`;
}

/** Cuts to at most `max` UTF-16 units, ending in `…`, never splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** Whitespace runs to one space, trimmed; most descriptions already are (tested without allocating). */
const oneLine = (text: string): string => (/\s\s|[^\S ]|^\s|\s$/.test(text) ? text.replace(/\s+/g, ' ').trim() : text);

/** The description part of a skill's entry: description, then ` - when_to_use` when given, on one line. */
export function entryText(skill: Pick<Skill, 'description' | 'whenToUse'>): string {
  const description = oneLine(skill.description);
  const when = skill.whenToUse === undefined ? '' : oneLine(skill.whenToUse);
  return when === '' ? description : `${description} - ${when}`;
}

/**
 * One listed skill. The description part is computed when first needed (`textOf`): with 10,000
 * skills most entries are shown as names only, and their text is never built.
 */
interface Entry {
  name: string;
  skill: Skill;
  uses: number;
  cap: number;
  /** The description part, capped (set by `textOf`). */
  text?: string;
  /** True when `text` was cut to the cap. */
  capped?: boolean;
}

/** The entry's description part, capped, computed once. */
function textOf(e: Entry): string {
  if (e.text === undefined) {
    const full = entryText(e.skill);
    e.text = cut(full, e.cap);
    e.capped = full.length > e.cap;
  }
  return e.text;
}

/** How a listed entry is shown: whole (`text` as capped), cut to `cutTo`, or the bare name. */
type Shown =
  | { entry: Entry; form: 'whole' }
  | { entry: Entry; form: 'cut'; cutTo: number }
  | { entry: Entry; form: 'bare' };

const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Most used first, then by name: who gets a name and a description first. */
const byRank = (a: Entry, b: Entry): number => b.uses - a.uses || byName(a, b);

/** Sorts in place, skipping the sort when already in order (discovery hands skills over sorted by name). */
function sortedBy<T>(list: T[], compare: (a: T, b: T) => number): T[] {
  for (let i = 1; i < list.length; i++) if (compare(list[i - 1]!, list[i]!) > 0) return list.sort(compare);
  return list;
}

/** Characters of `- name` plus its newline. */
const bareCost = (e: Entry): number => e.name.length + 3;
/** What the description adds to a bare entry (`: ` and the text). */
const extraCost = (e: Entry): number => textOf(e).length + 2;

function line(shown: Shown): string {
  const { entry } = shown;
  if (shown.form === 'bare') return `- ${entry.name}`;
  if (shown.form === 'cut') return `- ${entry.name}: ${cut(textOf(entry), shown.cutTo)}`;
  return `- ${entry.name}: ${textOf(entry)}`;
}

/** The model-invocable skills as entries, `bare` the sum of their `bareCost`, `inNameOrder` when sorted by name. */
interface Entries {
  list: Entry[];
  bare: number;
  inNameOrder: boolean;
  /** True when some entry has a use counted (else name order is rank order). */
  used: boolean;
}

const descriptionCapOf = (options: ListingOptions): number =>
  Math.max(1, options.descriptionCap ?? DEFAULT_DESCRIPTION_CAP);

/** True when `record` has at least one own key (a usage file is often empty: then no per-skill lookup). */
function hasKeys(record: Readonly<Record<string, number>>): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return true;
  return false;
}

/**
 * The model-invocable skills as entries, one per name (of two with one name, the lower text: same
 * input, same bytes). Discovery hands skills over sorted by name, so one pass builds the list and
 * its costs; input out of order or with a repeated name takes the general path.
 */
function entriesOf(skills: readonly Skill[], options: ListingOptions): Entries {
  const cap = descriptionCapOf(options);
  const usage = options.usage ?? {};
  const counted = hasKeys(usage);
  const list: Entry[] = [];
  let bare = 0;
  let used = false;
  let previous = '';
  for (const skill of skills) {
    if (skill.disableModelInvocation) continue;
    const name = skill.name;
    if (list.length > 0 && !(name > previous)) return generalEntriesOf(skills, cap, usage);
    previous = name;
    const uses = counted && Object.hasOwn(usage, name) ? Math.max(0, Number(usage[name]) || 0) : 0;
    if (uses > 0) used = true;
    bare += name.length + 3;
    list.push({ name, skill, uses, cap });
  }
  return { list, bare, inNameOrder: true, used };
}

/** `entriesOf` for skills out of name order or with repeated names. */
function generalEntriesOf(skills: readonly Skill[], cap: number, usage: Readonly<Record<string, number>>): Entries {
  const seen = new Map<string, Entry>();
  for (const skill of skills) {
    if (skill.disableModelInvocation) continue;
    const uses = Object.hasOwn(usage, skill.name) ? Math.max(0, Number(usage[skill.name]) || 0) : 0;
    const entry: Entry = { name: skill.name, skill, uses, cap };
    const before = seen.get(skill.name);
    if (before === undefined || textOf(entry) < textOf(before)) seen.set(skill.name, entry);
  }
  const list = [...seen.values()];
  let bare = 0;
  for (const e of list) bare += bareCost(e);
  return { list, bare, inNameOrder: false, used: list.some((e) => e.uses > 0) };
}

/** Which ranked entries get a name at all: every one when the names fit (`bare`, their cost), else a prefix within `NAMES_SHARE`. */
function namedPrefix(ranked: readonly Entry[], bare: number, space: number): number {
  if (bare <= space) return ranked.length;
  const cap = Math.floor(space * NAMES_SHARE);
  let used = 0;
  let count = 0;
  for (const e of ranked) {
    if (used + bareCost(e) > cap) break;
    used += bareCost(e);
    count++;
  }
  return count;
}

/** Gives descriptions to the named entries, most used first, within `space` characters. */
function describe(named: readonly Entry[], space: number): Shown[] {
  let left = space;
  for (const e of named) left -= bareCost(e);
  const shown: Shown[] = named.map((entry) => ({ entry, form: 'bare' }));
  for (let i = 0; i < shown.length; i++) {
    const extra = extraCost(shown[i]!.entry);
    if (extra > left) continue;
    left -= extra;
    shown[i] = { entry: shown[i]!.entry, form: 'whole' };
  }
  // What is left over goes to the first-ranked skill still without a description, if enough of it shows.
  const first = shown.findIndex((s) => s.form === 'bare');
  if (first >= 0 && left - 2 >= MIN_CUT_CHARS)
    shown[first] = { entry: shown[first]!.entry, form: 'cut', cutTo: left - 2 };
  return shown;
}

/** One pass over skills in strict name order: how many are listed, their names' cost, the used ones. */
interface NameScan {
  count: number;
  bare: number;
  /** Entries of the skills with a use counted (usually few). */
  used: Entry[];
}

/** `NameScan` of the model-invocable skills, or undefined when they are not in strict name order. */
function scanNames(
  skills: readonly Skill[],
  usage: Readonly<Record<string, number>>,
  cap: number,
): NameScan | undefined {
  const counted = hasKeys(usage);
  const used: Entry[] = [];
  let count = 0;
  let bare = 0;
  let previous = '';
  for (const skill of skills) {
    if (skill.disableModelInvocation) continue;
    const name = skill.name;
    if (count > 0 && !(name > previous)) return undefined;
    previous = name;
    count++;
    bare += name.length + 3;
    const uses = counted && Object.hasOwn(usage, name) ? Math.max(0, Number(usage[name]) || 0) : 0;
    if (uses > 0) used.push({ name, skill, uses, cap });
  }
  return { count, bare, used };
}

/**
 * The listing when not even the names fit, for skills in name order: the ranked order is the used
 * skills by rank, then the rest in name order, so entries are made only for the named prefix
 * (with 10,000 skills, about 1,500 of them) and nothing is sorted but the used ones.
 */
function namesOverBudget(skills: readonly Skill[], scan: NameScan, budget: number, cap: number): string {
  const reserve = shortenedLine(scan.count).length + 1 + unnamedLine(scan.count).length + 1;
  const room = Math.floor((budget + 1 - reserve) * NAMES_SHARE);
  const used = scan.used.sort(byRank);
  const named: Entry[] = [];
  let spent = 0;
  for (const e of used) {
    if (spent + bareCost(e) > room)
      return closingLines(describe(named, budget + 1 - reserve), scan.count, budget, false);
    spent += bareCost(e);
    named.push(e);
  }
  const skip = used.length > 0 ? new Set(used.map((e) => e.name)) : undefined;
  for (const skill of skills) {
    if (skill.disableModelInvocation || skip?.has(skill.name)) continue;
    if (spent + skill.name.length + 3 > room) break;
    spent += skill.name.length + 3;
    named.push({ name: skill.name, skill, uses: 0, cap });
  }
  return closingLines(describe(named, budget + 1 - reserve), scan.count, budget, used.length === 0);
}

/** The shown entries as lines sorted by name, then the closing lines; '' when over `budget`. */
function closingLines(shown: Shown[], total: number, budget: number, inNameOrder: boolean): string {
  const lines = (inNameOrder ? shown : shown.sort((a, b) => byName(a.entry, b.entry))).map(line);
  const shortened = shown.filter((s) => s.form !== 'whole' || s.entry.capped === true).length;
  if (shortened > 0) lines.push(shortenedLine(shortened));
  if (shown.length < total) lines.push(unnamedLine(total - shown.length));
  const text = lines.join('\n');
  return text.length <= budget ? text : '';
}

/**
 * The skills listing appended to the system prompt: `- name: description[ - when_to_use]` per
 * model-invocable skill, sorted by name, the description part on one line and capped.
 *
 * When the whole does not fit `budgetChars`, skills are ranked by `usage` (how often this user
 * invoked each), then by name. Every skill keeps its name while the names fit; the ranked skills
 * then get their whole description for as long as one fits (a long one is passed over for shorter
 * ones below it), and what is left is a cut description for the first one without. When not even
 * the names fit, the top-ranked names take up to three quarters of the budget, the rest describes
 * the first of them, and a closing line says how many skills are not named (the skill tool's
 * query finds them). Closing lines say what was shortened. No cliff: one more skill takes from
 * the descriptions only the room its name needs. The result never exceeds the budget (an empty string when not even a closing
 * line fits) and depends only on the skills' names, descriptions, `when_to_use` and the usage
 * counts: same input, same bytes. Returns '' when no skill is model-invocable.
 */
export function formatListing(skills: readonly Skill[], options: ListingOptions = {}): string {
  const budget = Math.max(0, options.budgetChars ?? DEFAULT_BUDGET_CHARS);
  const scan = scanNames(skills, options.usage ?? {}, descriptionCapOf(options));
  if (scan !== undefined && scan.bare > budget + 1)
    return namesOverBudget(skills, scan, budget, descriptionCapOf(options));
  const { list: entries, bare, inNameOrder, used } = entriesOf(skills, options);
  if (entries.length === 0) return '';
  // Every line costs its length plus a newline; the last has none, so the lines may cost budget + 1.
  // The names alone are counted first: when they do not fit, no description text is built for the check.
  let whole = bare;
  if (whole <= budget + 1) for (const e of entries) whole += extraCost(e);
  if (whole <= budget + 1 && !entries.some((e) => e.capped)) {
    return (inNameOrder ? entries : sortedBy(entries, byName))
      .map((entry) => line({ entry, form: 'whole' }))
      .join('\n');
  }
  // Unused skills in name order are already in rank order (most used first, then by name).
  const byNameAlready = inNameOrder && !used;
  const ranked = byNameAlready ? entries : sortedBy(entries, byRank);
  const closing = shortenedLine(ranked.length).length + 1;
  let named = namedPrefix(ranked, bare, budget + 1 - closing);
  if (named < ranked.length)
    named = namedPrefix(ranked, bare, budget + 1 - closing - unnamedLine(ranked.length).length - 1);
  const reserve = closing + (named < ranked.length ? unnamedLine(ranked.length).length + 1 : 0);
  return closingLines(describe(ranked.slice(0, named), budget + 1 - reserve), ranked.length, budget, byNameAlready);
}
