import { entryText } from '@coding-harness/skills';
import type { Skill } from '@coding-harness/skills';
import { levenshtein } from '@coding-harness/tools';

/** Matches returned by one `query` before the rest are only counted. */
export const SKILL_SEARCH_LIMIT = 20;
/** Longest description part shown per match. */
export const SKILL_SEARCH_TEXT_CAP = 300;

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');

/** How a skill matched a query: the words found in its name, and those found only in its text. */
interface Score {
  inName: number;
  inText: number;
}

/**
 * Which query words a skill holds: in its name, else in its description or `when_to_use`. A
 * word the skill lacks costs nothing, so one good word is enough to find it.
 */
function score(skill: Skill, query: readonly string[]): Score {
  const name = skill.name.toLowerCase();
  const text = entryText(skill).toLowerCase();
  const out: Score = { inName: 0, inText: 0 };
  for (const w of query) {
    if (name.includes(w)) out.inName += 1;
    else if (text.includes(w)) out.inText += 1;
  }
  return out;
}

/** More words matched first; among as many, more of them in the name; then by name. */
function better(a: { s: Skill; score: Score }, b: { s: Skill; score: Score }): number {
  const total = (x: Score): number => x.inName + x.inText;
  return (
    total(b.score) - total(a.score) ||
    b.score.inName - a.score.inName ||
    (a.s.name < b.s.name ? -1 : a.s.name > b.s.name ? 1 : 0)
  );
}

const capText = (text: string): string =>
  text.length <= SKILL_SEARCH_TEXT_CAP ? text : `${text.slice(0, SKILL_SEARCH_TEXT_CAP - 1).trimEnd()}…`;

/**
 * The skill tool's answer to `query`: the model-invocable skills whose name, description or
 * `when_to_use` contain any word of the query (case-insensitive), ranked by how many words they
 * hold (among as many, those with more in the name first, then by name), at most
 * {@link SKILL_SEARCH_LIMIT}, each as `- name: description`. Loads nothing. Says so when nothing
 * matches.
 */
export function searchSkills(skills: readonly Skill[], query: string): string {
  const q = words(query);
  if (q.length === 0)
    return `The query ${JSON.stringify(query)} has no words to search for; give a few words such as "pdf form".`;
  const hits = skills
    .filter((s) => !s.disableModelInvocation)
    .map((s) => ({ s, score: score(s, q) }))
    .filter((h) => h.score.inName + h.score.inText > 0)
    .sort(better);
  if (hits.length === 0)
    return `No skill matches ${JSON.stringify(query)} (no word of it occurs in a skill's name or description); try other words.`;
  const shown = hits.slice(0, SKILL_SEARCH_LIMIT).map((h) => `- ${h.s.name}: ${capText(entryText(h.s))}`);
  const every = hits.filter((h) => h.score.inName + h.score.inText === q.length).length;
  const all = q.length > 1 && every > 0 && every < hits.length ? `, ${every} of them every word` : '';
  const more = hits.length > shown.length ? ` (the best ${shown.length} shown; add words to narrow it)` : '';
  return `${hits.length} skill${hits.length === 1 ? ' matches' : 's match'} ${JSON.stringify(query)}${all}${more}. Load one with the skill tool's name:\n${shown.join('\n')}`;
}

/** Up to `count` candidates nearest to `word` by edit distance (ties in the given order). */
export function closestNames(word: string, candidates: readonly string[], count = 3): string[] {
  return candidates
    .map((c, i) => ({ c, i, d: levenshtein(word, c) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, count)
    .map((x) => x.c);
}
