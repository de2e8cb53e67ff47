/**
 * The session's plugins on the loop's hooks and the tool set they bring, wired once per session:
 * the skills runtime, custom agents and the agent tool, Claude Code's hooks, the session's own
 * (nested memory files), the caller's, then the MCP servers' gateway. Split from build.ts, which
 * wires everything else; the order of `hooks` is the order they run.
 */
import type { Hooks } from '@coding-harness/agent';
import { namesDeniedByRule } from '@coding-harness/approval';
import type { Policy } from '@coding-harness/approval';
import type { DiscoverResult, Skill } from '@coding-harness/skills';
import { createToolRegistry } from '@coding-harness/tools';
import type { Sandbox, Tool, ToolRegistry, ToolRuleEntry } from '@coding-harness/tools';
import type { HarnessFlags } from './args.js';
import type { HarnessEnv } from './config.js';
import { AGENT_RULES } from './agents/agent-tool.js';
import { agentsForSession, findSessionAgents } from './agents/wiring.js';
import type { AgentsInput } from './agents/wiring.js';
import type { FlagAgents } from './agents/flag-agents.js';
import { sessionClaudeHooks } from './claude-hooks/wire.js';
import { createSkillsPlugin } from './skills/plugin.js';
import type { SkillsPlugin } from './skills/plugin.js';
import { SKILL_RULES } from './skills/skill.js';
import type { MergedSettings } from './settings/types.js';

/** What the wiring decided before the plugins: the session's parts they are built over. */
export interface PluginWiringInput {
  flags: HarnessFlags;
  env: HarnessEnv;
  /** The front end's part (HarnessIo's fields the plugins read). */
  io: {
    home: string;
    tools?: readonly Tool<unknown>[];
    hooks?: readonly Hooks[];
    tuning?: { rgPath?: string | null };
  };
  workroot: string;
  /** The repository's trust decision. */
  trusted: boolean;
  /** The merged settings (their hooks; the repository's already withheld unless trusted). */
  settings: MergedSettings;
  discovery: DiscoverResult;
  /** The skills the session offers (after trust and deny rules). */
  skills: readonly Skill[];
  policy: Policy;
  sandbox: Sandbox;
  usageFile: string;
  secrets: string[];
  sessionDir: string;
  /** Start-up lines; the plugins append theirs. */
  startupMessages: string[];
  /** The session's own further hooks (nested memory files), run after Claude Code's and before the caller's. */
  moreHooks?: readonly Hooks[];
  /** The session's MCP servers: their tools join the set, their gateway wraps it, their hook runs last. */
  mcp?: {
    tools: readonly Tool<unknown>[];
    wrap(registry: ToolRegistry): ToolRegistry;
    hooks: Hooks;
  };
  /** Rule names of tools that may arrive later (MCP servers' tools). */
  moreRuleEntries?: readonly ToolRuleEntry[];
  /** `--agents`: the session's own agents, parsed, with their lines. */
  flagAgents?: FlagAgents;
  /** Hooks that run after every other (rewind's checkpoints: a turn another plugin blocks gets none). */
  lastHooks?: readonly Hooks[];
}

