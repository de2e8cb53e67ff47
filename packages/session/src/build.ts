import { dirname, resolve } from 'node:path';
import { createAgent, createSessionStore, defaultSessionDir } from '@coding-harness/agent';
import type { Agent } from '@coding-harness/agent';
import { createProviderRegistry } from '@coding-harness/model';
import type { ProviderRegistry } from '@coding-harness/model';
import { createAnthropicProvider, fetchForEnv } from '@coding-harness/model/anthropic';
import { checkPolicyOptions, createPolicy, namesDeniedByRule } from '@coding-harness/approval';
import type { Grant, Policy } from '@coding-harness/approval';
import { discover } from '@coding-harness/skills';
import type { DiscoverResult, Skill } from '@coding-harness/skills';
import type { Hooks } from '@coding-harness/agent';
import { builtinRuleNames, createToolRegistry, loadIgnoreMatcher, ruleEntryOf } from '@coding-harness/tools';
import type { TextFileIo, Tool, ToolRegistry, ToolRuleEntry } from '@coding-harness/tools';
import type { HarnessFlags } from './args.js';
import { createSessionControls } from './controls.js';
import type { SessionControls } from './controls.js';
import { configDir, DUMMY_API_KEY, resolveCredentials, resolveModel, resolveWorkroot, UsageError } from './config.js';
import type { HarnessEnv } from './config.js';
import { modelSettingsFor } from './model-settings.js';
import { applyProjectTrust } from './project-trust.js';
import type { AskTrustFn } from './project-trust.js';
import { listingBudgetFromEnv } from './listing-budget.js';
import { skillRuleNotes } from './skill-rule-notes.js';
import { readSkillUsage, skillUsageFile } from './skill-usage.js';
import { createSkillsPlugin } from './skills/plugin.js';
import type { SkillsPlugin } from './skills/plugin.js';
import { SKILL_RULES } from './skills/skill.js';
import { createSkillReloader } from './reload.js';
import type { Rediscovery, SkillsReload } from './reload.js';
import { routeSlash, shadowedSkillNotes } from './slash.js';
import type { SlashRoute } from './slash.js';
import { repositoryKey, trustFile } from './trust.js';
import { sessionSandbox, splitDomainRules } from './sandbox-config.js';
import { rewindFor } from './rewind/wiring.js';
import { webWiring } from './web/wiring.js';
import type { RewindPlugin } from './rewind/plugin.js';
import type { Sandbox } from '@coding-harness/tools';

/**
 * Agent settings that are not flags: the evals make compaction reachable in a short task and fix
 * the clock so the system prompt's date line never changes between runs. Users never set these.
 */
export interface HarnessTuning {
  contextWindow?: number;
  compactionThreshold?: number;
  clock?: () => Date;
  /** grep's engine: a path to rg, null never to use rg (byte-identical runs), undefined to look on PATH. */
  rgPath?: string | null;
}

/** What a front end supplies besides flags and env. */
export interface HarnessIo {
  home: string;
  cwd: string;
  /** Replaces the Anthropic provider's default node:http fetch (tests, the evals' mock server). */
  fetch?: typeof fetch;
  tuning?: HarnessTuning;
  /**
   * Asked once when the repository has no trust decision and a project skill has `allowed-tools`
   * (the REPL and the TUI); without it (`-p`) those grants are absent and a start-up message names `--trust`.
   */
  askTrust?: AskTrustFn;
  /**
   * Text-file I/O for read_file, write_file and edit_file through the front end (an editor's
   * buffers over ACP), behind the same jail, protected paths and approval; absent: the disk.
   */
  files?: TextFileIo;
  /**
   * More tools for the session (a library user's, an MCP server's: any `Tool` of
   * `@coding-harness/tools`), after the built-in ones and the skill tool. Rules and a skill's
   * `allowed-tools` name them like the built-in ones.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each tool has its own input type
  tools?: readonly Tool<any>[];
  /** More plugins on the loop's hooks (settings hooks, a library user's), after the skills plugin, in order. */
  hooks?: readonly Hooks[];
}

