import type { Answer, ApprovalRequest } from '@coding-harness/approval';
import { approvalKey, openApproval, type ApprovalState } from './approval-state.js';

/**
 * The approval questions of the running turn, one at a time: `ask` queues a question and resolves
 * with its answer; `current` is the modal's state for the first one (undefined when none is
 * open). `changed` is called whenever the modal must be redrawn.
 */
export class QuestionQueue {
  current: ApprovalState | undefined;
  private readonly waiting: { request: ApprovalRequest; resolve: (a: Answer) => void }[] = [];

  constructor(private readonly changed: () => void) {}

  /** Queues a question; resolves with the user's answer (or a denial when it is dropped). */
  ask(request: ApprovalRequest): Promise<Answer> {
    return new Promise((resolve) => {
      this.waiting.push({ request, resolve });
      if (!this.current) this.next();
    });
  }

  /** One key for the open question: it edits the modal's state or answers (then the next one opens). */
  key(name: string | undefined, ch: string | undefined): void {
    if (!this.current) return;
    const r = approvalKey(this.current, name, ch);
    if (r.type === 'answer') {
      this.waiting.shift()?.resolve(r.answer);
      return this.next();
    }
    this.current = r.state;
    this.changed();
  }

  /** Denies every question, asked or waiting, with `message` (a cancelled turn, a quit) and closes the modal. */
  denyAll(message: string): void {
    for (const q of this.waiting.splice(0)) q.resolve({ type: 'deny', message });
    this.current = undefined;
    this.changed();
  }

  private next(): void {
    const q = this.waiting[0];
    this.current = q ? openApproval(q.request) : undefined;
    this.changed();
  }
}
