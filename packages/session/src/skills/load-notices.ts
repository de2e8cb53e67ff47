/**
 * What follows a skill's successful load: its use counted in the usage file (a file that cannot be
 * written is said once a session, never per load), and the notes its discovery pass had about it
 * (a coerced field, a shadowed copy) said the first time it loads, so they reach the person when
 * the skill matters and not all at start-up.
 */
import type { TurnContext } from '@coding-harness/agent';
import type { DiscoverResult } from '@coding-harness/skills';
import { notesBySkill } from '../skill-load-notes.js';
import { recordSkillUse } from '../skill-usage.js';

export class LoadNotices {
  private usageWarned = false;
  private readonly notesSaid = new Set<string>();
  private notesIndex: { of: DiscoverResult; notes: Map<string, string[]> } | undefined;

  /** `usageFile`: where each load is counted (absent: not counted). */
  constructor(private readonly usageFile: string | undefined) {}

  /** The session resumed another conversation: every skill's notes may be said again. */
  forgetSaid(): void {
    this.notesSaid.clear();
  }

  /** After skill `name` loaded in the turn of `ctx`, with the skills from `discovery`. */
  loaded(name: string, ctx: Pick<TurnContext, 'emit'>, discovery: DiscoverResult | undefined): void {
    if (this.usageFile !== undefined) {
      const error = recordSkillUse(this.usageFile, name);
      if (error !== undefined && !this.usageWarned) {
        this.usageWarned = true;
        ctx.emit({ type: 'notice', message: error });
      }
    }
    if (!discovery || this.notesSaid.has(name)) return;
    if (this.notesIndex?.of !== discovery) this.notesIndex = { of: discovery, notes: notesBySkill(discovery) };
    const notes = this.notesIndex.notes.get(name) ?? [];
    if (notes.length > 0) this.notesSaid.add(name);
    for (const message of notes) ctx.emit({ type: 'notice', message });
  }
}
