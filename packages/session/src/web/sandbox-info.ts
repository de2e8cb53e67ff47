/**
 * The sandbox a session here would have, for `harness sandbox`: the flags' rules and the settings
 * files' web rules (the same merge as a session's, web/settings-rules.ts), the repository's files
 * counted only when it is already trusted (`--trust` or a recorded answer; nothing is asked).
 */
import { builtinRuleNames } from '@coding-harness/tools';
import type { Sandbox } from '@coding-harness/tools';
import type { HarnessFlags } from '../args.js';
import { resolveWorkroot, UsageError } from '../config.js';
import type { HarnessEnv } from '../config.js';
import { sessionSandbox } from '../sandbox-config.js';
import { sessionSettings } from '../settings/session-settings.js';
import { preTrusted } from '../settings/wiring.js';
import { repositoryKey, trustFile } from '../trust.js';
import { sessionWebRules } from './settings-rules.js';

/** The sandbox and its start-up lines, or the usage error a bad `-C` or domain rule is. */
export async function sandboxForInfo(
  flags: HarnessFlags,
  env: HarnessEnv,
  io: { home: string; cwd: string },
): Promise<{ sandbox: Sandbox; messages: string[] } | UsageError> {
  const workroot = resolveWorkroot(flags.directory, io.cwd);
  if (workroot instanceof UsageError) return workroot;
  const trusted = preTrusted(flags, trustFile(env, io.home), repositoryKey(workroot, io.home));
  const settings = await sessionSettings({
    flags,
    env,
    home: io.home,
    cwd: io.cwd,
    workroot,
    trusted,
    tools: builtinRuleNames([]),
  });
  const web = sessionWebRules(flags, settings.web);
  const merged = { ...flags, allowedTools: web.allowedTools, disallowedTools: web.disallowedTools };
  const built = sessionSandbox(merged, env, { home: io.home, workroot });
  return built instanceof UsageError ? built : { ...built, messages: [...web.notices, ...built.messages] };
}
