import type { TrustAnswer, TrustQuestion } from '@coding-harness/session';
import { escapeTags } from '../sanitize.js';
import { TRUST_DEFAULT, TRUST_KEYS, trustKey, trustQuestionLines } from '../trust-question.js';
import { runPreScreen } from './pre-screen.js';
import type { PreScreenIo } from './pre-screen.js';

/** Where the question draws; the defaults are the process's own terminal. */
export type TrustScreenIo = PreScreenIo;

/**
 * The repository-trust question as a screen of its own, drawn while the session is being built
 * (the session wiring asks it once, before the first prompt, when a project skill has
 * `allowed-tools` and the repository has no recorded decision). Resolves with the answer once the
 * terminal is restored; the session package records it.
 */
export function runTrustQuestion(question: TrustQuestion, io: TrustScreenIo = {}): Promise<TrustAnswer> {
  return runPreScreen<TrustAnswer>(
    {
      initial: TRUST_DEFAULT,
      content: (selected, _size, theme) => {
        const lines = trustQuestionLines(question, selected).map(escapeTags);
        const head = lines[0] ?? '';
        return [theme.wrap('bold', head), ...lines.slice(1), '', theme.wrap('gray-fg', escapeTags(TRUST_KEYS))].join(
          '\n',
        );
      },
      key: (selected, name, ch) => {
        const r = trustKey(selected, name, ch);
        return r.type === 'select' ? r : { type: 'done', value: r.answer };
      },
    },
    io,
  );
}
