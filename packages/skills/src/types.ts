/** Where a skill root sits in the precedence order (lowest first: personal < project < explicit). */
export type SkillSource = 'personal' | 'project' | 'explicit';

/**
 * One discovered skill, plain data. The listing fields (`name`, `description`) are frozen at
 * discovery; the body is not held here (`loadBody` reads it fresh at invocation time), nor are
 * the bundled files (`listResources(skill)` lists them when asked).
 */
export interface Skill {
  /** The slug: the directory name, validated against `^[a-z0-9][a-z0-9-]*$`. */
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
  license?: string;
  compatibility?: string;
  metadata?: Record<string, unknown>;
  /** Every other frontmatter key, untouched. */
  extra: Record<string, unknown>;
}

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
}

export interface DiscoverOptions {
  /** The user's home directory (personal roots are `<home>/.agents/skills`, `<home>/.claude/skills`). */
  home: string;
  /** The work root; project roots are looked up from its git top-level down to it. */
  workroot: string;
  /** Extra folders, each a folder of skills or one skill folder; highest precedence, in order. */
  explicit?: string[];
  /** False skips every project root (an untrusted clone must not inject instructions). Default true. */
  trustProject?: boolean;
}

export interface DiscoverResult {
  /** Loaded skills, sorted by name, one per name (the highest-precedence one). */
  skills: Skill[];
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
  /** Cap per description, cut with `…`; default 1,536. */
  descriptionCap?: number;
}

/** A strict-validation finding for `harness skills lint`. */
export interface LintFinding {
  path: string;
  severity: 'problem' | 'note';
  message: string;
}
