/**
 * Reading what the user typed for the things the session handles itself: `@path` mentions
 * (attached to the message, as Claude Code does) and a leading `!` (a command the user runs).
 */

/** One `@path` mention in a message. */
export interface Mention {
  /** The path as written, quotes and backslash escapes removed. */
  path: string;
  /** The same path without trailing punctuation (`see @src/a.ts.`): tried when `path` does not exist. */
  trimmed: string;
}

/**
 * `@` at the start or after a blank (so `a@b.com` is no mention), then `"a path with spaces"` or
 * a run of non-blank characters in which `\ ` is a space.
 */
const MENTION = /(?:^|(?<=\s))@(?:"([^"\n]+)"|((?:\\ |[^\s"])+))/g;
/** At most this many mentions of one message are attached. */
export const MAX_MENTIONS = 20;

/** The mentions of `text`, each path once, in order. */
export function findMentions(text: string): Mention[] {
  const seen = new Set<string>();
  const out: Mention[] = [];
  for (const m of text.matchAll(MENTION)) {
    const path = m[1] ?? (m[2] as string).replace(/\\ /g, ' ');
    if (path === '' || seen.has(path)) continue;
    seen.add(path);
    out.push({ path, trimmed: path.replace(/[.,;:!?)\]}'`]+$/, '') });
    if (out.length === MAX_MENTIONS) break;
  }
  return out;
}

/** The command of a `!command` message (the text after the `!`, trimmed), or undefined. */
export function bangCommand(text: string): string | undefined {
  const m = /^\s*!([\s\S]*)$/.exec(text);
  const command = m?.[1]?.trim();
  return command === undefined || command === '' ? undefined : command;
}
