/**
 * The session's settings, trust and memory, wired in the order `buildHarness` needs them (split
 * from build.ts, as build-plugins.ts is for the plugins):
 * 1. `startSettings`, before credentials and discovery: the settings files as the recorded trust
 *    allows (their `env` and `model` feed the client, their `enabledPlugins` feed discovery);
 * 2. `settleSettings`, after discovery: the trust question, the settings again if it trusts the
 *    repository now, and the memory files;
 * 3. `sessionPolicy`: the permission policy over flags and settings rules, whose "always for this
 *    project" answers are written to the project's settings.local.json.
 * Every settings file is parsed once per load, by the one loader (settings/load.ts), and its trust
 * rule is applied there: the hooks and plugin readers take its merged values.
 */
import { createPolicy } from '@coding-harness/approval';
import type { Policy, RuleTool } from '@coding-harness/approval';
import type { DiscoverResult } from '@coding-harness/skills';
import type { Sandbox } from '@coding-harness/tools';
import { enabledPluginsOf } from './agents/enabled-plugins.js';
import type { EnabledPlugins } from './agents/enabled-plugins.js';
import type { HarnessFlags } from './args.js';
import { configDir } from './config.js';
import type { HarnessEnv } from './config.js';
import { loadMemory } from './memory/load.js';
import type { LoadedMemory } from './memory/load.js';
import { applyProjectTrust } from './project-trust.js';
import type { AskTrustFn, ProjectTrust } from './project-trust.js';
import { withProjectAlways } from './settings/always-project.js';
import { sessionSettings } from './settings/session-settings.js';
import type { SessionSettings } from './settings/session-settings.js';
import { localSettingsFile } from './settings/sources.js';
import { preTrusted } from './settings/wiring.js';
import { trustFile } from './trust.js';

export interface SettingsWiringInput {
  flags: HarnessFlags;
  env: HarnessEnv;
  io: { home: string; cwd: string; askTrust?: AskTrustFn };
  workroot: string;
  /** The repository key trust is recorded under (trust.ts). */
  repository: string;
  /** The session's rule table: settings rules naming no tool of it are notices. */
  table: readonly RuleTool[];
}

export interface EarlySettings {
  /** Whether the repository was trusted before this run asked anything. */
  trustedBefore: boolean;
  early: SessionSettings;
  /** Installed plugins the settings enable, for discovery. */
  enabledPlugins: EnabledPlugins;
  /** Loads the settings again under another trust decision. */
  load(trusted: boolean): Promise<SessionSettings>;
}

/** Step 1: the settings as the recorded trust (or `--trust`) allows. */
export async function startSettings(w: SettingsWiringInput): Promise<EarlySettings> {
  const trustedBefore = preTrusted(w.flags, trustFile(w.env, w.io.home), w.repository);
  const load = (trusted: boolean) =>
    sessionSettings({
      flags: w.flags,
      env: w.env,
      home: w.io.home,
      cwd: w.io.cwd,
      workroot: w.workroot,
      trusted,
      tools: w.table,
    });
  const early = await load(trustedBefore);
  return { trustedBefore, early, enabledPlugins: enabledPluginsOf(early.loaded), load };
}

export interface SettledSettings {
  trust: ProjectTrust;
  /** The settings this session runs with (loaded again when the trust question trusted the repository). */
  settings: SessionSettings;
  memory: LoadedMemory;
  /** Start-up lines: the trust question's, the settings', the memory files'. */
  messages: string[];
}

/** Step 2: the trust question (skills' grants and the settings' withheld keys are its reasons), then memory. */
export async function settleSettings(
  w: SettingsWiringInput,
  start: EarlySettings,
  discovery: DiscoverResult,
): Promise<SettledSettings> {
  const { flags, env, io } = w;
  const trust = await applyProjectTrust({
    skills: discovery.skills,
    repo: w.repository,
    file: trustFile(env, io.home),
    trustFlag: flags.trust,
    // --untrusted asks nothing: the repository's settings stay restricted this run whatever the answer.
    ...(flags.untrusted ? {} : { settingsGrants: start.early.loaded.withheld }),
    ...(io.askTrust ? { ask: io.askTrust } : {}),
  });
  const now = trust.trusted && !flags.untrusted && !start.trustedBefore;
  const settings = now ? await start.load(true) : start.early;
  const memory = loadMemory({
    home: io.home,
    configDir: configDir(env, io.home),
    workroot: w.workroot,
    repository: w.repository,
    projectFiles: !flags.untrusted,
  });
  return { trust, settings, memory, messages: [...trust.messages, ...settings.messages, ...memory.notices] };
}

/** Step 3: the policy over the flags' rules and every settings file's, with "always for this project" written to settings.local.json. */
export function sessionPolicy(input: {
  w: SettingsWiringInput;
  settled: SettledSettings;
  flagRules: { allow: string[]; deny: string[] };
  sandbox: Sandbox;
  notify(message: string): void;
}): Policy {
  const { w, settled } = input;
  const basePolicy = createPolicy({
    tools: w.table,
    mode: settled.settings.mode,
    allow: input.flagRules.allow,
    deny: input.flagRules.deny,
    origin: { allow: '--allowed-tools', deny: '--disallowed-tools' },
    sources: settled.settings.sources,
    root: w.workroot,
    autoAllowSandboxed: input.sandbox.options.autoAllowBashIfSandboxed,
  });
  return withProjectAlways(basePolicy, {
    file: localSettingsFile(w.workroot),
    workroot: w.workroot,
    trusted: () => settled.trust.trusted && !w.flags.untrusted,
    notify: input.notify,
  });
}
