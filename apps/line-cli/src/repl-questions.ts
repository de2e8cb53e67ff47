import { sanitize } from '@coding-harness/session';
import type { AskTrustFn } from '@coding-harness/session';
import { parseApprovalAnswer } from './approval-answer.js';
import type { Colors } from './colors.js';
import type { OutStream } from './io.js';
import type { LineQueue } from './line-queue.js';
import { ANSWER_HINT, approvalPrompt } from './question.js';
import type { AskApproval } from './repl-turn.js';
import type { Spinner } from './spinner.js';
import { parseTrustAnswer, TRUST_PROMPT, trustQuestionLines } from './trust-question.js';

/** What the REPL's questions use: its output, prompt, input queue, spinner and the running turn. */
export interface ReplQuestionDeps {
  out: OutStream;
  colors: Colors;
  tty: boolean;
  /** Lines of a preview diff shown (`Infinity` with `--verbose`). */
  previewLines: number;
  spinner: Spinner;
  prompt(text: string): void;
  lines: LineQueue;
  /** The running turn's controller (aborted by Ctrl-C / Esc), if a turn runs. */
  turn(): AbortController | undefined;
}

/**
 * The approval and trust questions on the REPL's line queue. An approval is asked when its event
 * is drawn (after the model's text and the `●` line, which came first): it shows what is asked
 * and reads the answer, asking again on anything that is not one; input that closes denies it and
 * ends the turn (nobody is left to answer). The trust question defaults to "not now" when input closes.
 */
export function replQuestions(d: ReplQuestionDeps): { ask: AskApproval; askTrust: AskTrustFn } {
  const { out, colors } = d;
  const ask: AskApproval = async (request) => {
    const current = d.turn();
    const signal = current?.signal;
    d.spinner.stop();
    const rule = request.alwaysRule;
    const shown = approvalPrompt(request, rule, colors, d.previewLines);
    out.write(`${shown.lines.join('\n')}\n`);
    for (;;) {
      d.prompt(shown.question);
      const line = await d.lines.next(signal);
      if (line === null) {
        if (!d.tty) out.write('\n');
        if (signal?.aborted) return { type: 'deny', message: 'cancelled by the user' };
        // Input closed (Ctrl-D, the end of piped input): nobody is left to answer the turn's next questions.
        current?.abort();
        return { type: 'deny', message: 'no answer: the input was closed' };
      }
      const answer = parseApprovalAnswer(line);
      if (!answer) {
        if (line.trim() !== '') out.write(`${colors.yellow(ANSWER_HINT)}\n`);
        continue;
      }
      if (answer.type === 'session' && rule !== '')
        out.write(`${colors.dim(`allowed for this session: ${sanitize(rule, { multiline: false })}`)}\n`);
      // Where it was saved for the project (or why not) follows as the session's notice.
      return answer;
    }
  };

  const askTrust: AskTrustFn = async (question) => {
    out.write(`${trustQuestionLines(question, colors).join('\n')}\n`);
    for (;;) {
      d.prompt(TRUST_PROMPT);
      const line = await d.lines.next();
      if (line === null) {
        if (!d.tty) out.write('\n');
        return 'not-now';
      }
      const answer = parseTrustAnswer(line);
      if (answer) return answer;
      if (line.trim() !== '') out.write(`${colors.yellow('please answer t (trust), n (not now) or never')}\n`);
    }
  };
  return { ask, askTrust };
}
