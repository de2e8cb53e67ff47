import type { Effort } from '@coding-harness/model';

/** Where a skill root sits in the precedence order (lowest first: personal < project < explicit). */
export type SkillSource = 'personal' | 'project' | 'explicit';

/**
 * One discovered skill, plain data. The listing fields (`name`, `description`) are frozen at
 * discovery; the body is not held here (`loadBody` reads it fresh at invocation time), nor are
 * the bundled files (`listResources(skill)` lists them when asked).
 */
export interface Skill {
  /**
   * The name the model and `/name` use: the directory name, validated against
   * `^[a-z0-9][a-z0-9-]*$`, with a namespace before a colon where the layout gives one: a
   * plugin's skill is `<plugin>:<slug>`, a nested monorepo skill that clashes is
   * `<folder>:<slug>` (`packages/web:deploy`), a command in a subfolder `<sub>:<name>`.
   */
  name: string;
  /** Trimmed description, whatever YAML scalar style it was written in. */
  description: string;
  /** Absolute skill directory, symlinks resolved. */
  dir: string;
  /** Absolute path of SKILL.md inside `dir`. */
  file: string;
  source: SkillSource;
  /** The root folder this skill was found in (as scanned, e.g. `~/.agents/skills`). */
  root: string;
  /**
   * Where it sat, when not in a plain skills root: `plugin` (a plugin's `skills/` or
   * `commands/`, given by `--skills`), `nested` (a `.agents/skills` or `.claude/skills` folder
   * below the work root). Absent otherwise.
   */
  layout?: 'plugin' | 'nested';
  /** The plugin's name (from `.claude-plugin/plugin.json`, else its folder), for a plugin's skill or command. */
  plugin?: string;
  /** The plugin's folder, absolute: what `${CLAUDE_PLUGIN_ROOT}` in its bodies stands for. */
  pluginRoot?: string;
  /**
   * True for a Markdown command file (`.claude/commands/**\/*.md`, a plugin's `commands/*.md`)
   * loaded as a skill: `file` is that file, `dir` the folder holding it, and it bundles no files.
   */
  command?: boolean;
  /**
   * `allowed-tools`, one entry per rule, as written (`Read`, `Bash(git status:*)`), each checked
   * for rule syntax only. The tool names are resolved by whoever knows the session's tools (the
   * approval policy with the registry's table), so a skill may name a tool a library user added.
   */
  allowedTools: string[];
  /** `user-invocable` (default true): the user may force it with `/name`. */
  userInvocable: boolean;
  /** `disable-model-invocation` (default false): when true, not listed and not model-invocable. */
  disableModelInvocation: boolean;
  argumentHint?: string;
  /**
   * `when_to_use` (Claude Code): more trigger text, shown after the description in the listing
   * entry (`- name: description - when_to_use`); the two share the listing's description cap.
   */
  whenToUse?: string;
  /**
   * `arguments` (Claude Code): names for the positional arguments, in order, so the body can
   * say `$issue` for `$0`. Written as a YAML list or a space-separated string; as in Claude
   * Code, empty and all-digit names are dropped. Absent when the skill names none.
   */
  arguments?: string[];
  /**
   * `disallowed-tools` (Claude Code): rules in the `allowed-tools` syntax (`Bash`,
   * `Bash(rm:*)`), denied for the rest of the turn that loaded the skill. Checked for rule
   * syntax only, like `allowedTools`. Absent when the skill names none.
   */
  disallowedTools?: string[];
  /** `model` (Claude Code): a model id or alias for the rest of the turn; `inherit` is left out. */
  model?: string;
  /** `effort` (Claude Code): the reasoning effort for the rest of the turn. */
  effort?: SkillEffort;
  /** `context: fork` (Claude Code): run the skill in a subagent, its body the task. */
  context?: 'fork';
  /** `agent` (Claude Code): which subagent runs a `context: fork` skill (`Explore`, `general-purpose`...). */
  agent?: string;
  /**
   * `paths` (Claude Code): globs for the files the skill is about (a list or a comma-separated
   * string). Parsed and shown by `harness skills`; the listing does not filter on it.
   */
  paths?: string[];
  /** `shell` (Claude Code): the shell for dynamic context commands; only `bash` runs here. */
  shell?: 'bash' | 'powershell';
  license?: string;
  compatibility?: string;
  metadata?: Record<string, unknown>;
  /** Every other frontmatter key, untouched. */
  extra: Record<string, unknown>;
}

/** The `effort` levels Claude Code accepts in skill frontmatter: the model package's efforts. */
export type SkillEffort = Effort;

/** A message about one file: `path` names it, `message` says what is wrong and how to fix it. */
export interface SkillIssue {
  path: string;
  message: string;
  /**
   * Only on notes: true when the Agent Skills specification forbids what the note describes
   * (a name over 64 characters, a recovered `: ` value...). Discovery still loads the skill;
   * `lint` reports it as a problem.
   */
  strict?: boolean;
  /**
   * Only on notes: true when the reference validator (skills-ref) and claude.ai's upload refuse
   * what the note describes (a non-string `metadata` value, a description that is not a
   * string). Discovery loads the skill; `lint --strict` reports it as a problem.
   */
  rejected?: boolean;
}