/** The plugins, the tool set (built once) and the hooks in the order they run. */
export function wirePlugins(w: PluginWiringInput) {
  const rg = w.io.tuning?.rgPath !== undefined ? { rgPath: w.io.tuning.rgPath } : {};
  const extraTools: readonly Tool<unknown>[] = w.io.tools ?? [];
  // Custom agents (the repository's only when trusted) and the agent tool that runs them.
  const agentsInput: AgentsInput = {
    flags: w.flags,
    home: w.io.home,
    workroot: w.workroot,
    trusted: w.trusted,
    discovery: w.discovery,
    skillToolName: SKILL_RULES.name,
    denied: (names) => namesDeniedByRule(w.policy, AGENT_RULES, names),
    ...(w.flagAgents !== undefined ? { flagAgents: w.flagAgents.agents } : {}),
    // Read at each run: the mode may change mid-session, and /reload-skills swaps the skills.
    run: {
      sessionMode: () => w.policy.mode,
      skills: () => skillsPlugin?.skills() ?? w.skills,
      threadHooks: (agent) => claudeHooks.forAgent(agent),
    },
  };
  const sessionAgents = agentsForSession(agentsInput);
  w.startupMessages.push(...(w.flagAgents?.messages ?? []));
  w.startupMessages.push(...sessionAgents.messages);
  const agentsPlugin = sessionAgents.plugin;
  // The skills runtime, one for the whole session (a reload swaps its skills), and the tool set,
  // built once: the built-in tools, the skill tool when the session starts with skills, the caller's.
  const skillsPlugin: SkillsPlugin | undefined = w.flags.skills
    ? createSkillsPlugin({
        agents: agentsPlugin.runner,
        skills: w.skills,
        discovery: w.discovery,
        autoSkills: w.flags.autoSkills,
        usageFile: w.usageFile,
        sandbox: w.sandbox,
        // A repository skill's dynamic context (`!`cmd``) runs only once the repository is trusted.
        projectTrusted: () => w.trusted,
      })
    : undefined;
  const skillTool = skillsPlugin !== undefined && w.skills.length > 0 ? [skillsPlugin.tool] : [];
  const ownTools = createToolRegistry({
    ...rg,
    tools: [...skillTool, agentsPlugin.tool, ...extraTools, ...(w.mcp?.tools ?? [])],
    ruleEntries: [SKILL_RULES, AGENT_RULES, ...(w.moreRuleEntries ?? [])],
  });
  const registry = w.mcp ? w.mcp.wrap(ownTools) : ownTools;
  // Claude Code's hooks (settings files, skills' hooks:, plugins' hooks.json), after the skills plugin.
  const claudeHooks = sessionClaudeHooks({
    workroot: w.workroot,
    // --untrusted: the repository's hooks never run this time, whatever was decided before.
    trusted: w.trusted && !w.flags.untrusted,
    skills: w.skills,
    // Installed plugins (and plugin folders) discovery loaded, also those that ship no skills.
    plugins: (w.discovery.plugins ?? []).map((p) => ({
      name: p.name,
      root: p.dir,
      trusted: p.source !== 'project' || w.trusted,
    })),
    settings: w.settings,
    env: w.env,
    secrets: w.secrets,
    sessionDir: w.sessionDir,
    permissionMode: () => w.policy.mode,
  });
  w.startupMessages.push(...claudeHooks.messages);
  const hooks: Hooks[] = [
    ...(skillsPlugin ? [skillsPlugin.hooks] : []),
    agentsPlugin.hooks,
    ...(claudeHooks.active ? [claudeHooks.claude.hooks] : []),
    ...(w.moreHooks ?? []),
    ...(w.io.hooks ?? []),
    ...(w.mcp ? [w.mcp.hooks] : []),
    ...(w.lastHooks ?? []),
  ];
  /** `/reload-skills`: the agent files read again over the new discovery; lines for what changed. */
  const reloadAgents = (discovery: DiscoverResult): string[] => {
    const again = findSessionAgents({ ...agentsInput, discovery });
    const before = new Set(agentsPlugin.agents().map((a) => a.name));
    const after = new Set(again.agents.map((a) => a.name));
    agentsPlugin.replace(again.agents);
    const added = [...after].filter((n) => !before.has(n)).sort();
    const removed = [...before].filter((n) => !after.has(n)).sort();
    return [
      ...(added.length > 0 ? [`agents added: ${added.join(', ')}`] : []),
      ...(removed.length > 0 ? [`agents removed: ${removed.join(', ')}`] : []),
      ...again.messages,
    ];
  };
  return { sessionAgents, agentsPlugin, skillsPlugin, skillTool, registry, claudeHooks, hooks, reloadAgents };
}
