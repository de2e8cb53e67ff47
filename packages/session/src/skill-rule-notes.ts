import { parseRule } from '@coding-harness/approval';
import type { RuleTool } from '@coding-harness/approval';
import { ruleSyntaxError } from '@coding-harness/skills';
import type { DiscoverResult } from '@coding-harness/skills';

/**
 * Notes for `allowed-tools` entries that are well-formed but name no tool of this session (a
 * typo, or a tool another harness has): discovery knows no tool names, so the wiring, which knows
 * the registry's table, adds them. Entries that do not parse at all already have discovery's own
 * note and get no second one. Such an entry grants nothing; the skill still loads.
 */
export function skillRuleNotes(discovery: DiscoverResult, tools: readonly RuleTool[]): DiscoverResult['notes'] {
  const notes: DiscoverResult['notes'] = [];
  for (const skill of discovery.skills) {
    if (skill.allowedTools.length === 0) continue; // most skills: no iterator made per skill at start-up
    for (const entry of skill.allowedTools) {
      if (ruleSyntaxError(entry) !== undefined) continue;
      const parsed = parseRule(entry, tools);
      if (!parsed.ok)
        notes.push({
          path: skill.file,
          message: `skill "${skill.name}": allowed-tools entry "${entry}" grants nothing: ${parsed.error}`,
        });
    }
  }
  return notes;
}
