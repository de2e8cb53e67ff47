/** `/rewind`'s data as lines, for the text front ends (`formatSlashResult`). */
import type { RewindOutcome, RewindPoint } from '@coding-harness/protocol';

const MAX_FILES = 4;

function files(paths: readonly string[]): string {
  if (paths.length === 0) return 'no file changed';
  const shown = paths.slice(0, MAX_FILES).join(', ');
  return paths.length > MAX_FILES ? `${shown} +${paths.length - MAX_FILES}` : shown;
}

/** One line of the list: `  3  fix the parser   (2 files: a.ts, b.ts)`. */
export function rewindPointLine(p: RewindPoint, width = 100): string {
  const tail = `  (${files(p.changed)}${p.conversation ? '' : '; compacted since: files only'})`;
  const room = Math.max(10, width - tail.length - 6);
  const text = p.text.replace(/\s+/g, ' ');
  return `${String(p.n).padStart(3)}  ${text.length > room ? `${text.slice(0, room - 1)}…` : text}${tail}`;
}

export function rewindPointsLines(points: readonly RewindPoint[], width = 100): string[] {
  if (points.length === 0) return ['nothing to rewind yet: no turn has run in this conversation'];
  return [
    'turns (1 is the last):',
    ...points.map((p) => rewindPointLine(p, width)),
    '/rewind N goes back to before turn N (files and conversation); /rewind N files or /rewind N conversation for one',
  ];
}

export function rewoundLines(r: RewindOutcome): string[] {
  const what = r.scope === 'both' ? 'files and conversation' : r.scope;
  const lines = [`rewound ${what} to before: ${r.point.text.replace(/\s+/g, ' ').slice(0, 80)}`];
  if (r.restored.length > 0) lines.push(`  restored: ${r.restored.join(', ')}`);
  if (r.removed.length > 0) lines.push(`  removed: ${r.removed.join(', ')}`);
  for (const s of r.skipped) lines.push(`  left as is: ${s.path}: ${s.why}`);
  if (r.scope !== 'conversation' && r.restored.length + r.removed.length + r.skipped.length === 0)
    lines.push('  the files were already as they were then');
  lines.push('the model is told with your next message');
  return lines;
}
