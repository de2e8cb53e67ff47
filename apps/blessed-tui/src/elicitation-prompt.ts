/**
 * MCP servers' questions (elicitation) in the TUI, one at a time: who asks and what go into the
 * transcript, then each field's prompt as the status hint; what Enter submits answers the field
 * (the session's form: defaults on an empty line, /decline, /cancel) instead of being sent to the
 * model. When the form is done the answer goes to the session by request id; a question the
 * session settles first (the server gave up, the turn was cancelled) is dropped.
 */
import type { ElicitationAnswer, EventOf, SessionEvent } from '@coding-harness/protocol';
import { elicitationLines, formInput, formPrompt, startForm } from '@coding-harness/session';
import type { ElicitationForm } from '@coding-harness/session';

type Question = EventOf<'elicitation_requested'>;

/** What the prompt draws with and answers through. */
export interface ElicitationHost {
  notice(text: string): void;
  error(text: string): void;
  /** The status hint ('' clears it). */
  hint(text: string): void;
  answer(requestId: string, answer: ElicitationAnswer): void;
}

export class ElicitationPrompt {
  private readonly waiting: Question[] = [];
  private form: ElicitationForm | undefined;

  constructor(private readonly host: ElicitationHost) {}

  /** True while a question takes what Enter submits. */
  get open(): boolean {
    return this.form !== undefined;
  }

  onEvent(e: SessionEvent): void {
    if (e.type === 'elicitation_requested') {
      this.waiting.push(e);
      if (this.form === undefined) this.next();
    } else if (e.type === 'elicitation_resolved') {
      const at = this.waiting.findIndex((q) => q.requestId === e.requestId);
      if (at < 0) return;
      this.waiting.splice(at, 1);
      if (at === 0) {
        this.host.notice(`the MCP server's question ended before it was answered (${e.action})`);
        this.next();
      }
    }
  }

  /** One submitted line for the open question. */
  input(line: string): void {
    const question = this.waiting[0];
    if (question === undefined || this.form === undefined) return;
    const step = formInput(this.form, line);
    if ('retry' in step) return this.host.error(step.retry);
    if ('form' in step) {
      this.form = step.form;
      return this.host.hint(formPrompt(this.form));
    }
    this.waiting.shift();
    this.host.notice(`answered ${question.server}: ${step.done.action}`);
    this.host.answer(question.requestId, step.done);
    this.next();
  }

  /** Answers every waiting question with cancel (the turn was cancelled: nobody fills them in now). */
  cancelAll(): void {
    for (const q of this.waiting.splice(0)) this.host.answer(q.requestId, { action: 'cancel' });
    this.next();
  }

  private next(): void {
    const question = this.waiting[0];
    this.form = question === undefined ? undefined : startForm(question.fields);
    if (question === undefined || this.form === undefined) return this.host.hint('');
    this.host.notice(elicitationLines(question).join('\n'));
    this.host.hint(formPrompt(this.form));
  }
}
