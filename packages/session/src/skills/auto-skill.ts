/**
 * The auto-match rule: a user turn that names a model-invocable skill's words strongly enough
 * loads that skill before the first request. Pure and deterministic: the distinct words of
 * three letters or more from the skill's name and description, stop words dropped, that appear
 * as whole words in the message (case-insensitive); at least 3 hits; the highest count wins,
 * ties broken by name; at most one skill; never for a text starting with `/`.
 */
import type { Skill } from '@coding-harness/skills';

/** Hits needed before a skill is auto-loaded. */
export const MIN_HITS = 3;

/** Common English words that say nothing about a skill's subject. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'the and for with that this these those from into onto when then than what which who whom whose where why how ' +
    'use used uses using user users skill skills you your yours are was were been being has have had having does did doing ' +
    'can could should would will shall may might must not any all some each every other such only own same also just very ' +
    'about above after again against before below between both but down during few further here more most off once out over ' +
    'under until while there their them they its our ours she her his him one two get got make made like need needs want ' +
    'wants way ways work works new file files etc via per'
  ).split(' '),
);

/** The whole words of `text`, lowercased (letters and digits; hyphens and punctuation split). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The distinct significant words of a skill (name and description), in first-seen order. */
export function skillWords(skill: Pick<Skill, 'name' | 'description'>): string[] {
  return [...new Set(words(`${skill.name} ${skill.description}`))].filter((w) => w.length >= 3 && !STOP_WORDS.has(w));
}

/** Each skill's words, computed once per skill object (a session matches every turn against the same skills). */
const wordsOf = new WeakMap<Skill, string[]>();

/**
 * False when fewer than MIN_HITS of `wanted` occur anywhere in the skill's lowercased name and
 * description: a whole word is also a substring, so such a skill cannot match and its words need
 * not be split out (with 10,000 skills that split cost tens of milliseconds on the first turn).
 */
function mayHit(skill: Pick<Skill, 'name' | 'description'>, wanted: readonly string[]): boolean {
  const lower = `${skill.name} ${skill.description}`.toLowerCase();
  let found = 0;
  for (const w of wanted) if (lower.includes(w) && ++found >= MIN_HITS) return true;
  return false;
}

/** The one skill `text` matches strongly, with the words that matched; undefined when none does. */
export function matchSkill(text: string, skills: readonly Skill[]): { skill: Skill; words: string[] } | undefined {
  if (text.trimStart().startsWith('/') || !skills.some((s) => !s.disableModelInvocation)) return undefined;
  // MIN_HITS distinct words of three or more characters, one character apart, need this many
  // characters: a shorter text (`hi`) cannot match, and the Unicode word pattern is not even compiled.
  if (text.toLowerCase().length < MIN_HITS * 4 - 1) return undefined;
  const present = new Set(words(text));
  // A hit is a significant word of the message: with fewer than MIN_HITS of them no skill can match.
  const wanted = [...present].filter((w) => w.length >= 3 && !STOP_WORDS.has(w));
  if (wanted.length < MIN_HITS) return undefined;
  let best: { skill: Skill; words: string[] } | undefined;
  for (const skill of skills) {
    if (skill.disableModelInvocation) continue;
    let own = wordsOf.get(skill);
    if (own === undefined) {
      if (!mayHit(skill, wanted)) continue;
      own = skillWords(skill);
      wordsOf.set(skill, own);
    }
    const hits = own.filter((w) => present.has(w));
    if (hits.length < MIN_HITS) continue;
    if (!best || hits.length > best.words.length || (hits.length === best.words.length && skill.name < best.skill.name))
      best = { skill, words: hits };
  }
  return best;
}
