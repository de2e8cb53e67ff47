import { dirname } from 'node:path';
import { createSessionStore, defaultSessionDir } from '@coding-harness/agent';
import { createProviderRegistry } from '@coding-harness/model';
import { createAnthropicProvider, fetchForEnv } from '@coding-harness/model/anthropic';
import { namesDeniedByRule } from '@coding-harness/approval';
import type { Skill } from '@coding-harness/skills';
import { builtinRuleNames, ruleEntryOf } from '@coding-harness/tools';
import type { HarnessFlags } from './args.js';
import { configDir, DUMMY_API_KEY, resolveCredentials, resolveModel, resolveWorkroot, UsageError } from './config.js';
import type { HarnessEnv } from './config.js';
import { modelSettingsFor } from './model-settings.js';
import { listingBudgetFromEnv } from './listing-budget.js';
import { cacheTtlFromEnv, streamIdleFromEnv } from './env-settings.js';
import { readSkillUsage, skillUsageFile } from './skill-usage.js';
import { SKILL_RULES } from './skills/skill.js';
import type { Rediscovery } from './reload.js';
import { routeSlash } from './slash.js';
import { repositoryKey } from './trust.js';
import { sessionSandbox } from './sandbox-config.js';
import { sandboxSettings } from './settings/sandbox-settings.js';
import { rewindFor } from './rewind/wiring.js';
import { webWiring } from './web/wiring.js';
import { sessionWebRules, withWebGrants } from './web/settings-rules.js';
import { readMcpConfig, startMcp } from './mcp/session-mcp.js';
import { apiToolSearch } from './mcp/tool-search.js';
import { mcpExtras } from './mcp/extra-sources.js';
import { nestedMemoryPlugin } from './memory/nested.js';
import { AGENT_RULES } from './agents/agent-tool.js';
import { parseFlagAgents } from './agents/flag-agents.js';
import { flagRules } from './settings/wiring.js';
import { sessionPolicy, settleSettings, startSettings } from './build-settings.js';
import { wirePlugins } from './build-plugins.js';
import { rediscoverer, startingSession } from './build-start.js';
import { agentStarter } from './build-agent.js';

export type { HarnessIo, HarnessTuning } from './harness-io.js';
import type { HarnessIo } from './harness-io.js';

export type { Harness } from './harness.js';
import type { Harness } from './harness.js';

// Discovery as flags ask for it, and its lines for the user (discovery-wiring.ts).
export { discoverFor, discoveryMessages, discoverySummary } from './discovery-wiring.js';
import { discoverFor, discoveryMessages, discoverySummary } from './discovery-wiring.js';

/**
 * Wires flags -> skills -> tool registry -> policy -> agent: the one copy both front ends and
 * the evals use.
 * Reads the environment only from `env`. Throws UsageError (exit 2) before any work when `-C`
 * is not a directory, there are no credentials, an `--allowed-tools` / `--disallowed-tools` rule
 * names no tool of the session or does not parse, or `--resume ID` names no loadable session
 * (a script asking for one session must not silently get a new one); other failures are real errors.
 */
