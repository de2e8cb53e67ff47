/**
 * One step of `buildHarness` kept out of build.ts: starting the agent over the session's tools,
 * policy and client, with its skills reloader and controls. build.ts calls it at start and again
 * for `resume` (in place: discovery, trust, tools, policy and the client stay), so the wiring
 * both share lives here once.
 */
import { dirname } from 'node:path';
import { createAgent } from '@coding-harness/agent';
import type { AgentOptions, SessionStore } from '@coding-harness/agent';
import type { ProviderRegistry, ToolSpec } from '@coding-harness/model';
import type { Policy } from '@coding-harness/approval';
import type { Sandbox } from '@coding-harness/tools';
import type { HarnessFlags } from './args.js';
import { createSessionControls } from './controls.js';
import { configDir } from './config.js';
import type { HarnessEnv } from './config.js';
import type { HarnessIo } from './harness-io.js';
import type { ModelSettings } from './model-settings.js';
import { createSkillReloader } from './reload.js';
import type { Rediscovery } from './reload.js';
import type { SettledSettings } from './build-settings.js';
import type { wirePlugins } from './build-plugins.js';
import type { McpRuntime } from './mcp/runtime.js';
import { mcpSlash } from './mcp/slash.js';
import { withWebGrants } from './web/settings-rules.js';
import type { SessionWebRules } from './web/settings-rules.js';
import { agentRows } from './agents/wiring.js';

type Plugins = ReturnType<typeof wirePlugins>;

/** What starting an agent needs from the rest of `buildHarness` (all built once per session). */
export interface AgentStartWiring
  extends Pick<
    Plugins,
    'registry' | 'hooks' | 'skillsPlugin' | 'skillTool' | 'agentsPlugin' | 'sessionAgents' | 'claudeHooks'
  > {
  flags: HarnessFlags;
  env: HarnessEnv;
  io: HarnessIo;
  workroot: string;
  providers: ProviderRegistry;
  model: string;
  fallbackModel: string | undefined;
  /** The model settings of the flags (`modelSettingsFor`). */
  settings: ModelSettings;
  policy: Policy;
  sandbox: Sandbox;
  sessionStore: SessionStore;
  sessionDir: string;
  secrets: string[];
  commandEnv: NodeJS.ProcessEnv;
  memory: SettledSettings['memory'];
  settingsNow: SettledSettings['settings'];
  webTools: readonly ToolSpec[];
  webRules: SessionWebRules;
  mcp: McpRuntime | undefined;
  cacheTtl: AgentOptions['cacheTtl'];
  listingBudget: { budget?: number };
  usage: { counts: Record<string, number> };
  rediscover: () => Promise<Rediscovery>;
}

/** Which session an agent starts on, what a resume keeps, and the skills pass it starts with. */
export interface AgentStart {
  resumeId?: string;
  keeps: { model: boolean; effort: boolean };
  skills: Rediscovery;
}

/**
 * The agent over this session's tools, policy and client, new or resuming `resumeId`, with its
 * skills reloader and controls. Called at start and again by `resume` (in place: discovery,
 * trust, tools, policy and the client stay).
 */
export function agentStarter(w: AgentStartWiring) {
  const { flags, env, io, workroot, providers, model, registry, policy, hooks, skillsPlugin, skillTool } = w;
  const { sessionDir, secrets, commandEnv, memory, settingsNow, sessionStore, sandbox, mcp } = w;
  const { tuning = {} } = io;
  const { cacheTtl, fallbackModel, listingBudget, usage, settings, rediscover, webRules } = w;
  const { agentsPlugin, sessionAgents, claudeHooks } = w;
  return async (start: AgentStart) => {
    const current = start.skills;
    const created = await createAgent({
      providers,
      model,
      registry,
      policy,
      hooks,
      skills: current.skills,
      ...(skillsPlugin ? { skillTool: skillsPlugin.tool.name } : {}),
      workroot,
      configDir: configDir(env, io.home),
      // --untrusted: the repository ships no standing instructions either (AGENTS.md / CLAUDE.md from configDir only).
      projectInstructions: !flags.untrusted,
      // Never written by a tool: the state dir (sessions; configDir is always protected) and every
      // discovered skill's folder (a rewritten skill would grant itself tools next session).
      protectedDirs: [dirname(sessionDir), ...current.discovery.skills.map((s) => s.dir)],
      // The credentials as the wiring read them from `env` (which need not be process.env): redacted from tool output.
      secrets,
      env: commandEnv,
      ...(io.files !== undefined ? { files: io.files } : {}),
      instructions: memory.files,
      ...(settingsNow.addDirs.length > 0 ? { writeRoots: settingsNow.addDirs } : {}),
      ...(flags.systemPrompt !== undefined ? { systemPrompt: flags.systemPrompt } : {}),
      ...(flags.appendSystemPrompt !== undefined ? { appendSystemPrompt: flags.appendSystemPrompt } : {}),
      sessionStore,
      sandbox,
      ...(start.resumeId !== undefined ? { resumeId: start.resumeId } : {}),
      ...(flags.sessionId !== undefined && start.resumeId === undefined ? { sessionId: flags.sessionId } : {}),
      serverTools: [...w.webTools, ...(mcp?.serverTools ?? [])],
      // A resume continues with the session's last /model and /effort, unless this run names its own.
      resumeKeeps: start.keeps,
      ...(flags.maxTurns !== undefined ? { maxTurns: flags.maxTurns } : {}),
      ...(tuning.contextWindow !== undefined ? { contextWindow: tuning.contextWindow } : {}),
      ...(tuning.compactionThreshold !== undefined ? { compactionThreshold: tuning.compactionThreshold } : {}),
      ...(tuning.clock ? { clock: tuning.clock } : {}),
      cacheTtl,
      ...(flags.refusalRetry ? { refusalRetry: true } : {}),
      ...(fallbackModel !== undefined ? { fallbackModel } : {}),
      skillListing: {
        ...(listingBudget.budget !== undefined ? { budgetChars: listingBudget.budget } : {}),
        usage: usage.counts,
      },
      ...settings,
    });
    const skillReloader = createSkillReloader({
      agent: created,
      initial: current,
      rediscover,
      ...(skillsPlugin ? { plugin: skillsPlugin } : {}),
      hasTool: skillTool.length > 0,
      skillsEnabled: flags.skills,
      protectedAtStart: current.discovery.skills.map((s) => s.dir),
    });
    const baseControls = createSessionControls({
      agent: created,
      policy,
      store: sessionStore,
      workroot,
      providers,
      sandbox,
      skillCount: () => skillReloader.skills().length,
    });
    const agentControls = {
      ...baseControls,
      rules: () => withWebGrants(baseControls.rules(), webRules),
      reloadSkills: () => skillReloader.reload(),
      ...(mcp ? { mcp: (args: string) => mcpSlash(mcp, args) } : {}),
      agents: () => ({
        kind: 'agents' as const,
        agents: agentRows(agentsPlugin.agents()),
        messages: sessionAgents.details,
      }),
      hooks: () => claudeHooks.claude.listing(),
    };
    return { created, agent: created, reloader: skillReloader, controls: agentControls };
  };
}
