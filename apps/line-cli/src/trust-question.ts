import type { Colors } from './colors.js';
import { sanitize } from '@coding-harness/session';
import type { TrustAnswer, TrustQuestion } from '@coding-harness/session';

/**
 * The lines above the trust question: which repository, and every project skill with the rules
 * its `allowed-tools` would pre-approve (text from the repository, sanitized).
 */
export function trustQuestionLines(q: TrustQuestion, c: Colors): string[] {
  const line = (text: string): string => sanitize(text, { multiline: false });
  const settings = q.settings ?? [];
  return [
    ...(q.skills.length > 0
      ? [c.yellow(`This repository's skills would pre-approve tool calls: ${line(q.repo)}`)]
      : []),
    ...q.skills.map((s) => `  /${line(s.name)}: ${s.allowedTools.map(line).join(', ')}`),
    ...(settings.length > 0
      ? [c.yellow(`This repository's settings files would apply (allow rules, hooks, env...): ${line(q.repo)}`)]
      : []),
    ...settings.map((g) => `  ${line(g.file)}: ${g.keys.map(line).join(', ')}`),
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