/** A wired session: everything a front end needs to run turns and answer slash commands. */
export interface Harness {
  /** The current agent (`resume` replaces it). */
  readonly agent: Agent;
  /** Empty (and never computed) with `--no-skills`. The latest pass: `reloadSkills` replaces it. */
  readonly discovery: DiscoverResult;
  policy: Policy;
  /** The session's tools, built once (a reload or a resume keeps them), e.g. for summarising replayed tool calls. */
  readonly registry: ToolRegistry;
  /** The skills the session offers now (after the trust decision and deny rules); `reloadSkills` replaces them. */
  readonly skills: readonly Skill[];
  /** False with `--no-skills`. */
  skillsEnabled: boolean;
  model: string;
  /** The model providers of the session (today the Anthropic provider): `/model` lists and describes through it. */
  providers: ProviderRegistry;
  workroot: string;
  /** The repository the trust decision is about (git top-level, else the work root). */
  repository: string;
  /** True when this repository's project skills may apply their `allowed-tools` (recorded trust or `--trust`). */
  trusted: boolean;
  /** Lines for stderr before the first prompt: one discovery summary (`2 skills skipped; run harness skills for details`), agent notices. */
  startupMessages: string[];
  /** The session's OS sandbox (on, off with `--no-sandbox`, or unavailable here), for `/sandbox`. */
  sandbox: Sandbox;
  /** `routeSlash` bound to this session's skills and `--no-skills`. */
  route(text: string): SlashRoute;
  /** Standing grants and deny rules of the policy, as `/allowed` shows them (a SlashContext's `grants`). */
  grants(): { allowed: readonly Grant[]; denied: readonly Grant[] };
  /** Model, effort, mode, rules, status, compaction and the session list, for the slash commands (a SlashContext's `session`). */
  readonly controls: SessionControls;
  /**
   * Discovers the skills again (`/reload-skills`), between turns: the agent loads the new set
   * from the next turn and the model is told what was added, removed or re-described, while the
   * system prompt and tool list keep their bytes. Returns what changed.
   */
  reloadSkills(): Promise<SkillsReload>;
  /**
   * Opens the connection to the API now, for the first request to take (the provider's
   * `preconnect`), when the session uses the light fetch; otherwise does nothing. For a front end that
   * waits for the first prompt: called once the prompt is on screen, the TCP and TLS handshakes
   * and Node's CA store (~20-30 ms of CPU) happen while the user types, not after Enter. `-p`
   * does not call it (its request follows at once, so there is nothing to overlap).
   */
  preconnect(): void;
  /**
   * Continues the stored session `id` in place: discovery, trust, tools, policy and the client
   * stay; the conversation, its model and effort are the stored session's. Between turns. An
   * error text when it cannot be loaded (nothing changes then), else undefined.
   */
  resume(id: string): Promise<string | undefined>;
  /** What the current agent noticed when it was made (after `resume`: the resumed session's notes). */
  resumeNotices(): string[];
  /** Ends everything the session started: a running turn is aborted, the session file closed, connections ended. */
  close(): Promise<void>;
  /** Checkpoints of the files before each turn, and `/rewind` (rewind/plugin.ts). */
  readonly rewind?: RewindPlugin;
}

const EMPTY: DiscoverResult = { skills: [], problems: [], notes: [] };

/** Discovery as flags ask for it: nothing with `--no-skills`; `--skills` resolved against `cwd`. */
export async function discoverFor(
  flags: HarnessFlags,
  workroot: string,
  home: string,
  cwd: string,
): Promise<DiscoverResult> {
  if (!flags.skills) return EMPTY;
  const found = await discover({
    home,
    workroot,
    explicit: flags.skillDirs.map((d) => resolve(cwd, d)),
    trustProject: !flags.untrusted,
    // Linear-time .gitignore matching for the nested walk (re2js, loaded only when a .gitignore is found).
    loadIgnoreMatcher,
  });
  const more = [...skillRuleNotes(found, builtinRuleNames([SKILL_RULES])), ...shadowedSkillNotes(found.skills)];
  return more.length === 0 ? found : { ...found, notes: [...found.notes, ...more] };
}

/**
 * What start-up prints about discovery: one line at most, counting the skipped skills and the
 * notes, pointing at `harness skills` for the details (one notice per file filled the screen).
 */
export function discoverySummary(discovery: DiscoverResult): string[] {
  const skipped = discovery.problems.length;
  const notes = discovery.notes.length;
  if (skipped === 0 && notes === 0) return [];
  const parts = [
    ...(skipped > 0 ? [`${skipped} skill${skipped === 1 ? '' : 's'} skipped`] : []),
    ...(notes > 0 ? [`${notes} skill note${notes === 1 ? '' : 's'}`] : []),
  ];
  return [`${parts.join(', ')}; run harness skills for details`];
}

