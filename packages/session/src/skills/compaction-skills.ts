/**
 * What the skills plugin puts back after a compaction (its `afterCompact`): the loaded skills'
 * stored text, the newest invoked skills first, each cut to about 5k tokens and all together to
 * about 25k, each cut one ending in a pointer to the whole text, and the ones past the budget
 * named without their text. A long session that loaded many skills must not fill the compacted
 * context with them again. Nothing is loaded again: a skill's `` !`cmd` `` ran once, when the
 * skill loaded, under that turn's rules.
 */
import type { PluginRecord, Reattached } from '@coding-harness/agent';
import type { Message } from '@coding-harness/model';
import { contentFromTranscript, latestLoads } from './skill-records.js';

/** A re-attached skill: its name, arguments and the text its load gave the model. */
export interface ReattachedSkill {
  name: string;
  args: string;
  content: string;
  /** True when `content` was cut to the budget (it ends with a pointer to the rest). */
  cut?: boolean;
  /** True when the budget was spent: the skill is named, its text left out (`content` is ''). */
  omitted?: boolean;
}

/** Characters for one re-attached skill: about 5,000 tokens at 4 characters a token. */
export const REATTACH_SKILL_CHARS = 20_000;
/** Characters for all re-attached skills together: about 25,000 tokens. */
export const REATTACH_TOTAL_CHARS = 100_000;
/** Below this many characters left, a skill is named without its text (a stub helps nobody). */
export const REATTACH_MIN_CHARS = 1_000;

/** The pointer that ends a cut skill. */
export function reattachPointer(name: string): string {
  return `[The rest of this skill is cut to keep the compacted context small; call the skill tool with {"name": ${JSON.stringify(name)}} for its full instructions.]`;
}

/** Cuts `text` to at most `max` characters, at the last line break when there is one past the middle. */
function cutAt(text: string, max: number): string {
  const head = text.slice(0, max);
  const lastBreak = head.lastIndexOf('\n');
  const kept = lastBreak > max / 2 ? head.slice(0, lastBreak) : head;
  // Never end on the first half of a surrogate pair.
  const code = kept.charCodeAt(kept.length - 1);
  return code >= 0xd800 && code <= 0xdbff ? kept.slice(0, -1) : kept;
}

/**
 * Fits the skills (given newest first) to the limits, in the same order: whole while they fit,
 * cut with {@link reattachPointer} past `perSkill` or what is left of `total`, omitted once less
 * than `min` is left.
 */
export function fitReattached(
  skills: readonly ReattachedSkill[],
  limits: { perSkill?: number; total?: number; min?: number } = {},
): ReattachedSkill[] {
  const perSkill = limits.perSkill ?? REATTACH_SKILL_CHARS;
  const min = limits.min ?? REATTACH_MIN_CHARS;
  let left = limits.total ?? REATTACH_TOTAL_CHARS;
  return skills.map((s) => {
    const room = Math.min(perSkill, left);
    if (room < min) return { name: s.name, args: s.args, content: '', omitted: true };
    if (s.content.length <= room) {
      left -= s.content.length;
      return { name: s.name, args: s.args, content: s.content };
    }
    const pointer = reattachPointer(s.name);
    const content = `${cutAt(s.content, Math.max(0, room - pointer.length - 2)).trimEnd()}\n\n${pointer}`;
    left -= content.length;
    return { name: s.name, args: s.args, content, cut: true };
  });
}

/** The text put back for one skill after the summary. */
export function reattachText(s: ReattachedSkill): string {
  const how = s.args === '' ? '' : ` with arguments: ${s.args}`;
  return s.omitted
    ? `The skill "${s.name}" was invoked earlier in this session${how}. Its instructions are left out to keep the compacted context small; if it still applies, call the skill tool with {"name": ${JSON.stringify(s.name)}} again.`
    : `The skill "${s.name}" was invoked earlier in this session${how}. Its instructions still apply:\n\n${s.content}`;
}

/**
 * The skills to put back after a compaction, from the conversation's records (the text each load
 * gave the model; for an older record, its result in `messages`), fitted to the budget. A skill
 * whose text is nowhere is named, as one past the budget is.
 */
export function reattachedSkills(
  records: readonly PluginRecord[],
  messages: readonly Message[],
  toolName: string,
): Reattached[] {
  const loads = latestLoads(records).map((r) => {
    const content = r.content ?? contentFromTranscript(messages, toolName, r.name);
    return content === undefined
      ? { name: r.name, args: r.args, content: '', missing: true }
      : { name: r.name, args: r.args, content, missing: false };
  });
  const fitted = fitReattached(loads.filter((l) => !l.missing));
  const byName = new Map(fitted.map((f) => [f.name, f]));
  return loads.map((l) => {
    const s = byName.get(l.name) ?? { name: l.name, args: l.args, content: '', omitted: true };
    return { label: l.name, text: reattachText(s) };
  });
}
