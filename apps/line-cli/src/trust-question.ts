import type { Colors } from './colors.js';
import { trustSubjectLines } from '@coding-harness/session';
import type { TrustAnswer, TrustQuestion } from '@coding-harness/session';

/**
 * The lines above the trust question: what it is about (the session's `trustSubjectLines`, the
 * same as the TUI's, headings in yellow), then what each answer means.
 */
export function trustQuestionLines(q: TrustQuestion, c: Colors): string[] {
  return [
    ...trustSubjectLines(q).map((l) => (l.heading ? c.yellow(l.text) : l.text)),
    c.dim(
      q.skills.length > 0
        ? '  trust: their allowed-tools apply from now on (recorded) · not now: they load, but pre-approve nothing this time'
        : '  trust: they apply from now on (recorded) · not now: only their deny and ask rules apply this time',
    ),
    c.dim('  never: the same, and never asked again (recorded; harness --trust changes it)'),
  ];
}

/** The one-line prompt readline shows. */
export const TRUST_PROMPT = 'Trust this repository? [t]rust / [n]ot now / never ';

const ANSWERS: Readonly<Record<string, TrustAnswer>> = {
  t: 'trust',
  trust: 'trust',
  y: 'trust',
  yes: 'trust',
  n: 'not-now',
  'not now': 'not-now',
  'not-now': 'not-now',
  no: 'not-now',
  never: 'never',
};

/** Reads an answer; undefined for anything else (the question is asked again). */
export function parseTrustAnswer(line: string): TrustAnswer | undefined {
  const key = line.trim().toLowerCase().replace(/\s+/g, ' ');
  return Object.hasOwn(ANSWERS, key) ? ANSWERS[key] : undefined;
}
