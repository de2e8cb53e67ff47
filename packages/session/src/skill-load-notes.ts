import type { DiscoverResult } from '@coding-harness/skills';

/**
 * The discovery notes of one skill (an `allowed-tools` entry that does not parse or grants
 * nothing, a shadowed name...), keyed by the skill's name. Start-up only counts notes in one line;
 * this is what a user sees of them at the moment it matters: when that skill loads (the skills
 * plugin says them then).
 */
export function notesBySkill(discovery: DiscoverResult): Map<string, string[]> {
  const byFile = new Map(discovery.skills.map((s) => [s.file, s.name]));
  const out = new Map<string, string[]>();
  for (const note of discovery.notes) {
    const name = byFile.get(note.path);
    if (name === undefined) continue;
    out.set(name, [...(out.get(name) ?? []), `skill note: ${note.path}: ${note.message}`]);
  }
  return out;
}
