/**
 * The policy of a session whose "always for this project" answers last: the answer grants the
 * rule for this session (the approval package does that) and this wrapper writes the same rule
 * to the project's `.claude/settings.local.json`, saying where (or why not) through `notify`.
 */
import type { Policy } from '@coding-harness/approval';
import { addProjectAllowRules, claudeRuleText } from './project-rules.js';

export interface ProjectAlwaysOptions {
  /** `<root>/.claude/settings.local.json`. */
  file: string;
  workroot: string;
  /** Whether the repository is trusted now (an untrusted repository's files grant nothing, so the note says so). */
  trusted: () => boolean;
  /** A line for the user (a `notice` event). */
  notify: (message: string) => void;
}

/** `policy` with `authorize` writing a "project" answer's rule to the settings file; everything else is `policy`'s. */
export function withProjectAlways(policy: Policy, options: ProjectAlwaysOptions): Policy {
  const authorize: Policy['authorize'] = async (request, ask) => {
    const auth = await policy.authorize(request, ask);
    if (!auth.allowed || auth.how !== 'project') return auth;
    const rules = policy.sessionGrantFor(request).map((rule) => claudeRuleText(rule, policy.tools));
    if (rules.length === 0) {
      options.notify('this call has no rule to keep for the project; it was allowed for this session only');
      return auth;
    }
    const problem = await addProjectAllowRules(options.file, options.workroot, rules);
    const untrusted = options.trusted()
      ? ''
      : '; it applies in sessions where this repository is trusted (harness --trust)';
    options.notify(
      problem ?? `always allowed for this project: ${rules.join(', ')} (saved in ${options.file}${untrusted})`,
    );
    return auth;
  };
  // The other members (the `mode` getter included) are the policy's own, through the prototype.
  return Object.assign(Object.create(policy) as Policy, { authorize });
}
