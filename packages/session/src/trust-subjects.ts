import { sanitize } from './sanitize.js';
import type { TrustQuestion } from './project-trust.js';

/** One line of what a trust answer would apply; a heading names the repository. */
export interface TrustSubjectLine {
  heading: boolean;
  text: string;
}

/**
 * What the trust question is about, the same in both front ends: which repository, every project
 * skill with the rules its `allowed-tools` would pre-approve, and every settings file with the
 * keys it would apply. Text from the repository is sanitized to one line; the front end styles
 * headings and adds its own answers.
 */
export function trustSubjectLines(q: TrustQuestion): TrustSubjectLine[] {
  const line = (text: string): string => sanitize(text, { multiline: false });
  const settings = q.settings ?? [];
  const heading = (text: string): TrustSubjectLine => ({ heading: true, text });
  const item = (text: string): TrustSubjectLine => ({ heading: false, text });
  return [
    ...(q.skills.length > 0 ? [heading(`This repository's skills would pre-approve tool calls: ${line(q.repo)}`)] : []),
    ...q.skills.map((s) => item(`  /${line(s.name)}: ${s.allowedTools.map(line).join(', ')}`)),
    ...(settings.length > 0
      ? [heading(`This repository's settings files would apply (allow rules, hooks, env...): ${line(q.repo)}`)]
      : []),
    ...settings.map((g) => item(`  ${line(g.file)}: ${g.keys.map(line).join(', ')}`)),
  ];
}
