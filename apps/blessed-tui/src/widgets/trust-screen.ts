import blessed from 'blessed';
import type { Readable, Writable } from 'node:stream';
import type { TrustAnswer, TrustQuestion } from '@coding-harness/session';
import { escapeTags } from '../sanitize.js';
import { openTerminal } from '../terminal.js';
import { noColor, Theme } from '../theme.js';
import { TRUST_DEFAULT, TRUST_KEYS, trustKey, trustQuestionLines } from '../trust-question.js';

/** Where the question draws; the defaults are the process's own terminal. */
export interface TrustScreenIo {
  input?: Readable;
  output?: Writable;
  env?: Record<string, string | undefined>;
  terminal?: string;
  /** Keys typed while starting (the bin's early input), read first. */
  pending?: Buffer | string;
}

/**
 * The repository-trust question as a screen of its own, drawn while the session is being built
 * (the session wiring asks it once, before the first prompt, when a project skill has
 * `allowed-tools` and the repository has no recorded decision). Resolves with the answer once the
 * terminal is restored; the session package records it.
 */
export function runTrustQuestion(question: TrustQuestion, io: TrustScreenIo = {}): Promise<TrustAnswer> {
  const input = io.input ?? process.stdin;
  const output = io.output ?? process.stdout;
  const theme = new Theme(noColor(io.env ?? process.env));
  const { screen, restore } = openTerminal({ input, output, ...(io.terminal ? { terminal: io.terminal } : {}) });
  const box = blessed.box({ parent: screen, top: 0, left: 0, width: '100%', height: '100%', tags: true });
  let selected = TRUST_DEFAULT;
  const draw = (): void => {
    const lines = trustQuestionLines(question, selected).map(escapeTags);
    const head = lines[0] ?? '';
    box.setContent(
      [theme.wrap('bold', head), ...lines.slice(1), '', theme.wrap('gray-fg', escapeTags(TRUST_KEYS))].join('\n'),
    );
    screen.render();
  };
  return new Promise<TrustAnswer>((resolve) => {
    const onKey = (ch: string | undefined, key: { name?: string } | undefined): void => {
      const r = trustKey(selected, key?.name, ch);
      if (r.type === 'select') {
        selected = r.selected;
        draw();
        return;
      }
      screen.program.removeListener('keypress', onKey);
      screen.removeListener('resize', draw);
      restore();
      resolve(r.answer);
    };
    screen.program.on('keypress', onKey);
    screen.on('resize', draw);
    draw();
    if (io.pending?.length) input.unshift(io.pending);
    input.resume();
  });
}
