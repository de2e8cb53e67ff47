import type { SkillSummary } from '@coding-harness/protocol';

/**
 * Skills whose name or description contain every word of `query` (case-insensitive), best first:
 * name starting with the query, then name containing it, then description-only matches; ties by name.
 * An empty query returns every skill, sorted by name.
 */
export function filterSkills(skills: readonly SkillSummary[], query: string): SkillSummary[] {
  const q = query.trim().toLowerCase();
  const terms = q.split(/\s+/).filter(Boolean);
  const scored: { skill: SkillSummary; score: number }[] = [];
  for (const skill of skills) {
    const name = skill.name.toLowerCase();
    const hay = `${name} ${skill.description.toLowerCase()}`;
    if (!terms.every((t) => hay.includes(t))) continue;
    const score = !q ? 0 : name.startsWith(q) ? 0 : name.includes(q) ? 1 : 2;
    scored.push({ skill, score });
  }
  scored.sort((a, b) => a.score - b.score || a.skill.name.localeCompare(b.skill.name));
  return scored.map((s) => s.skill);
}

/** The picker's own state: the filter text and the selected row of the filtered list. */
export interface PickerState {
  query: string;
  selected: number;
}

/** What a key did in the picker. */
export type PickerResult =
  | { type: 'state'; state: PickerState }
  | { type: 'close' }
  /** Enter on a user-invocable skill: put `/<name> ` in the input, send nothing. */
  | { type: 'stage'; text: string }
  | { type: 'message'; text: string; state: PickerState };

/** Applies one key (`name` as blessed names it, `ch` the typed character) to the picker. */
export function pickerKey(
  state: PickerState,
  skills: readonly SkillSummary[],
  name: string | undefined,
  ch: string | undefined,
): PickerResult {
  const shown = filterSkills(skills, state.query);
  const clamp = (n: number) => Math.max(0, Math.min(Math.max(0, shown.length - 1), n));
  switch (name ?? '') {
    case 'escape':
      return { type: 'close' };
    case 'up':
      return { type: 'state', state: { ...state, selected: clamp(state.selected - 1) } };
    case 'down':
      return { type: 'state', state: { ...state, selected: clamp(state.selected + 1) } };
    case 'pageup':
      return { type: 'state', state: { ...state, selected: clamp(state.selected - 10) } };
    case 'pagedown':
      return { type: 'state', state: { ...state, selected: clamp(state.selected + 10) } };
    case 'backspace':
      return { type: 'state', state: { query: state.query.slice(0, -1), selected: 0 } };
    case 'return': {
      const skill = shown[clamp(state.selected)];
      if (!skill) return { type: 'state', state };
      if (!skill.userInvocable) return { type: 'message', text: `/${skill.name} can only be used by the model`, state };
      return { type: 'stage', text: `/${skill.name} ` };
    }
  }
  if (ch && ch >= ' ' && ch !== '\x7f' && name !== 'enter')
    return { type: 'state', state: { query: state.query + ch, selected: 0 } };
  return { type: 'state', state };
}
