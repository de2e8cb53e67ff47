/**
 * What the settings files change in one session, computed from the loaded settings: the
 * variables and model the wiring reads, the permission mode, the policy's rule sources (one per
 * file, named by its path), the extra read folders, and the lines for the user. Flags beat every
 * file: `--permission-mode` over `defaultMode`, `--model` and `ANTHROPIC_MODEL` over `model`.
 */
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { PermissionMode, RuleTool } from '@coding-harness/approval';
import type { HarnessFlags } from '../args.js';
import type { HarnessEnv } from '../config.js';
import { loadSettings } from './load.js';
import { sortRules } from './rule-check.js';
import { splitWebRules } from '../web/server-tools.js';
import type { LoadedSettings, Sourced } from './types.js';

export interface SessionSettingsInputs {
  flags: HarnessFlags;
  env: HarnessEnv;
  home: string;
  cwd: string;
  workroot: string;
  /** Whether the repository's files may grant (trusted and not `--untrusted`). */
  trusted: boolean;
  /** The session's rule table (tools rules may name). */
  tools: readonly RuleTool[];
}

/** One policy rule source: a settings file's rules under its path. */
export interface RuleSource {
  origin: string;
  allow: string[];
  deny: string[];
  ask: string[];
}

export interface SessionSettings {
  loaded: LoadedSettings;
  /** `env` with the settings' `env` over it (the variables the wiring reads: credentials, model, proxies). */
  env: HarnessEnv;
  /** The settings' `model`, when no flag or variable names one. */
  model?: string;
  mode: PermissionMode;
  sources: RuleSource[];
  /**
   * `--add-dir` and `permissions.additionalDirectories`, realpath'd, existing folders only: read
   * and written like the work root (the file tools' jail, approval, the sandbox's writable binds).
   */
  addDirs: string[];
  /** The files' web rules (`WebSearch`, `WebFetch(domain:...)`): they switch the API's server tools on (web/settings-rules.ts), never the policy's. */
  web: WebRuleEntries;
  messages: string[];
}

/** Web rules as the files gave them, each with its file. */
export interface WebRuleEntries {
  allow: Sourced<string>[];
  deny: Sourced<string>[];
}

/** The rules of each file, in file order, each list checked against the tools (a bad rule is a notice, never fatal). */
function ruleSources(
  loaded: LoadedSettings,
  tools: readonly RuleTool[],
  messages: string[],
  web: WebRuleEntries,
): RuleSource[] {
  const byFile = new Map<string, RuleSource>();
  const add = (list: 'allow' | 'deny' | 'ask', entries: readonly Sourced<string>[]): void => {
    for (const entry of entries) {
      if (splitWebRules([entry.value]).web.length > 0) {
        if (list === 'ask')
          messages.push(
            `${entry.file}: permissions.ask: ${entry.value} has no effect: the API runs web search and fetch itself, nobody can be asked; allow or deny it`,
          );
        else web[list].push(entry);
        continue;
      }
      const source = byFile.get(entry.file) ?? { origin: entry.file, allow: [], deny: [], ask: [] };
      byFile.set(entry.file, source);
      const sorted = sortRules([entry.value], tools, `${entry.file}: permissions.${list}`);
      messages.push(...sorted.notices, ...sorted.errors.map((e) => `${e}; the rule was left out`));
      source[list].push(...sorted.kept);
    }
  };
  add('allow', loaded.settings.allow);
  add('deny', loaded.settings.deny);
  add('ask', loaded.settings.ask);
  return [...byFile.values()];
}

function folder(path: string, base: string, home: string, where: string, messages: string[]): string | undefined {
  const abs = path.startsWith('~/') ? join(home, path.slice(2)) : isAbsolute(path) ? path : resolve(base, path);
  try {
    if (statSync(abs).isDirectory()) return realpathSync(abs);
  } catch {
    // Said below.
  }
  messages.push(`${where}: ${path} is not a folder; it was not added`);
  return undefined;
}

/** Loads the settings and derives what the session uses; see the module comment. */
export async function sessionSettings(inputs: SessionSettingsInputs): Promise<SessionSettings> {
  const { flags, home } = inputs;
  const loaded = await loadSettings({
    home,
    workroot: inputs.workroot,
    env: inputs.env,
    trusted: inputs.trusted,
    ...(flags.settingSources !== undefined ? { only: flags.settingSources } : {}),
    ...(flags.settings !== undefined
      ? {
          settingsFlag: flags.settings.trimStart().startsWith('{')
            ? flags.settings
            : resolve(inputs.cwd, flags.settings),
        }
      : {}),
  });
  const messages = [...loaded.notices];
  const s = loaded.settings;
  const env: HarnessEnv = { ...inputs.env };
  for (const [name, value] of Object.entries(s.env)) env[name] = value.value;
  const mode =
    flags.permissionModeGiven === true ? flags.permissionMode : (s.defaultMode?.value ?? flags.permissionMode);
  const addDirs = [
    ...(flags.addDirs ?? []).map((d) => folder(d, inputs.cwd, home, '--add-dir', messages)),
    ...s.additionalDirectories.map((d) =>
      folder(d.value, inputs.workroot, home, `${d.file}: permissions.additionalDirectories`, messages),
    ),
  ].filter((d): d is string => d !== undefined);
  const web: WebRuleEntries = { allow: [], deny: [] };
  const sources = ruleSources(loaded, inputs.tools, messages, web);
  return {
    loaded,
    env,
    ...(s.model !== undefined ? { model: s.model.value } : {}),
    mode,
    sources,
    addDirs: [...new Set(addDirs)],
    web,
    messages,
  };
}
