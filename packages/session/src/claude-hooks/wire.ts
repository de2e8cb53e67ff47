/**
 * The session's Claude Code hooks from what the session knows at start: the settings loader's
 * `hooks` (the repository's run only once it is trusted), the skills' `hooks:`, the plugins'
 * `hooks/hooks.json`. Every hook runs with the session's environment less its credentials
 * (`childEnv`), outside the OS sandbox, in the work root.
 */
import { join } from 'node:path';
import type { Skill } from '@coding-harness/skills';
import { childEnv } from '@coding-harness/tools';
import type { Hooks } from '@coding-harness/agent';
import { agentThreadHooks } from './agent-hooks.js';
import type { AgentHooksOwner } from './agent-hooks.js';
import { parseHookSources } from './parse-config.js';
import { createClaudeHooks } from './plugin.js';
import type { ClaudeHooks } from './plugin.js';
import type { MergedSettings } from '../settings/types.js';
import { settingsHookSources } from './settings-sources.js';
import type { PluginRoot } from './sources.js';
import { pluginHookSources, pluginRootsOf, skillHookSources } from './sources.js';
import type { HookSource } from './types.js';

export interface SessionHooksInput {
  workroot: string;
  /** The repository's trust decision: its settings' hooks, its skills' and its plugins' run only when true. */
  trusted: boolean;
  skills: readonly Skill[];
  /** More plugin folders than the skills name (installed plugins, when something loads them). */
  plugins?: readonly PluginRoot[];
  env: Partial<Record<string, string | undefined>>;
  /** Credential values to keep out of the hooks' environment (a key given other than by variable). */
  secrets: readonly string[];
  sessionDir: string;
  permissionMode(): string;
  /** The merged settings (settings/load.ts): their `hooks` run, their `withheldHooks` are listed. */
  settings: Pick<MergedSettings, 'hooks' | 'withheldHooks'>;
  /** Further sources given directly, before the settings' (tests, a caller's own). */
  sources?: readonly HookSource[];
}

export interface SessionHooks {
  claude: ClaudeHooks;
  /** True when some hook may run (the plugin is left out of the loop otherwise). */
  active: boolean;
  /** Start-up lines: files that did not parse, entries skipped, a repository's hooks not run. */
  messages: string[];
  /** A custom agent's own `hooks:` as a plugin for its thread (agent-hooks.ts). */
  forAgent(agent: AgentHooksOwner): { hooks?: Hooks; problems: string[] };
}

export function sessionClaudeHooks(input: SessionHooksInput): SessionHooks {
  // One source per plugin folder: a plugin's skills name its folder, and so may discovery's plugin list.
  const roots = new Map<string, PluginRoot>();
  for (const p of [...pluginRootsOf(input.skills, input.trusted), ...(input.plugins ?? [])])
    if (!roots.has(p.root)) roots.set(p.root, p);
  const plugins = pluginHookSources([...roots.values()]);
  const config = parseHookSources([
    ...(input.sources ?? []),
    ...settingsHookSources(input.settings),
    ...skillHookSources(input.skills, input.trusted),
    ...plugins.sources,
  ]);
  const problems = [...plugins.problems, ...config.problems];
  const deps = {
    workroot: input.workroot,
    env: childEnv(input.env as NodeJS.ProcessEnv, input.secrets),
    transcriptPath: (id: string) => join(input.sessionDir, `${id}.jsonl`),
    permissionMode: input.permissionMode,
  };
  const claude = createClaudeHooks({ ...deps, config: { hooks: config.hooks, problems } });
  const forAgent = (agent: AgentHooksOwner) => agentThreadHooks(agent, { ...deps, repositoryTrusted: input.trusted });
  const untrusted = config.hooks.filter((h) => !h.trusted).length;
  const messages = problems.map((p) => `hooks: ${p}`);
  if (untrusted > 0)
    messages.push(
      `hooks: ${untrusted} hook${untrusted === 1 ? '' : 's'} of this repository not run: it is not trusted (--trust trusts it; /hooks lists them)`,
    );
  return { claude, active: config.hooks.some((h) => h.trusted), messages, forAgent };
}
