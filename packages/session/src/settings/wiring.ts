/**
 * Small steps of the session wiring that concern settings and trust, kept out of build.ts: the
 * `--allowed-tools` / `--disallowed-tools` rules sorted (a Claude Code tool this harness lacks is
 * a notice), and whether the repository was trusted before this run asked anything.
 */
import { checkPolicyOptions } from '@coding-harness/approval';
import type { RuleTool } from '@coding-harness/approval';
import type { HarnessFlags } from '../args.js';
import { UsageError } from '../config.js';
import { splitDomainRules } from '../sandbox-config.js';
import { trustDecision } from '../trust.js';
import { sortRules } from './rule-check.js';

/** The flags' rules for the policy, the notices for rules naming tools this harness lacks, or a UsageError naming the flag. */
export function flagRules(
  flags: HarnessFlags,
  tools: readonly RuleTool[],
): { allow: string[]; deny: string[]; notices: string[] } | UsageError {
  const out = { allow: [] as string[], deny: [] as string[], notices: [] as string[] };
  const sets = [
    ['--allowed-tools', splitDomainRules(flags.allowedTools).rules, out.allow],
    ['--disallowed-tools', splitDomainRules(flags.disallowedTools).rules, out.deny],
  ] as const;
  for (const [flag, rules, into] of sets) {
    const sorted = sortRules(rules, tools, flag);
    if (sorted.errors.length > 0) return new UsageError(sorted.errors[0]);
    out.notices.push(...sorted.notices);
    into.push(...sorted.kept);
  }
  // The policy's own check (the same parser) stays the last word.
  const problems = checkPolicyOptions({ allow: out.allow, deny: out.deny, tools });
  return problems.length > 0 ? new UsageError(problems[0]) : out;
}

/** True when the repository's settings may grant before any question: `--trust`, or a recorded "trusted"; never with `--untrusted`. */
export function preTrusted(flags: HarnessFlags, trustFile: string, repository: string): boolean {
  if (flags.untrusted) return false;
  return flags.trust || trustDecision(trustFile, repository).decision === 'trusted';
}
