/**
 * Every settings key the harness reads, as data: how it merges into `MergedSettings`, whether a
 * repository that is not trusted may set it, and what the README says the harness does with it.
 * A key with no row is kept in `unknownKeys` and ignored.
 */
import { parsePermissionMode } from '@coding-harness/approval';
import type { MergedSettings, Sourced } from './types.js';
import type { SettingsScope } from './sources.js';

/** How far the harness follows Claude Code for a key (the README's compatibility table). */
export type Support = 'supported' | 'partly' | 'ignored';

/** Where one value is being merged from. */
export interface MergeSource {
  file: string;
  scope: SettingsScope;
  /** The repository's file while the repository is not trusted: grants are withheld. */
  restricted: boolean;
}

/** A key's merge step: adds `value` to `into`; returns problems (naming the key) and what was withheld. */
type MergeFn = (into: MergedSettings, value: unknown, from: MergeSource) => { problems: string[]; withheld: string[] };

export interface SettingsKey {
  key: string;
  support: Support;
  /** The README's note (Markdown). */
  doc: string;
  merge: MergeFn;
}

const OK = { problems: [], withheld: [] };
const sourced = <T>(value: T, from: MergeSource): Sourced<T> => ({ value, file: from.file, scope: from.scope });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function stringList(key: string, value: unknown): { items: string[]; problems: string[] } {
  if (!Array.isArray(value)) return { items: [], problems: [`${key} must be a list of strings; it was ignored`] };
  const items = value.filter((v): v is string => typeof v === 'string');
  const problems = items.length === value.length ? [] : [`${key}: entries that are not strings were ignored`];
  return { items, problems };
}

/** Modes a repository may set before it is trusted: they never allow more than the default. */
const TIGHT_MODES = new Set(['default', 'plan']);

function mergePermissions(into: MergedSettings, value: unknown, from: MergeSource) {
  if (!isObject(value)) return { problems: ['permissions must be an object; it was ignored'], withheld: [] };
  const problems: string[] = [];
  const withheld: string[] = [];
  for (const list of ['allow', 'deny', 'ask', 'additionalDirectories'] as const) {
    if (value[list] === undefined) continue;
    const read = stringList(`permissions.${list}`, value[list]);
    problems.push(...read.problems);
    const grants = list === 'allow' || list === 'additionalDirectories';
    if (grants && from.restricted && read.items.length > 0) withheld.push(`permissions.${list}`);
    else into[list].push(...read.items.map((item) => sourced(item, from)));
  }
  if (value.defaultMode !== undefined) {
    const mode = typeof value.defaultMode === 'string' ? parsePermissionMode(value.defaultMode) : undefined;
    if (mode === undefined) problems.push(`permissions.defaultMode ${JSON.stringify(value.defaultMode)} is no mode`);
    else if (from.restricted && !TIGHT_MODES.has(mode)) withheld.push(`permissions.defaultMode ${mode}`);
    else into.defaultMode = sourced(mode, from);
  }
  return { problems, withheld };
}

