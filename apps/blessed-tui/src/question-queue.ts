import type { Answer, SessionEvent } from '@coding-harness/protocol';
import { approvalKey, openApproval, type ApprovalState, type Question } from './approval-state.js';

/**
 * The session's open approval questions, one at a time in the modal, fed by the session's events:
 * `approval_requested` queues a question (with the input of its call, from `tool_call_started`),
 * `approval_resolved` drops it (answered, or settled by the session: a cancelled turn). A key in
 * the modal may answer the first one: `answer` sends it, by request id. `current` is the modal's
 * state (undefined when none is open); `changed` is called whenever the modal must be redrawn.
 */
export class QuestionQueue {
  current: ApprovalState | undefined;
  private readonly waiting: Question[] = [];
  private readonly inputs = new Map<string, unknown>();

  constructor(
    private readonly answer: (requestId: string, answer: Answer) => void,
    private readonly changed: () => void,
  ) {}

  /** One session event: the questions follow it. */
  onEvent(e: SessionEvent): void {
    switch (e.type) {
      case 'tool_call_started':
        this.inputs.set(e.callId, e.input);
        return;
      case 'tool_call_finished':
        this.inputs.delete(e.callId);
        return;
      case 'approval_requested':
        this.waiting.push(this.inputs.has(e.callId) ? { ...e, input: this.inputs.get(e.callId) } : e);
        if (!this.current) this.next();
        return;
      case 'approval_resolved':
        return this.drop(e.requestId);
      default:
        return;
    }
  }

  /** One key for the open question: it edits the modal's state or answers (then the next one opens). */
  key(name: string | undefined, ch: string | undefined): void {
    if (!this.current) return;
    const r = approvalKey(this.current, name, ch);
    if (r.type === 'answer') {
      const asked = this.waiting.shift();
      if (asked) this.answer(asked.requestId, r.answer);
      return this.next();
    }
    this.current = r.state;
    this.changed();
  }

  /** Closes the modal and forgets every question (the session settles them: a cancelled turn, a quit). */
  clear(): void {
    this.waiting.splice(0);
    this.current = undefined;
    this.changed();
  }

  private drop(requestId: string | undefined): void {
    const at = this.waiting.findIndex((q) => q.requestId === requestId);
    if (at < 0) return;
    this.waiting.splice(at, 1);
    if (at === 0) this.next();
  }

  private next(): void {
    const q = this.waiting[0];
    this.current = q ? openApproval(q) : undefined;
    this.changed();
  }
}
