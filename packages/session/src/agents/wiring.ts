/**
 * What `buildHarness` asks of the agents code, in two steps: before discovery, which installed
 * plugins settings enable (`enabledPluginsFor`); after the trust decision, the session's agents
 * and the plugin that runs them (`agentsForSession`), with the lines start-up prints about them.
 */
import type { AgentSummary } from '@coding-harness/protocol';
import { resolve } from 'node:path';
import type { DiscoverResult } from '@coding-harness/skills';
import type { HarnessFlags } from '../args.js';
import type { HarnessEnv } from '../config.js';
import { repositoryKey, trustDecision, trustFile } from '../trust.js';
import type { AgentDefinition } from './agent-file.js';
import { createAgentsPlugin } from './agents-plugin.js';
import type { AgentsPlugin } from './agents-plugin.js';
import { discoverAgents } from './discover-agents.js';
import type { AgentRun } from './run-agent.js';
import { enabledPluginsOf } from './enabled-plugins.js';
import type { EnabledPlugins } from './enabled-plugins.js';
import { loadSettings } from '../settings/load.js';

/**
 * `enabledPlugins` as it stands before discovery, for a caller with no session (`harness skills`):
 * the settings loaded as a session would load them before its trust question. A repository's
 * `true` entries count when it is trusted already (recorded, or `--trust`); a session takes
 * `enabledPluginsOf` of the settings it loaded itself.
 */
export async function enabledPluginsFor(
  flags: Pick<HarnessFlags, 'trust' | 'untrusted' | 'settings' | 'settingSources'>,
  env: HarnessEnv,
  home: string,
  workroot: string,
  cwd: string = workroot,
): Promise<EnabledPlugins> {
  const trusted =
    !flags.untrusted &&
    (flags.trust || trustDecision(trustFile(env, home), repositoryKey(workroot, home)).decision === 'trusted');
  const settingsFlag =
    flags.settings === undefined || flags.settings.trimStart().startsWith('{')
      ? flags.settings
      : resolve(cwd, flags.settings);
  const loaded = await loadSettings({
    home,
    workroot,
    env,
    trusted,
    ...(flags.settingSources !== undefined ? { only: flags.settingSources } : {}),
    ...(settingsFlag !== undefined ? { settingsFlag } : {}),
  });
  return enabledPluginsOf(loaded);
}

export interface SessionAgents {
  plugin: AgentsPlugin;
  /** Lines for stderr at start-up (a summary: `harness agents`-style details are in `/agents`). */
  messages: string[];
  /** Every problem and note, one line each (for `/agents`). */
  details: string[];
}

export interface AgentsInput {
  flags: Pick<HarnessFlags, 'untrusted'>;
  home: string;
  workroot: string;
  trusted: boolean;
  discovery: DiscoverResult;
  skillToolName?: string;
  /** The names a deny rule denies (`Agent(reviewer)`): never offered, as a denied skill is not. */
  denied?: (names: readonly string[]) => ReadonlySet<string>;
  /** The session's mode and skills, for the agents' `permissionMode` and `skills:`. */
  run?: Pick<AgentRun, 'sessionMode' | 'skills' | 'threadHooks'>;
  /** `--agents`' agents, parsed. */
  flagAgents?: readonly AgentDefinition[];
}

/** The agents the files give now, less those a deny rule names, with the lines about them (start-up and `/reload-skills`). */
export function findSessionAgents(input: AgentsInput): Omit<SessionAgents, 'plugin'> & { agents: AgentDefinition[] } {
  const found = discoverAgents({
    home: input.home,
    workroot: input.workroot,
    projectRoots: !input.flags.untrusted,
    projectTrusted: input.trusted,
    ...(input.discovery.plugins !== undefined ? { plugins: input.discovery.plugins } : {}),
    ...(input.flagAgents !== undefined ? { flagAgents: input.flagAgents } : {}),
  });
  const messages: string[] = [];
  if (found.untrusted.length > 0)
    messages.push(
      `${found.untrusted.length} agent file${found.untrusted.length === 1 ? '' : 's'} of this repository not loaded (it is not trusted); rerun with --trust to trust it`,
    );
  const details = [
    ...found.problems.map((p) => `agent skipped: ${p.path}: ${p.message}`),
    ...found.notes.map((n) => `agent note: ${n.path}: ${n.message}`),
  ];
  if (found.problems.length > 0)
    messages.push(`${found.problems.length} agent${found.problems.length === 1 ? '' : 's'} skipped; /agents lists why`);
  const denied = input.denied?.(found.agents.map((a) => a.name)) ?? new Set<string>();
  const agents = denied.size === 0 ? found.agents : found.agents.filter((a) => !denied.has(a.name));
  return { agents, messages, details };
}

/** The session's agents (built-in, personal, plugins', and the repository's when trusted) and their plugin. */
export function agentsForSession(input: AgentsInput): SessionAgents {
  const { agents, messages, details } = findSessionAgents(input);
  const plugin = createAgentsPlugin({
    agents,
    workroot: input.workroot,
    ...(input.skillToolName !== undefined ? { skillToolName: input.skillToolName } : {}),
    ...(input.run !== undefined ? { run: input.run } : {}),
  });
  return { plugin, messages, details };
}

/** The rows `/agents` shows. */
export function agentRows(agents: readonly AgentDefinition[]): AgentSummary[] {
  return agents.map((a) => ({
    name: a.name,
    source: a.source,
    description: a.description,
    ...(a.file !== undefined ? { file: a.file } : {}),
    ...(a.tools !== undefined ? { tools: a.tools } : {}),
    ...(a.model !== undefined ? { model: a.model } : {}),
  }));
}
