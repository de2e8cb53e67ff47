/**
 * The session's sandbox, built from flags and the settings files' `sandbox` key (settings/sandbox-settings.ts):
 * `--no-sandbox` switches it off; `WebFetch(domain:example.com)` rules in `--allowed-tools` /
 * `--disallowed-tools` are the allowed and denied network domains (Claude Code's rule form; they
 * also limit the API's web fetch tool, web/server-tools.ts, and never go to the policy). The
 * harness's own config and state folders are hidden from commands, and the discovered skill
 * folders are read-only inside the work root.
 */
import { dirname } from 'node:path';
import { defaultSessionDir } from '@coding-harness/agent';
import { badDomainEntries, createSandbox, sandboxOptions } from '@coding-harness/tools';
import type { Sandbox } from '@coding-harness/tools';
import type { HarnessFlags } from './args.js';
import { configDir, UsageError } from './config.js';
import type { HarnessEnv } from './config.js';
import { splitWebRules } from './web/server-tools.js';
import type { SandboxSettings } from './settings/sandbox-settings.js';

/** `WebFetch(domain:example.com)`, in any case, with any spacing. */
const DOMAIN_RULE = /^\s*webfetch\s*\(\s*domain\s*:\s*([^)\s]+)\s*\)\s*$/i;

/**
 * Rules split into the network domains they name and the rest (for the policy). The web rules
 * (`WebSearch`, `WebFetch`, `WebFetch(domain:...)`) never reach the policy: they switch the API's
 * server tools on (web/server-tools.ts).
 */
export function splitDomainRules(rules: readonly string[]): { rules: string[]; domains: string[] } {
  const out: string[] = [];
  const domains: string[] = [];
  for (const rule of rules) {
    const m = DOMAIN_RULE.exec(rule);
    if (m) domains.push(m[1] as string);
    else out.push(rule);
  }
  return { rules: splitWebRules(out).rest, domains };
}

/** What the wiring needs beyond flags and env. */
export interface SandboxWiring {
  home: string;
  workroot: string;
  /** Discovered skill folders: read-only for commands (the file tools refuse them too). */
  skillDirs?: readonly string[];
  /** Variables the settings files' `env` sets: sandboxed commands get them too (the allowlist is for what the harness inherited). */
  envNames?: readonly string[];
  /** `--add-dir` and `additionalDirectories`: writable for commands, as the work root is. */
  addDirs?: readonly string[];
  /** The settings files' `sandbox` key, merged (settings/sandbox-settings.ts); `--no-sandbox` beats its `enabled`. */
  settings?: SandboxSettings;
}

/** The sandbox and the start-up line about it (one, when it is wanted but cannot run here), or a usage error. */
export function sessionSandbox(
  flags: Pick<HarnessFlags, 'sandbox' | 'allowedTools' | 'disallowedTools'>,
  env: HarnessEnv,
  wiring: SandboxWiring,
): { sandbox: Sandbox; messages: string[] } | UsageError {
  const s = wiring.settings;
  const allowed = [...splitDomainRules(flags.allowedTools).domains, ...(s?.allowedDomains ?? [])];
  const denied = [...splitDomainRules(flags.disallowedTools).domains, ...(s?.deniedDomains ?? [])];
  const bad = badDomainEntries([...allowed, ...denied]);
  if (bad.length > 0)
    return new UsageError(
      `WebFetch(domain:${bad[0]}): not a host name; write a host such as example.com, *.example.com or example.com:8080`,
    );
  const stateDir = dirname(defaultSessionDir(env as NodeJS.ProcessEnv, wiring.home));
  const options = sandboxOptions({
    root: wiring.workroot,
    home: wiring.home,
    harnessDirs: [configDir(env, wiring.home), stateDir],
    enabled: flags.sandbox && s?.enabled !== false,
    allowedDomains: allowed,
    deniedDomains: denied,
    denyWrite: [...(wiring.skillDirs ?? []), ...(s?.denyWrite ?? [])],
    denyRead: s?.denyRead ?? [],
    envAllow: [...(wiring.envNames ?? [])],
    allowWrite: [...(wiring.addDirs ?? []), ...(s?.allowWrite ?? [])],
  });
  if (s?.autoAllowBashIfSandboxed !== undefined) options.autoAllowBashIfSandboxed = s.autoAllowBashIfSandboxed;
  if (s?.allowUnsandboxedCommands !== undefined) options.allowUnsandboxedCommands = s.allowUnsandboxedCommands;
  if (s !== undefined && s.excludedCommands.length > 0) options.excludedCommands = [...s.excludedCommands];
  const sandbox = createSandbox(options, { env: env as NodeJS.ProcessEnv });
  const status = sandbox.status();
  const messages = [
    ...(s?.problems ?? []),
    ...(status.state === 'unavailable'
      ? [`sandbox unavailable: ${status.why}; commands run unconfined and ask as before (--no-sandbox hides this line)`]
      : []),
  ];
  return { sandbox, messages };
}
