import { trustSubjectLines } from '@coding-harness/session';
import type { TrustAnswer, TrustQuestion } from '@coding-harness/session';
import { sanitize } from './sanitize.js';

/**
 * The trust question's three answers, in the order shown, with their keys: the same answers and
 * meanings as `harness`'s REPL (`trust` and `never` are recorded, `not now` is not).
 */
export const TRUST_CHOICES: readonly { answer: TrustAnswer; key: string; label: string; meaning: string }[] = [
  { answer: 'trust', key: 't', label: 'Trust', meaning: 'their allowed-tools apply from now on (recorded)' },
  {
    answer: 'not-now',
    key: 'n',
    label: 'Not now',
    meaning: 'they load, but pre-approve nothing this time (asked again next time)',
  },
  {
    answer: 'never',
    key: 'v',
    label: 'Never',
    meaning: 'the same, and never asked again (recorded; harness-tui --trust changes it)',
  },
];

/** Where the list starts: "not now", so an Enter pressed without reading grants nothing. */
export const TRUST_DEFAULT = 1;

export const TRUST_KEYS = '↑↓ choose · Enter answer · t trust · n not now · v never · Esc not now';

/** What a key did: the selected row moved, or the question was answered. */
export type TrustKeyResult = { type: 'select'; selected: number } | { type: 'answer'; answer: TrustAnswer };

/**
 * One key at the trust question, pure: ↑↓ move, Enter answers the selected row, a choice's letter
 * answers it at once, Esc and Ctrl-C answer "not now" (what `harness` does when input closes).
 * Other keys change nothing: an unknown key is never taken as an answer.
 */
export function trustKey(selected: number, name: string | undefined, ch: string | undefined): TrustKeyResult {
  const last = TRUST_CHOICES.length - 1;
  if (name === 'up') return { type: 'select', selected: Math.max(0, selected - 1) };
  if (name === 'down') return { type: 'select', selected: Math.min(last, selected + 1) };
  if (name === 'return' || name === 'enter')
    return { type: 'answer', answer: TRUST_CHOICES[selected]?.answer ?? 'not-now' };
  if (name === 'escape' || ch === '\x03') return { type: 'answer', answer: 'not-now' };
  const choice = TRUST_CHOICES.find((c) => c.key === ch);
  return choice ? { type: 'answer', answer: choice.answer } : { type: 'select', selected };
}

/**
 * The question as plain lines: what it is about (the session's `trustSubjectLines`, the same as
 * the REPL's, tabs made spaces like all TUI text), then the choices with the selected one marked `›`.
 */
export function trustQuestionLines(q: TrustQuestion, selected: number): string[] {
  return [
    ...trustSubjectLines(q).map((l) => sanitize(l.text)),
    '',
    'Trust this repository?',
    ...TRUST_CHOICES.map((c, i) => `${i === selected ? '›' : ' '} [${c.key}] ${c.label}: ${c.meaning}`),
  ];
}