export interface DiscoverOptions {
  /** The user's home directory (personal roots are `<home>/.claude/commands`, `<home>/.claude/skills`, `<home>/.agents/skills`). */
  home: string;
  /**
   * The work root; project roots are looked up from its git top-level down to it, and nested
   * `.agents/skills` / `.claude/skills` folders below it (when the project is trusted).
   */
  workroot: string;
  /** Extra folders, each one skill folder, a folder of skills, a plugin or a folder of plugins; highest precedence, in order. */
  explicit?: string[];
  /** False skips every project root (an untrusted clone must not inject instructions). Default true. */
  trustProject?: boolean;
  /**
   * Loads a linear-time `.gitignore` matcher for the nested-skills walk, called once, only when a
   * `.gitignore` is found (the session passes the tools package's re2js one). Without it the
   * `ignore` package's own (backtracking) matcher runs, on lines of at most 256 characters with
   * at most 8 wildcards.
   */
  loadIgnoreMatcher?: () => Promise<IgnoreMatcherFactory>;
  /**
   * Claude Code's `enabledPlugins` (`"name@marketplace": true`), merged from the settings files:
   * the plugins `<home>/.claude/plugins/installed_plugins.json` lists and this enables load from
   * their install folders (as personal, named `<plugin>:<name>`). Absent: no installed plugin loads.
   */
  enabledPlugins?: Readonly<Record<string, boolean>>;
  /** Plugin folders loaded for this run (Claude Code's `--plugin-dir`), absolute, as an installed plugin is (personal). */
  pluginDirs?: readonly string[];
}

/**
 * One Claude Code plugin a discovery pass loaded: where it is, and where what it ships besides
 * skills and commands sits, for whoever loads those (custom agents, hooks, MCP servers). Paths
 * are absolute; a file named here may still be missing or broken (its reader says so).
 */
export interface PluginRecord {
  /** The namespace of its skills, commands and agents (`<plugin>:<name>`). */
  name: string;
  /** The plugin folder: `${CLAUDE_PLUGIN_ROOT}`. */
  dir: string;
  /** `personal` for an installed plugin, else the source of the root it was found in. */
  source: SkillSource;
  /** `name@marketplace`, for a plugin installed with Claude Code's installer. */
  key?: string;
  /** The installed version (installed_plugins.json), else plugin.json's `version`. */
  version?: string;
  /** Agent files and folders of agent files: `agents/` when present, and what plugin.json lists under `agents`. */
  agents: string[];
  /** `hooks/hooks.json` when present, else the file plugin.json names under `hooks`. */
  hooksFile?: string;
  /** Hooks written inline in plugin.json (`hooks: { ... }`), as written. */
  hooks?: Record<string, unknown>;
  /** `.mcp.json` when present, else the file plugin.json names under `mcpServers`. */
  mcpFile?: string;
  /** MCP servers written inline in plugin.json (`mcpServers: { ... }`), as written. */
  mcpServers?: Record<string, unknown>;
}

/** Compiles one `.gitignore` text into a test of one path relative to its folder (a folder path ends in `/`). */
export type IgnoreMatcherFactory = (
  text: string,
  where: string,
  note: (message: string) => void,
) => (relativePath: string) => boolean;

export interface DiscoverResult {
  /** Loaded skills, sorted by name, one per name (the highest-precedence one). */
  skills: Skill[];
  /**
   * The Claude Code plugins the pass loaded (installed ones settings enable, `--skills` plugin
   * folders, plugin folders inside a skills root), one per folder, in the order found: what
   * else they ship (agents, hooks, MCP servers) is for the session to load. Absent when none.
   */
  plugins?: PluginRecord[];
  /** Skills that were skipped. */
  problems: SkillIssue[];
  /** Skills that loaded but deserve a look (shadowing, spec warnings, coerced fields). */
  notes: SkillIssue[];
}

/** `loadBody` never throws: a vanished or broken file is an error naming the path. */
export type LoadBodyResult = { ok: true; body: string } | { ok: false; error: string };

export interface ListingOptions {
  /** Total character budget for the listing; default 8,000 (1% of 200k tokens at 4 chars/token). */
  budgetChars?: number;
  /** Cap per description part (description and `when_to_use`), cut with `…`; default 1,536. */
  descriptionCap?: number;
  /**
   * How often this user invoked each skill, by name (missing: 0). Over budget, the most used
   * skills get their descriptions (and names) first; ties go by name.
   */
  usage?: Readonly<Record<string, number>>;
}

/**
 * A finding of `harness skills lint`: a `problem` fails the run, a `note` deserves a look,
 * `fixed` says what `--fix` rewrote.
 */
export interface LintFinding {
  path: string;
  severity: 'problem' | 'note' | 'fixed';
  message: string;
}
