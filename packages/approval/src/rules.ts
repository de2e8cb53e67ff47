import picomatch from 'picomatch';
import { resolveToolName } from './tool-table.js';
import type { RuleTool } from './tool-table.js';

/**
 * One permission rule, parsed. Plain data: two rules mean the same thing exactly when they are
 * deeply equal, and `formatRule` writes each back in our syntax. `tool` is our name of the tool.
 */
export type Rule =
  /** Every call of the tool (`Edit`, `read_file`, `Bash(*)`). */
  | { tool: string; form: 'tool' }
  /** A command tool (bash) with exactly this command (`Bash(npm test)`). */
  | { tool: string; form: 'exact'; command: string }
  /** A command tool whose command is `prefix` or starts with `prefix ` (`Bash(git diff:*)`, `Bash(git diff *)`). */
  | { tool: string; form: 'prefix'; prefix: string }
  /** A path tool whose target path matches a glob (root-relative, or absolute when it starts with `/`). */
  | { tool: string; form: 'path'; pattern: string }
  /** A name tool (skill) called with this name, whatever its arguments (`Skill(deploy)`, `Skill(deploy *)`). */
  | { tool: string; form: 'name'; name: string };

/** Result of `parseRule`: the rule, or an error that names the rule and says how to fix it. */
export type ParsedRule = { ok: true; rule: Rule } | { ok: false; error: string };

const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Parses one rule in our syntax (`bash(git diff:*)`, `write_file(src/**)`) or Claude Code's
 * (`Bash(git diff:*)`, `Write(src/**)`, `Edit`), resolving the tool's name through `tools` (the
 * registry's `ruleNames()`): a name the table lacks is an error naming the rule and the known
 * names. Never throws; whitespace around the rule and inside the parentheses is ignored.
 */
export function parseRule(text: string, tools: readonly RuleTool[]): ParsedRule {
  const source = text.trim();
  const fail = (why: string): ParsedRule => ({ ok: false, error: `invalid rule ${JSON.stringify(source)}: ${why}` });
  if (source === '') return fail('the rule is empty; write a tool name such as Edit, or Bash(npm test)');
  if (CONTROL.test(source))
    return fail('line breaks and control characters are not allowed; write one command per rule');
  const open = source.indexOf('(');
  if (open === -1) {
    if (source.includes(')')) return fail('")" without "("; write Tool(specifier), e.g. Bash(npm test)');
    const tool = resolveToolName(source, tools);
    return tool.ok ? { ok: true, rule: { tool: tool.tool.name, form: 'tool' } } : fail(tool.error);
  }
  const name = source.slice(0, open).trim();
  if (!source.endsWith(')')) return fail(`missing the closing ")"; write ${name || 'Tool'}(${source.slice(open + 1)})`);
  const tool = resolveToolName(name, tools);
  if (!tool.ok) return fail(name === '' ? 'no tool name before "("; write e.g. Bash(npm test)' : tool.error);
  const spec = source.slice(open + 1, -1).trim();
  if (spec === '') return fail(`empty parentheses; write ${name} for every call, or ${name}(specifier)`);
  if (!balanced(spec)) return fail('unbalanced parentheses inside the specifier; every "(" needs its ")"');
  return parseSpecifier(tool.tool, name, spec, fail);
}