/** A key whose value is an object merged key by key into `into[field]`, withheld from an untrusted repository. */
function byKey(field: 'env' | 'mcpServers' | 'sandbox', check: (v: unknown) => boolean, what: string): MergeFn {
  return (into, value, from) => {
    if (!isObject(value)) return { problems: [`${field} must be an object; it was ignored`], withheld: [] };
    if (from.restricted && Object.keys(value).length > 0) return { problems: [], withheld: [field] };
    const problems: string[] = [];
    const target = into[field] as Record<string, Sourced<unknown>>;
    for (const [name, v] of Object.entries(value)) {
      if (check(v))
        Object.defineProperty(target, name, {
          value: sourced(v, from),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else problems.push(`${field}.${name} must be ${what}; it was ignored`);
    }
    return { problems, withheld: [] };
  };
}

/**
 * `enabledPlugins` by name, the higher file winning. An untrusted repository's `false` still
 * counts (switching a plugin off grants nothing); its `true` is withheld until it is trusted.
 */
function mergeEnabledPlugins(into: MergedSettings, value: unknown, from: MergeSource) {
  if (!isObject(value)) return { problems: ['enabledPlugins must be an object; it was ignored'], withheld: [] };
  const problems: string[] = [];
  const refused: string[] = [];
  for (const [name, on] of Object.entries(value)) {
    if (typeof on !== 'boolean') problems.push(`enabledPlugins.${name} must be true or false; it was ignored`);
    else if (on && from.restricted) refused.push(name);
    else
      Object.defineProperty(into.enabledPlugins, name, {
        value: sourced(on, from),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return { problems, withheld: refused.length > 0 ? [`enabledPlugins (${refused.join(', ')})`] : [] };
}

function mergeHooks(into: MergedSettings, value: unknown, from: MergeSource) {
  if (!isObject(value)) return { problems: ['hooks must be an object of events; it was ignored'], withheld: [] };
  // An untrusted repository's groups are kept apart: listed by /hooks, never run.
  const target = from.restricted ? into.withheldHooks : into.hooks;
  const problems: string[] = [];
  for (const [event, groups] of Object.entries(value)) {
    if (!Array.isArray(groups)) problems.push(`hooks.${event} must be a list of matcher groups; it was ignored`);
    else for (const group of groups) target.push({ event, group, file: from.file, scope: from.scope });
  }
  const withheld = from.restricted && Object.keys(value).length > 0 ? ['hooks'] : [];
  return { problems, withheld };
}

/** The table, in README order. */
export const SETTINGS_KEYS: readonly SettingsKey[] = [
  {
    key: 'permissions',
    support: 'supported',
    doc: "`allow`, `deny`, `ask` rules (Claude Code's syntax), `defaultMode`; rules from every file add up, each listed by `/permissions` with its file. `additionalDirectories`: folders read and written like the work root (as `--add-dir`)",
    merge: mergePermissions,
  },
  {
    key: 'env',
    support: 'supported',
    doc: "over the environment: the variables the harness itself reads (`ANTHROPIC_MODEL`, `ANTHROPIC_BASE_URL`, credentials, proxies) and the commands' environment (`bash`, `!command`, skill commands, hooks; inside the sandbox too). Credential variables never reach a command. A repository's only once it is trusted",
    merge: byKey('env', (v) => typeof v === 'string', 'a string'),
  },
  {
    key: 'model',
    support: 'supported',
    doc: 'the model when neither `--model` nor `ANTHROPIC_MODEL` names one',
    merge: (into, value, from) => {
      if (typeof value !== 'string' || value.trim() === '')
        return { problems: ['model must be a model id'], withheld: [] };
      into.model = sourced(value, from);
      return OK;
    },
  },
  {
    key: 'hooks',
    support: 'partly',
    doc: "every file's groups run, each with its file (`/hooks` lists them); a repository's only once it is trusted (before that they are listed, never run); the events of the hooks runtime only",
    merge: mergeHooks,
  },
  {
    key: 'enabledPlugins',
    support: 'partly',
    doc: '`"name@marketplace": true` loads an installed plugin (its skills, agents, hooks), `false` keeps it off; the higher file wins. A repository may switch one off before it is trusted, never on',
    merge: mergeEnabledPlugins,
  },
  {
    key: 'mcpServers',
    support: 'supported',
    doc: "servers of the settings scope, merged by name (weaker than `.mcp.json`, local and `--mcp-config`, stronger than the user scope); an untrusted repository's are withheld",
    merge: byKey('mcpServers', isObject, 'an object'),
  },
  {
    key: 'enableAllProjectMcpServers',
    support: 'supported',
    doc: "`true` approves every server of the repository's `.mcp.json` (the repository must still be trusted)",
    merge: (into, value, from) => {
      if (typeof value !== 'boolean')
        return { problems: ['enableAllProjectMcpServers must be true or false'], withheld: [] };
      if (from.restricted && value) return { problems: [], withheld: ['enableAllProjectMcpServers'] };
      into.enableAllProjectMcpServers = sourced(value, from);
      return OK;
    },
  },
  {
    key: 'enabledMcpjsonServers',
    support: 'supported',
    doc: "these servers of the repository's `.mcp.json` are approved (lists add up; the repository must still be trusted)",
    merge: (into, value, from) => {
      const read = stringList('enabledMcpjsonServers', value);
      if (from.restricted && read.items.length > 0)
        return { problems: read.problems, withheld: ['enabledMcpjsonServers'] };
      into.enabledMcpjsonServers.push(...read.items.map((item) => sourced(item, from)));
      return { problems: read.problems, withheld: [] };
    },
  },
  {
    key: 'disabledMcpjsonServers',
    support: 'supported',
    doc: "`.mcp.json` servers never started (lists add up; from any file, even an untrusted repository's: it only holds back)",
    merge: (into, value, from) => {
      const read = stringList('disabledMcpjsonServers', value);
      into.disabledMcpjsonServers.push(...read.items.map((item) => sourced(item, from)));
      return { problems: read.problems, withheld: [] };
    },
  },
  {
    key: 'sandbox',
    support: 'partly',
    doc: 'merged key by key, applied to the OS sandbox: `enabled` (`--no-sandbox` beats it), `autoAllowBashIfSandboxed`, `allowUnsandboxedCommands`, `excludedCommands` (run outside it, so they ask), `network.allowedDomains` / `deniedDomains`, `filesystem.allowWrite` / `denyWrite` / `denyRead`; other keys are ignored',
    merge: byKey('sandbox', () => true, 'a value'),
  },
];

/** The README's settings-key rows (Markdown). */
export function settingsKeysMarkdownRows(): string[] {
  return SETTINGS_KEYS.map((k) => `| \`${k.key}\` | ${k.support} | ${k.doc} |`);
}
