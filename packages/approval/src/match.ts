import type { ApprovalRequest } from './types.js';
import type { Rule } from './rules.js';
import { allowingPatterns, denyMatch } from './bash-match.js';
import type { BashPattern } from './bash-match.js';
import { pathMatches } from './paths.js';
import type { RuleTool, ToolTable } from './tool-table.js';

/** A rule with where it came from; what grants and flag rules are stored as. */
export interface SourcedRule {
  rule: Rule;
  origin: string;
  scope: 'session' | 'turn';
}

/** The input field a tool's target comes from when a request carries none, by specifier. */
const TARGET_FIELD: Readonly<Record<RuleTool['specifier'], (tool: RuleTool) => string | undefined>> = {
  command: () => 'command',
  name: () => 'name',
  path: (tool) => tool.pathFields[0],
  none: () => undefined,
};

/**
 * What rules match against: the request's `target`, or, when a caller left it out, the field of
 * the input the tool's specifier names (`command`, `name`, its first path field).
 */
export function targetOf(request: ApprovalRequest, tool: RuleTool | undefined): string | undefined {
  if (typeof request.target === 'string') return request.target;
  if (tool === undefined || typeof request.input !== 'object' || request.input === null) return undefined;
  const key = TARGET_FIELD[tool.specifier](tool);
  const field = key === undefined ? undefined : (request.input as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : undefined;
}

/**
 * The rules that together allow the request (several when a bash command line is allowed
 * command by command), or undefined when these rules do not allow it.
 */
export function findAllowing(
  request: ApprovalRequest,
  entries: readonly SourcedRule[],
  tool: RuleTool | undefined,
  root?: string,
): SourcedRule[] | undefined {
  const mine = entries.filter((entry) => entry.rule.tool === request.tool);
  const whole = mine.find((entry) => entry.rule.form === 'tool') ?? wholeGroupRule(entries, tool);
  if (whole) return [whole];
  const target = targetOf(request, tool);
  if (target === undefined) return undefined;
  if (tool?.specifier === 'command') {
    const patterns = commandPatterns(mine);
    return allowingPatterns(target, patterns)?.map((pattern) => pattern.entry);
  }
  const found = mine.find((entry) => matchesTarget(entry.rule, target, root, 'allow'));
  return found ? [found] : undefined;
}

/** A rule naming the tool's group alone (`mcp__github` for `mcp__github__create_issue`), if any. */
function wholeGroupRule(entries: readonly SourcedRule[], tool: RuleTool | undefined): SourcedRule | undefined {
  const group = tool?.group;
  if (group === undefined) return undefined;
  return entries.find((entry) => entry.rule.form === 'tool' && entry.rule.tool === group);
}

/** The bash patterns of these rules, each with the rule it came from. */
function commandPatterns(entries: readonly SourcedRule[]) {
  return entries.flatMap((entry) => {
    const pattern = bashPattern(entry.rule);
    return pattern ? [{ ...pattern, entry }] : [];
  });
}

/** A deny verdict: a rule matched, or (bash) a rule might match a command hidden from view. */
export type DenyFinding = { entry: SourcedRule; unsure?: undefined } | { entry: SourcedRule; unsure: string };

/**
 * The first deny rule that matches the request, if any: the tool's own rules and the path rules
 * of the tools it is `deniedWith` (reading through search is reading).
 */
export function findDenying(
  request: ApprovalRequest,
  entries: readonly SourcedRule[],
  tool: RuleTool | undefined,
  root?: string,
): DenyFinding | undefined {
  const tools = [request.tool, ...(tool?.deniedWith ?? [])];
  const mine = entries.filter((entry) => tools.includes(entry.rule.tool));
  const whole =
    mine.find((entry) => entry.rule.form === 'tool' && entry.rule.tool === request.tool) ??
    wholeGroupRule(entries, tool);
  if (whole) return { entry: whole };
  const target = targetOf(request, tool);
  if (target === undefined) return undefined;
  if (tool?.specifier === 'command') {
    const patterns = commandPatterns(mine);
    const found = denyMatch(target, patterns);
    if (!found) return undefined;
    return found.type === 'deny'
      ? { entry: found.pattern.entry }
      : { entry: found.pattern.entry, unsure: found.reason };
  }
  const found = mine.find((entry) => matchesTarget(entry.rule, target, root, 'deny'));
  return found ? { entry: found } : undefined;
}

/** See `readingFamily`. */
export interface ReadingFamily {
  searchers: ReadonlySet<string>;
  readers: ReadonlySet<string>;
}

/**
 * The reading family of a table: the tools that are `deniedWith` others (read_file) and those
 * others (grep, glob). Their path deny rules hide files from search; a whole-tool deny hides
 * everything only for a tool the others are denied with (`Read` denied: nothing can be read).
 */
export function readingFamily(table: ToolTable): ReadingFamily {
  const searchers = new Set(table.tools.filter((t) => t.deniedWith.length > 0).map((t) => t.name));
  const readers = new Set(table.tools.flatMap((t) => t.deniedWith));
  return { searchers, readers };
}

/**
 * For the tools' `readFilter`: whether a file (its absolute realpath) is hidden from read_file,
 * grep and glob by a deny rule of any of them (a `Read(...)` deny also hides files from search).
 */
export function hiddenByDeny(
  absRealPath: string,
  entries: readonly SourcedRule[],
  root: string | undefined,
  family: ReadingFamily,
): boolean {
  const { searchers, readers } = family;
  return entries.some((entry) => {
    if (!searchers.has(entry.rule.tool) && !readers.has(entry.rule.tool)) return false;
    if (entry.rule.form === 'tool') return readers.has(entry.rule.tool);
    return entry.rule.form === 'path' && pathMatches(entry.rule.pattern, absRealPath, root, 'deny');
  });
}

function bashPattern(rule: Rule): BashPattern | undefined {
  if (rule.form === 'exact') return { form: 'exact', command: rule.command };
  if (rule.form === 'prefix') return { form: 'prefix', prefix: rule.prefix };
  return undefined;
}

function matchesTarget(rule: Rule, target: string, root: string | undefined, effect: 'allow' | 'deny'): boolean {
  if (rule.form === 'name') return rule.name === target;
  if (rule.form !== 'path') return false;
  return pathMatches(rule.pattern, target, root, effect);
}
