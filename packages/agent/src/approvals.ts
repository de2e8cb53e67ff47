/**
 * Open approval questions, by request id. The executor asks by emitting `approval_requested`
 * and waiting here; whoever reads the events answers with `Agent.answer(requestId, answer)`.
 * One channel: the event is the question, the answer names it. An answer for an id nobody is
 * waiting on is refused (returns false), so a stale or mistyped id cannot approve a later call.
 */
import type { Answer } from '@coding-harness/approval';
import { randomHex } from './random-id.js';

export interface Approvals {
  /** A fresh request id. */
  newId(): string;
  /** Waits for the answer to `requestId`; a `signal` that aborts first answers no with `onAbort`. */
  wait(requestId: string, signal: AbortSignal, onAbort: Answer): Promise<Answer>;
  /** Answers an open question; false when no question `requestId` is open. */
  answer(requestId: string, answer: Answer): boolean;
  /** The ids of the questions still open. */
  open(): string[];
}

export function createApprovals(): Approvals {
  const waiting = new Map<string, (answer: Answer) => void>();
  return {
    newId: () => `req_${randomHex(16)}`,
    wait(requestId, signal, onAbort) {
      if (signal.aborted) return Promise.resolve(onAbort);
      return new Promise<Answer>((resolve) => {
        const done = (answer: Answer): void => {
          waiting.delete(requestId);
          signal.removeEventListener('abort', aborted);
          resolve(answer);
        };
        const aborted = (): void => done(onAbort);
        signal.addEventListener('abort', aborted, { once: true });
        waiting.set(requestId, done);
      });
    },
    answer(requestId, answer) {
      const resolve = waiting.get(requestId);
      if (!resolve) return false;
      resolve(answer);
      return true;
    },
    open: () => [...waiting.keys()],
  };
}
