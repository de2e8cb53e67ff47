import type { Skill } from '@coding-harness/skills';
import { COMMANDS } from './commands.js';

/** One row of the `/` menu: what it shows and what Tab puts in the input. */
export interface Completion {
  label: string;
  insert: string;
  description: string;
}

/**
 * The `/` menu for `input`: built-in commands and user-invocable skills whose `/name` starts with
 * what was typed (case-insensitive), commands first. Empty unless the input is a single `/word`
 * being typed (no space, no newline). `/skill:` prefixes list skills as `/skill:name`.
 */
export function completions(input: string, skills: readonly Skill[]): Completion[] {
  if (!/^\/\S*$/.test(input)) return [];
  const typed = input.toLowerCase();
  const out: Completion[] = [];
  for (const c of COMMANDS) {
    const label = `/${c.name}`;
    // A command that takes arguments (`/model [id]`) gets a space, ready for them.
    if (label.startsWith(typed)) out.push({ label, insert: c.args ? `${label} ` : label, description: c.description });
  }
  const longForm = typed.startsWith('/skill:');
  for (const s of [...skills].sort((a, b) => a.name.localeCompare(b.name))) {
    if (!s.userInvocable) continue;
    const label = longForm ? `/skill:${s.name}` : `/${s.name}`;
    if (label.startsWith(typed)) out.push({ label, insert: `${label} `, description: s.description });
  }
  return out;
}

/** Moves the menu selection by `delta`, wrapping around `count` rows. */
export function moveSelection(selected: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((selected + delta) % count) + count) % count;
}