function parseSpecifier(entry: RuleTool, name: string, spec: string, fail: (why: string) => ParsedRule): ParsedRule {
  const tool = entry.name;
  if (entry.specifier === 'command') return { ok: true, rule: commandRule(tool, spec) };
  if (entry.specifier === 'name') {
    // Claude Code's `Skill(name *)` (and `name:*`) is the skill with any arguments: names are matched whole, so the same rule.
    const bare = spec.replace(/(?:\s+\*|:\*)$/, '').trim();
    if (bare === '*' || spec === '*') return { ok: true, rule: { tool, form: 'tool' } };
    if (bare === '' || /[\s*]/.test(bare))
      return fail(`a ${tool} name has no spaces or "*" inside; write ${name}(${tool}-name) or ${name}(${tool}-name *)`);
    return { ok: true, rule: { tool, form: 'name', name: bare } };
  }
  if (entry.specifier === 'path') {
    const pattern = normalizePattern(spec);
    if (pattern.startsWith('~'))
      return fail(`home-relative paths are not supported; write an absolute path as ${name}(//home/me/...)`);
    if (pattern === '') return fail(`the path pattern is empty; write e.g. ${name}(src/**)`);
    const problem = globProblem(pattern);
    if (problem) return fail(`the path pattern does not compile (${problem}); write a glob such as ${name}(src/**)`);
    return { ok: true, rule: { tool, form: 'path', pattern } };
  }
  return fail(`${name} takes no specifier; write ${name} alone`);
}

function commandRule(tool: string, spec: string): Rule {
  const collapsed = spec.replace(/ +/g, ' ');
  if (collapsed === '*' || collapsed === ':*') return { tool, form: 'tool' };
  const prefix = collapsed.endsWith(':*')
    ? collapsed.slice(0, -2).trim()
    : / \*$/.test(collapsed)
      ? collapsed.slice(0, -2).trim()
      : undefined;
  if (prefix === undefined) return { tool, form: 'exact', command: collapsed };
  if (prefix === '' || prefix === '*' || prefix === ':*') return { tool, form: 'tool' };
  return normalizePrefix(tool, prefix);
}

/** A prefix that itself ends in `:*` or ` *` (e.g. `a:*:*`) means the same prefix again. */
function normalizePrefix(tool: string, prefix: string): Rule {
  const again = commandRule(tool, prefix);
  return again.form === 'exact' ? { tool, form: 'prefix', prefix: again.command } : again;
}

/**
 * Claude Code's path forms: `//abs` is absolute, `/rel` is relative to the project (our root),
 * `./rel` likewise. Stored patterns are root-relative without a leading `./` or `/`, or absolute.
 */
function normalizePattern(spec: string): string {
  if (spec.startsWith('//')) return '/' + spec.replace(/^\/+/, '');
  let pattern = spec;
  for (let previous = ''; previous !== pattern; ) {
    previous = pattern;
    pattern = pattern
      .replace(/^\/+/, '')
      .replace(/^(\.\/)+/, '')
      .trim();
  }
  return pattern;
}

function globProblem(pattern: string): string | undefined {
  try {
    picomatch(pattern, { dot: true });
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function balanced(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth += 1;
    else if (char === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/** Writes a rule in our syntax; `parseRule(formatRule(r), tools)` gives back `r` for every rule parsed with `tools`. */
export function formatRule(rule: Rule): string {
  switch (rule.form) {
    case 'tool':
      return rule.tool;
    case 'exact':
      return `${rule.tool}(${rule.command})`;
    case 'prefix':
      return `${rule.tool}(${rule.prefix}:*)`;
    case 'path':
      return `${rule.tool}(${rule.pattern.startsWith('/') ? '/' : ''}${rule.pattern})`;
    case 'name':
      return `${rule.tool}(${rule.name})`;
  }
}

/**
 * Splits a flag value or a skill's `allowed-tools` into rule strings: commas and whitespace
 * separate rules, except inside parentheses (`Bash(git diff:*) Edit, Write(src/**)` gives three).
 */
export function parseRuleList(text: string): string[] {
  const rules: string[] = [];
  let current = '';
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (char === ',' || /\s/.test(char))) {
      if (current !== '') rules.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (current !== '') rules.push(current);
  return rules;
}

/** Parses many rules at once: the rules that parsed, and one error per rule that did not. */
export function parseRules(texts: readonly string[], tools: readonly RuleTool[]): { rules: Rule[]; errors: string[] } {
  const rules: Rule[] = [];
  const errors: string[] = [];
  for (const text of texts) {
    const parsed = parseRule(text, tools);
    if (parsed.ok) rules.push(parsed.rule);
    else errors.push(parsed.error);
  }
  return { rules, errors };
}
