import type { SkillSummary, SlashCommandInfo } from '@coding-harness/protocol';
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
 * being typed (no space, no newline). `/skill:` prefixes list skills as `/skill:name`; MCP
 * servers' prompts come last.
 */
export function completions(
  input: string,
  skills: readonly SkillSummary[],
  mcpPrompts: readonly SlashCommandInfo[] = [],
): Completion[] {
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
  // MCP servers' prompts (`/mcp__server__prompt`), after the skills.
  for (const p of mcpPrompts) {
    const label = `/${p.name}`;
    if (label.toLowerCase().startsWith(typed))
      out.push({
        label,
        insert: p.args ? `${label} ` : label,
        description: `${p.args ? `${p.args} ` : ''}${p.description}`,
      });
  }
  return out;
}

/** Moves the menu selection by `delta`, wrapping around `count` rows. */
export function moveSelection(selected: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((selected + delta) % count) + count) % count;
}

/** The `/` menu's own state: the selected row, and the input text for which Esc dismissed it. */
export interface MenuState {
  selected: number;
  dismissedFor: string | undefined;
}

/**
 * A key while the `/` menu shows `items` for the input `text`: ↑↓ move the selection (wrapping),
 * Tab completes (`insert` is the new input text), Esc dismisses the menu for this text.
 * Undefined when the menu is closed or the key is not the menu's.
 */
export function menuKey(
  menu: MenuState,
  items: readonly Completion[],
  name: string | undefined,
  text: string,
): { menu: MenuState; insert?: string } | undefined {
  if (!items.length) return undefined;
  if (name === 'up' || name === 'down')
    return { menu: { ...menu, selected: moveSelection(menu.selected, name === 'up' ? -1 : 1, items.length) } };
  if (name === 'tab') {
    const pick = items[Math.min(menu.selected, items.length - 1)];
    return pick ? { menu, insert: pick.insert } : { menu };
  }
  if (name === 'escape') return { menu: { selected: 0, dismissedFor: text } };
  return undefined;
}
