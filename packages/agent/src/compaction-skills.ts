/**
 * The budget for skills re-attached after a compaction: the newest invoked skills first, each cut
 * to about 5k tokens and all together to about 25k, each cut one ending in a pointer to the whole
 * text, and the ones past the budget named without their text. A long session that loaded many
 * skills must not fill the compacted context with them again.
 */

/** A re-attached skill: its name, arguments and the skill tool's fresh output. */
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
