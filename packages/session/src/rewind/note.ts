/**
 * What the model is told after a rewind: a mid-conversation message queued with the user's next
 * text (the transcript only grows; a conversation rewind is a cut, never an edit). Without it the
 * model would trust its memory of files that are no longer so, or miss that the files still hold
 * the changes of turns it no longer sees.
 */
import type { RewindOutcome } from '@coding-harness/protocol';

const MAX_LISTED = 40;

function list(paths: readonly string[]): string {
  const shown = paths.slice(0, MAX_LISTED).join(', ');
  return paths.length > MAX_LISTED ? `${shown} and ${paths.length - MAX_LISTED} more` : shown;
}

/** The note for `outcome`. */
export function rewindNote(outcome: RewindOutcome): string {
  const quoted = JSON.stringify(outcome.point.text.slice(0, 200));
  const lines: string[] = [];
  if (outcome.scope === 'conversation')
    lines.push(
      `The user rewound the conversation to before their message ${quoted}; the turns after it are gone. The files were not rewound: changes made in those turns are still on disk${outcome.point.changed.length > 0 ? ` (${list(outcome.point.changed)})` : ''}.`,
    );
  else
    lines.push(
      `The user rewound ${outcome.scope === 'both' ? 'the conversation and ' : ''}the files under the work root to how they were before their message ${quoted}.`,
    );
  if (outcome.restored.length > 0) lines.push(`Restored to their earlier content: ${list(outcome.restored)}.`);
  if (outcome.removed.length > 0) lines.push(`Removed (created after that point): ${list(outcome.removed)}.`);
  if (outcome.skipped.length > 0)
    lines.push(`Left as they are: ${list(outcome.skipped.map((s) => `${s.path} (${s.why})`))}.`);
  if (outcome.scope !== 'conversation')
    lines.push(
      'What earlier tool results said about these files may be out of date: read a file again before editing it.',
    );
  return lines.join('\n');
}
