/**
 * The web rules of a session from both places they are written: `--allowed-tools` /
 * `--disallowed-tools` and the settings files' `permissions.allow` / `permissions.deny`
 * (Claude Code's `WebSearch`, `WebFetch`, `WebFetch(domain:example.com)`). Both go through the
 * same splitting (sandbox-config.ts's `splitDomainRules`): the domain rules are the sandbox's
 * network domains and limit the API's web fetch; all of them switch the server tools on or off.
 * An untrusted repository's allow rules never arrive here (the settings loader withholds them);
 * its deny rules do, and only take away. A settings file's rule naming a host that is not one is
 * a notice and left out (a file, unlike a flag, never stops the run).
 */
import type { Grant } from '@coding-harness/approval';
import { badDomainEntries } from '@coding-harness/tools';
import type { HarnessFlags } from '../args.js';
import { splitDomainRules } from '../sandbox-config.js';
import type { WebRuleEntries } from '../settings/session-settings.js';
import { splitWebRules } from './server-tools.js';

/** The session's web rules, merged, with each one's origin for `/allowed`. */
export interface SessionWebRules {
  /** Flags' rules then the files', as `--allowed-tools` / `--disallowed-tools` would hold them. */
  allowedTools: string[];
  disallowedTools: string[];
  /** The web rules as grants (`/allowed` and `/permissions` list them). */
  allowed: Grant[];
  denied: Grant[];
  notices: string[];
}

/** The web rules of the flags (all of their rules; the others are ignored) and of the settings files. */
export function sessionWebRules(
  flags: Pick<HarnessFlags, 'allowedTools' | 'disallowedTools'>,
  files: WebRuleEntries,
): SessionWebRules {
  const out: SessionWebRules = { allowedTools: [], disallowedTools: [], allowed: [], denied: [], notices: [] };
  const lists = [
    ['allow', flags.allowedTools, '--allowed-tools', files.allow, out.allowedTools, out.allowed],
    ['deny', flags.disallowedTools, '--disallowed-tools', files.deny, out.disallowedTools, out.denied],
  ] as const;
  for (const [list, flagRules, flag, entries, rules, grants] of lists) {
    for (const rule of splitWebRules(flagRules).web) {
      rules.push(rule);
      grants.push({ rule, scope: 'session', origin: flag });
    }
    for (const entry of entries) {
      const bad = badDomainEntries(splitDomainRules([entry.value]).domains);
      if (bad.length > 0) {
        out.notices.push(
          `${entry.file}: permissions.${list}: ${entry.value} was left out: ${bad[0]} is not a host name; write a host such as example.com or *.example.com`,
        );
        continue;
      }
      rules.push(entry.value);
      grants.push({ rule: entry.value, scope: 'session', origin: entry.file });
    }
  }
  return out;
}

/** `rules` with the web rules' grants after the policy's own (what `/allowed` shows). */
export function withWebGrants<T extends { allowed: readonly Grant[]; denied: readonly Grant[] }>(
  rules: T,
  web: Pick<SessionWebRules, 'allowed' | 'denied'>,
): T {
  if (web.allowed.length === 0 && web.denied.length === 0) return rules;
  return { ...rules, allowed: [...rules.allowed, ...web.allowed], denied: [...rules.denied, ...web.denied] };
}
