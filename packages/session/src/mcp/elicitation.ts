/**
 * MCP servers' `elicitation/create` requests as questions to the user, on the protocol: an
 * `elicitation_requested` event with a request id, answered by the `answer_elicitation` command
 * naming it (as approval questions are answered). Only a session whose front end can answer
 * declares the capability (the REPL and the TUI); with nobody listening a request is declined,
 * and one still open when the server gives up or the session closes is cancelled.
 */
import type { ElicitAnswer, ElicitHandler } from '@coding-harness/mcp';
import type { ElicitationAnswer, SessionEvent } from '@coding-harness/protocol';

export interface McpElicitation {
  /** What the servers' manager calls. */
  readonly handler: ElicitHandler;
  /** Where the questions go (the session's events). */
  listen(emit: (event: SessionEvent) => void): void;
  /** Answers the open question `requestId`; false when none is open under that id. */
  answer(requestId: string, answer: ElicitationAnswer): boolean;
  /** Cancels every open question (the session closes). */
  cancelAll(): void;
}

export function createMcpElicitation(): McpElicitation {
  let emit: ((event: SessionEvent) => void) | undefined;
  // Ids never repeat within the session, so a stale answer cannot reach a later question (a counter:
  // node:crypto stays out of the bin's start-up).
  let asked = 0;
  const open = new Map<string, (answer: ElicitAnswer) => void>();
  const handler: ElicitHandler = (question, signal) => {
    const sink = emit;
    if (sink === undefined || signal.aborted) return Promise.resolve({ action: 'decline' });
    asked += 1;
    const requestId = `elicit_${asked}`;
    return new Promise<ElicitAnswer>((resolve) => {
      const done = (answer: ElicitAnswer): void => {
        open.delete(requestId);
        signal.removeEventListener('abort', aborted);
        sink({ type: 'elicitation_resolved', requestId, action: answer.action });
        resolve(answer);
      };
      const aborted = (): void => done({ action: 'cancel' });
      signal.addEventListener('abort', aborted, { once: true });
      open.set(requestId, done);
      sink({ type: 'elicitation_requested', requestId, ...question });
    });
  };
  return {
    handler,
    listen(next) {
      emit = next;
    },
    answer(requestId, answer) {
      const done = open.get(requestId);
      if (done === undefined) return false;
      done(answer);
      return true;
    },
    cancelAll() {
      for (const done of [...open.values()]) done({ action: 'cancel' });
    },
  };
}
