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

/**
 * Scores a skill for the query words: a word found in the name counts 3, in the description or
 * `when_to_use` 1; a skill must contain every word somewhere. 0 means no match.
 */
function score(skill: Skill, query: readonly string[]): number {
  const name = skill.name.toLowerCase();
  const text = entryText(skill).toLowerCase();
  let total = 0;
  for (const w of query) {
    if (name.includes(w)) total += 3;
    else if (text.includes(w)) total += 1;
    else return 0;
  }
  return total;
}

const capText = (text: string): string =>
  text.length <= SKILL_SEARCH_TEXT_CAP ? text : `${text.slice(0, SKILL_SEARCH_TEXT_CAP - 1).trimEnd()}…`;

/**
 * The skill tool's answer to `query`: the model-invocable skills whose name, description or
 * `when_to_use` contain every word of the query (case-insensitive), best first (name matches
 * before description matches, then by name), at most {@link SKILL_SEARCH_LIMIT}, each as
 * `- name: description`. Loads nothing. Says so when nothing matches.
 */
export function searchSkills(skills: readonly Skill[], query: string): string {
  const q = words(query);
  if (q.length === 0)
    return `The query ${JSON.stringify(query)} has no words to search for; give a few words such as "pdf form".`;
  const hits = skills
    .filter((s) => !s.disableModelInvocation)
    .map((s) => ({ s, score: score(s, q) }))
    .filter((h) => h.score > 0)
    .sort((a, b) => b.score - a.score || (a.s.name < b.s.name ? -1 : a.s.name > b.s.name ? 1 : 0));
  if (hits.length === 0)
    return `No skill matches ${JSON.stringify(query)} (every word must occur in a skill's name or description); try fewer or other words.`;
  const shown = hits.slice(0, SKILL_SEARCH_LIMIT).map((h) => `- ${h.s.name}: ${capText(entryText(h.s))}`);
  const more = hits.length > shown.length ? ` (the best ${shown.length} shown; add words to narrow it)` : '';
  return `${hits.length} skill${hits.length === 1 ? ' matches' : 's match'} ${JSON.stringify(query)}${more}. Load one with the skill tool's name:\n${shown.join('\n')}`;
}

/** Up to `count` candidates nearest to `word` by edit distance (ties in the given order). */
export function closestNames(word: string, candidates: readonly string[], count = 3): string[] {
  return candidates
    .map((c, i) => ({ c, i, d: levenshtein(word, c) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, count)
    .map((x) => x.c);
}