/** One line per skipped skill and per note (`harness skills` and `/reload-skills` show them; never fatal). */
export function discoveryMessages(discovery: DiscoverResult): string[] {
  return [
    ...discovery.problems.map((p) => `skill skipped: ${p.path}: ${p.message}`),
    ...discovery.notes.map((n) => `skill note: ${n.path}: ${n.message}`),
  ];
}

/** A UsageError naming the flag and the first rule the policy would refuse, or undefined. */
function badRuleFlag(flags: HarnessFlags, table: readonly ToolRuleEntry[]): UsageError | undefined {
  const sets: [string, readonly string[]][] = [
    ['--allowed-tools', splitDomainRules(flags.allowedTools).rules],
    ['--disallowed-tools', splitDomainRules(flags.disallowedTools).rules],
  ];
  for (const [flag, rules] of sets) {
    const problems = checkPolicyOptions({ allow: [...rules], tools: table });
    if (problems.length > 0) return new UsageError(`${flag}: ${problems[0]}`);
  }
  return undefined;
}

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
  const credentials = resolveCredentials(env);
  if (credentials instanceof UsageError) throw credentials;
  const wanted = resolveModel(flags.model, env);
  // The light node:http fetch keeps undici (~20 ms, ~30 MB) out of a run, unless a proxy variable
  // is set: then the SDK's own fetch, which is where proxy support lives. Nothing is loaded or
  // connected here: the provider loads the SDK on its first request.
  const fetchImpl = io.fetch ?? fetchForEnv(env);
  const anthropic = createAnthropicProvider({ ...credentials, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  const providers = createProviderRegistry([anthropic]);
  // A family alias (`--model sonnet`, `ANTHROPIC_MODEL=opus`) is the newest model of that family.
  const model = providers.alias(wanted) ?? wanted;
  const settings = modelSettingsFor(flags, providers.resolve(model).descriptor);
  if (settings instanceof UsageError) throw settings;
  // The session's rule table (the built-in tools, the skill tool, the caller's), before any tool
  // set exists: a bad rule must fail before discovery and the trust question.
  const extraTools = io.tools ?? [];
  const table = builtinRuleNames([SKILL_RULES, ...extraTools.map((t) => ruleEntryOf(t))]);
  const ruleProblem = badRuleFlag(flags, table);
  if (ruleProblem) throw ruleProblem;

  const discovery = await discoverFor(flags, workroot, io.home, io.cwd);
  const startupMessages = discoverySummary(discovery);
  const repository = repositoryKey(workroot, io.home);
  const trust = await applyProjectTrust({
    skills: discovery.skills,
    repo: repository,
    file: trustFile(env, io.home),
    trustFlag: flags.trust,
    ...(io.askTrust ? { ask: io.askTrust } : {}),
  });
  startupMessages.push(...trust.messages);
  const tuning = io.tuning ?? {};
  const rg = tuning.rgPath !== undefined ? { rgPath: tuning.rgPath } : {};
  const skillDirs = discovery.skills.map((s) => s.dir);
  const sandboxed = sessionSandbox(flags, env, { home: io.home, workroot, skillDirs });
  if (sandboxed instanceof UsageError) throw sandboxed;
  const { sandbox } = sandboxed;
  startupMessages.push(...sandboxed.messages);
  const policy = createPolicy({
    tools: table,
    mode: flags.permissionMode,
    allow: splitDomainRules(flags.allowedTools).rules,
    deny: splitDomainRules(flags.disallowedTools).rules,
    origin: { allow: '--allowed-tools', deny: '--disallowed-tools' },
    root: workroot,
    autoAllowSandboxed: sandbox.options.autoAllowBashIfSandboxed,
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
  let resumeId = flags.resume;
  if (flags.continue) {
    const latest = await sessionStore.latest(workroot);
    if (latest) resumeId = latest.id;
    else startupMessages.push('no earlier session in this work root; starting a new one');
  }
  // The listing is computed once from these (it is in the cached prefix); counts are written per load.
  const listingBudget = listingBudgetFromEnv(env);
  if (listingBudget.notice !== undefined) startupMessages.push(listingBudget.notice);
  const usageFile = skillUsageFile(env, io.home);
  const usage = skills.length > 0 ? readSkillUsage(usageFile) : { counts: {} };
  if (usage.notice !== undefined) startupMessages.push(usage.notice);
  // The skills runtime, one for the whole session (a reload swaps its skills), and the tool set,
  // built once: the built-in tools, the skill tool when the session starts with skills, the caller's.
  const skillsPlugin: SkillsPlugin | undefined = flags.skills
    ? createSkillsPlugin({
        skills,
        discovery,
        autoSkills: flags.autoSkills,
        usageFile,
        sandbox,
        // A repository skill's dynamic context (`!`cmd``) runs only once the repository is trusted.
        projectTrusted: () => trust.trusted,
      })
    : undefined;
  const skillTool = skillsPlugin !== undefined && skills.length > 0 ? [skillsPlugin.tool] : [];
  const registry = createToolRegistry({ ...rg, tools: [...skillTool, ...extraTools], ruleEntries: [SKILL_RULES] });
  const web = webWiring(flags, providers.resolve(model).descriptor);
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
  const hooks = [...(skillsPlugin ? [skillsPlugin.hooks] : []), ...(io.hooks ?? []), ...(rewind ? [rewind.hooks] : [])];
  const secrets = [credentials.apiKey, credentials.authToken].filter(
    (v): v is string => v !== undefined && v !== DUMMY_API_KEY,
  );
  // The same trust decision and deny rules as above, applied to a new discovery pass.
  const rediscover = async (): Promise<Rediscovery> => {
    const found = await discoverFor(flags, workroot, io.home, io.cwd);
    const applied = trust.trusted
      ? found.skills
      : (
          await applyProjectTrust({
            skills: found.skills,
            repo: repository,
            file: trustFile(env, io.home),
            trustFlag: false,
          })
        ).skills;
    const deny = deniedOf(applied);
    return { discovery: found, skills: applied.filter((s) => !deny.has(s.name)), messages: discoveryMessages(found) };
  };
  /**
   * The agent over this session's tools, policy and client, new or resuming `resumeId`, with its
   * skills reloader and controls. Called at start and again by `resume` (in place: discovery,
   * trust, tools, policy and the client stay).
   */
  const startAgent = async (start: {
    resumeId?: string;
    keeps: { model: boolean; effort: boolean };
    skills: Rediscovery;
  }) => {
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
      ...(io.files !== undefined ? { files: io.files } : {}),
      sessionStore,
      sandbox,
      ...(start.resumeId !== undefined ? { resumeId: start.resumeId } : {}),
      serverTools: web.tools,
      // A resume continues with the session's last /model and /effort, unless this run names its own.
      resumeKeeps: start.keeps,
      ...(flags.maxTurns !== undefined ? { maxTurns: flags.maxTurns } : {}),
      ...(tuning.contextWindow !== undefined ? { contextWindow: tuning.contextWindow } : {}),
      ...(tuning.compactionThreshold !== undefined ? { compactionThreshold: tuning.compactionThreshold } : {}),
      ...(tuning.clock ? { clock: tuning.clock } : {}),
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
    const agentControls = {
      ...createSessionControls({
        agent: created,
        policy,
        store: sessionStore,
        workroot,
        providers,
        sandbox,
        skillCount: () => skillReloader.skills().length,
      }),
      reloadSkills: () => skillReloader.reload(),
    };
    return { created, agent: created, reloader: skillReloader, controls: agentControls };
  };
  const initialPass: Rediscovery = { discovery, skills, messages: discoveryMessages(discovery) };
  let live = await startAgent({
    ...(resumeId !== undefined ? { resumeId } : {}),
    keeps: { model: flags.model === undefined, effort: flags.effort === undefined },
    skills: initialPass,
  });
  const agent = live.agent;
  const createdAgent = live.created;
  if (flags.resume !== undefined && !agent.resumed) {
    const why =
      agent.notices.find((n) => n.startsWith('could not resume')) ?? `could not resume session ${flags.resume}`;
    throw new UsageError(
      `--resume ${flags.resume}: ${why.replace(/; started a new session$/, '')} (harness --continue picks the last session in this work root)`,
    );
  }
  startupMessages.push(...agent.notices);
  // The first snapshot of the files is taken while the user types, not on the first turn.
  rewind?.prime(agent.sessionId);
  if (flags.permissionMode === 'bypassPermissions')
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
    startupMessages,
    route: (text) => routeSlash(text, live.reloader.skills(), { skillsEnabled: flags.skills }),
    grants: () => ({ allowed: policy.list(), denied: policy.listDenied() }),
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
      // The resumed conversation was told what changed (its resume note); nothing pending is said again.
      skillsPlugin?.rebase();
      await before.created.close();
      return undefined;
    },
    resumeNotices: () => [...live.created.notices],
    async close() {
      if (closed) return;
      closed = true;
      await live.created.close();
      await rewind?.close();
      await anthropic.close?.();
    },
  };
}
