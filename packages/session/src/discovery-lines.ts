/** What start-up and `harness skills` say about a discovery pass (split from build.ts). */
import type { DiscoverResult } from '@coding-harness/skills';

/**
 * What start-up prints about discovery: one line at most, counting the skipped skills and the
 * notes, pointing at `harness skills` for the details (one notice per file filled the screen).
 */
export function discoverySummary(discovery: DiscoverResult): string[] {
  const skipped = discovery.problems.length;
  const notes = discovery.notes.length;
  if (skipped === 0 && notes === 0) return [];
  const parts = [
    ...(skipped > 0 ? [`${skipped} skill${skipped === 1 ? '' : 's'} skipped`] : []),
    ...(notes > 0 ? [`${notes} skill note${notes === 1 ? '' : 's'}`] : []),
  ];
  return [`${parts.join(', ')}; run harness skills for details`];
}

/** One line per skipped skill and per note (`harness skills` and `/reload-skills` show them; never fatal). */
export function discoveryMessages(discovery: DiscoverResult): string[] {
  return [
    ...discovery.problems.map((p) => `skill skipped: ${p.path}: ${p.message}`),
    ...discovery.notes.map((n) => `skill note: ${n.path}: ${n.message}`),
  ];
}
