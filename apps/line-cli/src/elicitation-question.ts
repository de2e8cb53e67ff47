/**
 * An MCP server's question (elicitation) on the REPL's line queue: who asks and what, then each
 * field in turn (the session's form: defaults, /decline, /cancel), asked again on a bad value.
 * Input that closes, or a Ctrl-C of the running turn, cancels it (nobody is left to answer).
 */
import { elicitationLines, formInput, formPrompt, startForm } from '@coding-harness/session';
import type { ReplQuestionDeps } from './repl-questions.js';
import type { AskElicitation } from './repl-turn.js';

export function replElicitation(d: ReplQuestionDeps): AskElicitation {
  return async (question) => {
    d.spinner.stop();
    const signal = d.turn()?.signal;
    const [head, ...rest] = elicitationLines(question);
    d.out.write(`${d.colors.yellow(head ?? '')}\n${rest.map((l) => d.colors.dim(l)).join('\n')}\n`);
    let form = startForm(question.fields);
    for (;;) {
      d.prompt(formPrompt(form));
      const line = await d.lines.next(signal);
      if (line === null) {
        if (!d.tty) d.out.write('\n');
        return { action: 'cancel' };
      }
      const step = formInput(form, line);
      if ('done' in step) {
        d.out.write(`${d.colors.dim(`answered ${question.server}: ${step.done.action}`)}\n`);
        return step.done;
      }
      if ('retry' in step) d.out.write(`${d.colors.yellow(step.retry)}\n`);
      else form = step.form;
    }
  };
}
