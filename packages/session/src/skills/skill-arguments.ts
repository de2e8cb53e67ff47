/**
 * Splits an argument string shell-style: whitespace separates, '…' is literal, "…" allows
 * `\"` and `\\`, a backslash outside quotes escapes the next character. An unclosed quote runs
 * to the end.
 */
export function splitArguments(args: string): string[] {
  const out: string[] = [];
  let cur = '';
  let has = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < args.length; i++) {
    const ch = args[i] ?? '';
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else cur += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === '\\' && (args[i + 1] === '"' || args[i + 1] === '\\')) cur += args[++i] ?? '';
      else cur += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      has = true;
    } else if (ch === '\\' && i + 1 < args.length) {
      cur += args[++i] ?? '';
      has = true;
    } else if (/\s/.test(ch)) {
      if (has || cur !== '') out.push(cur);
      cur = '';
      has = false;
    } else {
      cur += ch;
      has = true;
    }
  }
  if (has || cur !== '') out.push(cur);
  return out;
}

/** What a skill body's placeholders stand for at one invocation. */
export interface SkillTextValues {
  /** The argument string as typed after `/name` (or the skill tool's `args`). */
  args: string;
  /** The skill's `arguments` names: `names[i]` is `$<name>` for the i-th argument. */
  argumentNames?: readonly string[];
  /** `${CLAUDE_SKILL_DIR}` (and `${SKILL_DIR}`). */
  skillDir: string;
  /** `${CLAUDE_SESSION_ID}`; left as written when unknown. */
  sessionId?: string;
  /** `${CLAUDE_PROJECT_DIR}`: the work root; left as written when unknown. */
  projectDir?: string;
  /** `${CLAUDE_PLUGIN_ROOT}`: the folder of the plugin the skill came from; left as written for other skills. */
  pluginRoot?: string;
  /** `${CLAUDE_EFFORT}`: the reasoning effort the turn runs with; left as written when unknown. */
  effort?: string;
}

/** An expanded body and where the substituted values sit in it (so nothing inside them is read as syntax later). */
export interface ExpandedSkillText {
  text: string;
  /** `[start, end)` offsets in `text` of every inserted value, in order. */
  inserted: ReadonlyArray<readonly [number, number]>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const VARIABLES = [
  'CLAUDE_SKILL_DIR',
  'SKILL_DIR',
  'CLAUDE_SESSION_ID',
  'CLAUDE_PROJECT_DIR',
  'CLAUDE_PLUGIN_ROOT',
  'CLAUDE_EFFORT',
] as const;

/**
 * Expands a skill body as Claude Code does, in one pass over the body (a value is never
 * expanded again):
 * - `$<name>` for each `arguments` name (not followed by `[` or a word character): that
 *   argument, empty when missing;
 * - `$ARGUMENTS[N]` and `$N` (0-based, shell quotes respected): the Nth argument, empty when
 *   there is none (as Claude Code does: a missing argument never leaves `$2` in the text);
 * - `$ARGUMENTS`: the whole argument string;
 * - `\$` before one of those: a literal `$` (`\$1.00` stays `$1.00`);
 * - `${CLAUDE_SKILL_DIR}` / `${SKILL_DIR}`, `${CLAUDE_SESSION_ID}`, `${CLAUDE_PROJECT_DIR}`,
 *   `${CLAUDE_PLUGIN_ROOT}` (a plugin's skill or command), `${CLAUDE_EFFORT}` (the turn's effort).
 * When no argument placeholder was substituted and args are not empty, `ARGUMENTS: <args>` is
 * appended on its own line.
 */
export function expandSkillText(body: string, values: SkillTextValues): ExpandedSkillText {
  const names = [...(values.argumentNames ?? [])]
    .map((name, index) => ({ name, index }))
    .filter((n) => n.name !== '')
    .sort((a, b) => b.name.length - a.name.length);
  const named = names.map((n) => `${escapeRegExp(n.name)}(?![\\[\\w])`);
  const marker = ['\\d', 'ARGUMENTS', ...named].join('|');
  const pattern = new RegExp(
    [
      `(?<!\\\\)\\\\\\$(?=${marker})`,
      ...named.map((n) => `\\$(${n})`),
      '\\$ARGUMENTS\\[(\\d+)\\]',
      '\\$ARGUMENTS',
      '\\$(\\d+)(?!\\w)',
      `\\$\\{(${VARIABLES.join('|')})\\}`,
    ].join('|'),
    'g',
  );
  const variables: Record<(typeof VARIABLES)[number], string | undefined> = {
    CLAUDE_SKILL_DIR: values.skillDir,
    SKILL_DIR: values.skillDir,
    CLAUDE_SESSION_ID: values.sessionId,
    CLAUDE_PROJECT_DIR: values.projectDir,
    CLAUDE_PLUGIN_ROOT: values.pluginRoot,
    CLAUDE_EFFORT: values.effort,
  };
  let parts: string[] | undefined;
  const arg = (i: number): string | undefined => (parts ??= splitArguments(values.args))[i];
  let out = '';
  let last = 0;
  let substituted = false;
  const inserted: Array<[number, number]> = [];
  const insert = (value: string): void => {
    inserted.push([out.length, out.length + value.length]);
    out += value;
  };
  for (const m of body.matchAll(pattern)) {
    const at = m.index;
    out += body.slice(last, at);
    last = at + m[0].length;
    const groups = m.slice(1);
    const whichNamed = groups.slice(0, names.length).findIndex((g) => g !== undefined);
    const [indexed, shorthand, variable] = groups.slice(names.length);
    if (m[0].startsWith('\\')) out += '$';
    else if (whichNamed !== -1) {
      substituted = true;
      insert(arg(names[whichNamed]?.index ?? 0) ?? '');
    } else if (variable !== undefined) {
      const value = variables[variable as (typeof VARIABLES)[number]];
      if (value === undefined) out += m[0];
      else insert(value);
    } else if (indexed !== undefined || shorthand !== undefined) {
      substituted = true;
      insert(arg(Number(indexed ?? shorthand)) ?? '');
    } else {
      substituted = true;
      insert(values.args);
    }
  }
  out += body.slice(last);
  if (!substituted && values.args.trim() !== '') {
    out += `${out.endsWith('\n') || out === '' ? '' : '\n'}\nARGUMENTS: `;
    insert(values.args);
  }
  return { text: out, inserted };
}

/** `expandSkillText` for callers that only need the text. */
export function expandSkillArguments(body: string, args: string, dir: string): string {
  return expandSkillText(body, { args, skillDir: dir }).text;
}
