import type { PermissionMode } from '@coding-harness/approval';
import type { SettingsScope } from './sources.js';

/** A value and the settings file it came from (`/permissions`, `/hooks` and notices name it). */
export interface Sourced<T> {
  value: T;
  file: string;
  scope: SettingsScope;
}

/** One matcher group of a hook event (`{ matcher, hooks: [...] }`) as written, with its file; the hooks runtime checks its shape. */
export interface HookGroupSource {
  event: string;
  group: unknown;
  file: string;
  scope: SettingsScope;
}

/**
 * Every scope merged. Rule lists and hook groups are concatenated across scopes (each entry
 * keeps its file); `env`, `enabledPlugins`, `mcpServers` and `sandbox` merge key by key, the
 * higher scope winning; single values (`model`, `defaultMode`) come from the highest scope.
 */
export interface MergedSettings {
  allow: Sourced<string>[];
  deny: Sourced<string>[];
  ask: Sourced<string>[];
  additionalDirectories: Sourced<string>[];
  defaultMode?: Sourced<PermissionMode>;
  env: Record<string, Sourced<string>>;
  model?: Sourced<string>;
  hooks: HookGroupSource[];
  /**
   * The hook groups of a repository's files while it is not trusted: never run, kept so `/hooks`
   * can list them and start-up can count them (the trust rule is the loader's, not the hooks').
   */
  withheldHooks: HookGroupSource[];
  enabledPlugins: Record<string, Sourced<boolean>>;
  mcpServers: Record<string, Sourced<unknown>>;
  enableAllProjectMcpServers?: Sourced<boolean>;
  enabledMcpjsonServers: Sourced<string>[];
  /** `.mcp.json` servers never started, from any file (it only holds back). */
  disabledMcpjsonServers: Sourced<string>[];
  /** `sandbox` key by key (`network`, `autoAllowBashIfSandboxed`, ...), as written. */
  sandbox: Record<string, Sourced<unknown>>;
  /** Keys no table row knows: kept, ignored. */
  unknownKeys: Sourced<string>[];
}

/** One settings file as found. */
export interface SettingsFileState {
  scope: SettingsScope;
  file: string;
  /** `loaded`: read and merged; `missing`; `skipped`: unreadable or not JSON (a notice says why). */
  state: 'loaded' | 'missing' | 'skipped';
  /** True when it is the repository's and the repository is not trusted: only its deny and ask rules apply. */
  restricted: boolean;
}

/** What the loader returns. */
export interface LoadedSettings {
  settings: MergedSettings;
  files: SettingsFileState[];
  /** Lines for the user: files skipped, values of the wrong type, what an untrusted repository's settings did not get. */
  notices: string[];
  /** What each of the repository's files would grant once it is trusted (`permissions.allow`, `hooks`, ...); empty when trusted. */
  withheld: { file: string; keys: string[] }[];
}

export function emptySettings(): MergedSettings {
  return {
    allow: [],
    deny: [],
    ask: [],
    additionalDirectories: [],
    env: {},
    hooks: [],
    withheldHooks: [],
    enabledPlugins: {},
    mcpServers: {},
    enabledMcpjsonServers: [],
    disabledMcpjsonServers: [],
    sandbox: {},
    unknownKeys: [],
  };
}