export async function buildHarness(flags: HarnessFlags, env: HarnessEnv, io: HarnessIo): Promise<Harness> {
  const workroot = resolveWorkroot(flags.directory, io.cwd);
  if (workroot instanceof UsageError) throw workroot;
  // The session's rule table (the built-in tools, the skill tool, the agent tool, the caller's), before
  // any tool set exists: a bad rule must fail before discovery and the trust question.
  const extraTools = io.tools ?? [];
  // MCP servers are read now (rules naming them must parse) and started once trust is known.
  const mcpConfig = await readMcpConfig(flags, io, workroot, env);
  const table = builtinRuleNames([
    SKILL_RULES,
    AGENT_RULES,
    ...extraTools.map((t) => ruleEntryOf(t)),
    ...mcpConfig.ruleEntries,
  ]);
  const rules = flagRules(flags, table);
  if (rules instanceof UsageError) throw rules;
  const flagAgents = flags.agentsJson !== undefined ? parseFlagAgents(flags.agentsJson) : undefined;
  if (flagAgents !== undefined && 'usage' in flagAgents) throw new UsageError(flagAgents.usage);
  const repository = repositoryKey(workroot, io.home);
  // Settings as the recorded trust allows; loaded again by settleSettings if the trust question trusts the repository now.
  const settingsWiring = { flags, env, io, workroot, repository, table };
  const started = await startSettings(settingsWiring);
  const { early } = started;
  const runEnv = early.env;
  const credentials = resolveCredentials(runEnv);
  if (credentials instanceof UsageError) throw credentials;
  const wanted = resolveModel(flags.model ?? (runEnv.ANTHROPIC_MODEL ? undefined : early.model), runEnv);
  // The light node:http fetch keeps undici (~20 ms, ~30 MB) out of a run, unless a proxy variable
  // is set: then the SDK's own fetch, which is where proxy support lives. Nothing is loaded or
  // connected here: the provider loads the SDK on its first request.
  const fetchImpl = io.fetch ?? fetchForEnv(runEnv);
  const idle = streamIdleFromEnv(env);
  const anthropic = createAnthropicProvider({
    ...credentials,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    ...(idle.ms !== undefined ? { streamIdleTimeoutMs: idle.ms } : {}),
  });
  const providers = createProviderRegistry([anthropic]);
  // A family alias (`--model sonnet`, `ANTHROPIC_MODEL=opus`, a settings file's `"model": "opus"`) is the newest model of that family.
  const model = providers.alias(wanted) ?? wanted;
  const settings = modelSettingsFor(flags, providers.resolve(model).descriptor);
  if (settings instanceof UsageError) throw settings;
  const fallbackModel =
    flags.fallbackModel !== undefined ? (providers.alias(flags.fallbackModel) ?? flags.fallbackModel) : undefined;
  if (fallbackModel !== undefined && fallbackModel === model)
    throw new UsageError(`--fallback-model ${flags.fallbackModel}: it is the session's model; name another one`);

  // Installed Claude Code plugins the settings enable (read before discovery, which loads them).
  // With --no-skills too: it turns skills off, not the plugins' agents and hooks.
  const enabledPlugins = started.enabledPlugins;
  const discovery = await discoverFor(flags, workroot, io.home, io.cwd, enabledPlugins);
  const startupMessages = [...discoverySummary(discovery), ...rules.notices];
  if (idle.notice !== undefined) startupMessages.push(idle.notice);
  const ttl = cacheTtlFromEnv(env);
  if (ttl.notice !== undefined) startupMessages.push(ttl.notice);
  const cacheTtl = ttl.ttl ?? (io.interactive ? '1h' : '5m');
  const settled = await settleSettings(settingsWiring, started, discovery);
  const { trust, memory } = settled;
  const settingsNow = settled.settings;
  startupMessages.push(...settled.messages);
  const noticeListeners: ((message: string) => void)[] = [];
  const tuning = io.tuning ?? {};
  const skillDirs = discovery.skills.map((s) => s.dir);
  // The web rules of the flags and of the settings files: the sandbox's domains and the API's web tools.
  const webRules = sessionWebRules(flags, settingsNow.web);
  startupMessages.push(...webRules.notices);
  const webFlags = { ...flags, allowedTools: webRules.allowedTools, disallowedTools: webRules.disallowedTools };
  // Commands (bash, `!command`, skill commands, hooks) run with the settings' `env` over the session's.
  const commandEnv = settingsNow.env as NodeJS.ProcessEnv;
  const sandboxed = sessionSandbox(webFlags, settingsNow.env, {
    home: io.home,
    workroot,
    skillDirs,
    envNames: Object.keys(settingsNow.loaded.settings.env),
    addDirs: settingsNow.addDirs,
    settings: sandboxSettings(settingsNow.loaded.settings.sandbox, { home: io.home, workroot }),
  });
  if (sandboxed instanceof UsageError) throw sandboxed;
  const { sandbox } = sandboxed;
  startupMessages.push(...sandboxed.messages);
  // "Always for this project" answers are also written to the project's settings.local.json.
  const policy = sessionPolicy({
    w: settingsWiring,
    settled,
    flagRules: rules,
    sandbox,
    notify: (message) => {
      for (const listener of noticeListeners) listener(message);
    },
  });
  // A skill a deny rule denies (`Skill(deploy)`) is never offered: not listed, not in the skill tool's enum, no /name.
  // No names list at all when no deny rule names the skill tool (the usual case).
  const deniedOf = (list: readonly Skill[]): Set<string> =>
    policy.hasDenyRulesFor(SKILL_RULES)
      ? namesDeniedByRule(
          policy,
          SKILL_RULES,
          list.map((s) => s.name),
        )
      : new Set<string>();
  const denied = deniedOf(trust.skills);
  const skills = denied.size === 0 ? trust.skills : trust.skills.filter((s) => !denied.has(s.name));
  const sessionDir = defaultSessionDir(env as NodeJS.ProcessEnv, io.home);
  // A malformed session file skipped by --continue is said on stderr (naming the file), not silently.
  const sessionStore = createSessionStore({ dir: sessionDir, onNotice: (notice) => startupMessages.push(notice) });
  const resumeId = await startingSession(flags, sessionStore, workroot, startupMessages);
  // The listing is computed once from these (it is in the cached prefix); counts are written per load.
  const listingBudget = listingBudgetFromEnv(env);
  if (listingBudget.notice !== undefined) startupMessages.push(listingBudget.notice);
  const usageFile = skillUsageFile(env, io.home);
  const usage = skills.length > 0 ? readSkillUsage(usageFile) : { counts: {} };
  if (usage.notice !== undefined) startupMessages.push(usage.notice);
  // A subfolder's CLAUDE.md joins the reading call's result the first time the model reads under it.
  const nested = flags.untrusted ? [] : [nestedMemoryPlugin({ home: io.home, workroot, repository })];
  const mcp = await startMcp({
    read: mcpConfig,
    flags,
    env,
    home: io.home,
    workroot,
    repository,
    trusted: trust.trusted,
    startupMessages,
    apiSearch: apiToolSearch(providers.resolve(model).descriptor, env, startupMessages),
    cwd: io.cwd,
    ...(io.askMcpServer ? { ask: io.askMcpServer } : {}),
    ...mcpExtras(flags, settingsNow.loaded.settings, discovery.plugins ?? [], trust.trusted && !flags.untrusted),
    canElicit: io.elicitation === true,
  });
  const web = webWiring(webFlags, providers.resolve(model).descriptor);
  startupMessages.push(...web.messages);
  // Last: a turn another plugin blocks gets no checkpoint.
  // -p runs one prompt and ends: nothing there can rewind, so it takes no checkpoints.
  const rewind = flags.print
    ? undefined
    : rewindFor({
        workroot,
        stateDir: dirname(sessionDir),
        protectedDirs: [dirname(sessionDir), configDir(env, io.home), ...discovery.skills.map((s) => s.dir)],
        ...(tuning.clock ? { clock: tuning.clock } : {}),
      });
  const secrets = [credentials.apiKey, credentials.authToken].filter(
    (v): v is string => v !== undefined && v !== DUMMY_API_KEY,
  );
  const { sessionAgents, agentsPlugin, skillsPlugin, skillTool, registry, claudeHooks, hooks, reloadAgents } =
    wirePlugins({
      flags,
      env: commandEnv,
      io,
      workroot,
      trusted: trust.trusted,
      settings: settingsNow.loaded.settings,
      discovery,
      skills,
      policy,
      sandbox,
      usageFile,
      secrets,
      sessionDir,
      startupMessages,
      moreHooks: nested,
      ...(flagAgents !== undefined ? { flagAgents } : {}),
      ...(mcp ? { mcp } : {}),
      moreRuleEntries: mcpConfig.ruleEntries,
      lastHooks: rewind ? [rewind.hooks] : [],
    });
  // The same trust decision and deny rules as above, applied to a new discovery pass.
  const rediscover = rediscoverer({
    flags,
    env,
    io,
    workroot,
    repository,
    trusted: trust.trusted,
    enabledPlugins,
    deniedOf,
    reloadAgents,
  });
  const startAgent = agentStarter({
    flags,
    env,
    io,
    workroot,
    providers,
    model,
    fallbackModel,
    settings,
    policy,
    sandbox,
    sessionStore,
    sessionDir,
    secrets,
    commandEnv,
    memory,
    settingsNow,
    webTools: web.tools,
    webRules,
    mcp,
    cacheTtl,
    listingBudget,
    usage,
    rediscover,
    registry,
    hooks,
    skillsPlugin,
    skillTool,
    agentsPlugin,
    sessionAgents,
    claudeHooks,
  });
  const initialPass: Rediscovery = { discovery, skills, messages: discoveryMessages(discovery) };
  let live = await startAgent({
    ...(resumeId !== undefined ? { resumeId } : {}),
    keeps: { model: flags.model === undefined, effort: flags.effort === undefined },
    skills: initialPass,
  }).catch(async (err: unknown) => {
    await mcp?.close();
    throw err;
  });
  const agent = live.agent;
  const createdAgent = live.created;
  if (claudeHooks.active) claudeHooks.claude.start(agent.sessionId, agent.resumed ? 'resume' : 'startup');
  mcp?.attach(agent);
  if (flags.resume !== undefined && !agent.resumed) {
    // Nothing of this session goes on: its servers end with it.
    await mcp?.close();
    const why =
      agent.notices.find((n) => n.startsWith('could not resume')) ?? `could not resume session ${flags.resume}`;
    throw new UsageError(
      `--resume ${flags.resume}: ${why.replace(/; started a new session$/, '')} (harness --continue picks the last session in this work root)`,
    );
  }
  startupMessages.push(...agent.notices);
  // The first snapshot of the files is taken while the user types, not on the first turn.
  rewind?.prime(agent.sessionId);
  if (settingsNow.mode === 'bypassPermissions')
    startupMessages.push(
      'permission mode bypassPermissions: every tool call runs without asking (deny rules still apply)',
    );
  let closed = false;
  return {
    get agent() {
      return live.agent;
    },
    get discovery() {
      return live.reloader.discovery();
    },
    policy,
    registry,
    ...(rewind ? { rewind } : {}),
    get skills() {
      return live.reloader.skills();
    },
    skillsEnabled: flags.skills,
    // The agent's: a resumed session may continue with the model it last switched to.
    model: createdAgent.model,
    providers,
    workroot,
    repository,
    trusted: trust.trusted,
    sandbox,
    secrets,
    commandEnv,
    home: io.home,
    startupMessages,
    route: (text) =>
      mcp?.ux.prompts.route(text) ?? routeSlash(text, live.reloader.skills(), { skillsEnabled: flags.skills }),
    grants: () => withWebGrants({ allowed: policy.list(), denied: policy.listDenied() }, webRules),
    get controls() {
      return live.controls;
    },
    reloadSkills: () => live.reloader.reload(),
    preconnect: () => anthropic.preconnect?.(),
    async resume(id) {
      if (closed) return 'the session is closed';
      if (live.agent.sessionId === id) return undefined;
      const next = await startAgent({
        resumeId: id,
        keeps: { model: true, effort: true },
        skills: { discovery: live.reloader.discovery(), skills: live.reloader.skills(), messages: [] },
      });
      if (!next.created.resumed) {
        await next.created.close();
        return next.created.notices.find((n) => n.startsWith('could not resume')) ?? `could not resume session ${id}`;
      }
      const before = live;
      live = next;
      mcp?.attach(next.created);
      // The resumed conversation was told what changed (its resume note); nothing pending is said again.
      skillsPlugin?.rebase();
      if (claudeHooks.active) claudeHooks.claude.start(id, 'resume');
      await before.created.close();
      return undefined;
    },
    resumeNotices: () => [...live.created.notices],
    settings: settingsNow.loaded,
    memory,
    onNotice: (listener) => void noticeListeners.push(listener),
    async close() {
      if (closed) return;
      closed = true;
      if (claudeHooks.active) await claudeHooks.claude.end(live.agent.sessionId, 'other');
      await live.created.close();
      await rewind?.close();
      await mcp?.close();
      await anthropic.close?.();
    },
    ...(mcp ? { mcp } : {}),
  };
}
