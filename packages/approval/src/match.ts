import type { ApprovalRequest } from './types.js';
import type { Rule } from './rules.js';
import { allowingPatterns, denyMatch } from './bash-match.js';
import type { BashPattern } from './bash-match.js';
import { pathMatches } from './paths.js';

/** A rule with where it came from; what grants and flag rules are stored as. */
export interface SourcedRule {
  rule: Rule;
  origin: string;
  scope: 'session' | 'turn';
}

/**
 * What rules match against: the request's `target`, or, when a caller left it out, the obvious
 * field of the input (`command`, `path`, `name`).
 */
export function targetOf(request: ApprovalRequest): string | undefined {
  if (typeof request.target === 'string') return request.target;
  if (typeof request.input !== 'object' || request.input === null) return undefined;
  const input = request.input as Record<string, unknown>;
  const field = request.tool === 'bash' ? input['command'] : request.tool === 'skill' ? input['name'] : input['path'];
  return typeof field === 'string' ? field : undefined;
}

/**
 * The rules that together allow the request (several when a bash command line is allowed
 * command by command), or undefined when these rules do not allow it.
 */
export function findAllowing(request: ApprovalRequest, entries: readonly SourcedRule[], root?: string): SourcedRule[] | undefined {
  const mine = entries.filter((entry) => entry.rule.tool === request.tool);
  const whole = mine.find((entry) => entry.rule.form === 'tool');
  if (whole) return [whole];
  const target = targetOf(request);
  if (target === undefined) return undefined;
  if (request.tool === 'bash') {
    const patterns = mine.flatMap((entry) => {
      const pattern = bashPattern(entry.rule);
      return pattern ? [{ ...pattern, entry }] : [];
    });
    return allowingPatterns(target, patterns)?.map((pattern) => pattern.entry);
  }
  const found = mine.find((entry) => matchesTarget(entry.rule, target, root, 'allow'));
  return found ? [found] : undefined;
}

/** Tools whose deny rules also hold for another tool: reading through search is reading. */
const DENY_ALSO: Readonly<Record<string, readonly string[]>> = { grep: ['read_file'], glob: ['read_file'] };

/** A deny verdict: a rule matched, or (bash) a rule might match a command hidden from view. */
export type DenyFinding = { entry: SourcedRule; unsure?: undefined } | { entry: SourcedRule; unsure: string };

/** The first deny rule that matches the request, if any. */
export function findDenying(request: ApprovalRequest, entries: readonly SourcedRule[], root?: string): DenyFinding | undefined {
  const tools = [request.tool, ...(DENY_ALSO[request.tool] ?? [])];
  const mine = entries.filter((entry) => tools.includes(entry.rule.tool));
  const whole = mine.find((entry) => entry.rule.form === 'tool' && entry.rule.tool === request.tool);
  if (whole) return { entry: whole };
  const target = targetOf(request);
  if (target === undefined) return undefined;
  if (request.tool === 'bash') {
    const patterns = mine.flatMap((entry) => {
      const pattern = bashPattern(entry.rule);
      return pattern ? [{ ...pattern, entry }] : [];
    });
    const found = denyMatch(target, patterns);
    if (!found) return undefined;
    return found.type === 'deny' ? { entry: found.pattern.entry } : { entry: found.pattern.entry, unsure: found.reason };
  }
  const found = mine.find((entry) => matchesTarget(entry.rule, target, root, 'deny'));
  return found ? { entry: found } : undefined;
}

/**
 * For the tools' `readFilter`: whether a file (its absolute realpath) is hidden from read_file,
 * grep and glob by a deny rule of any of them (a `Read(...)` deny also hides files from search).
 */
export function hiddenByDeny(absRealPath: string, entries: readonly SourcedRule[], root: string | undefined): boolean {
  return entries.some((entry) => {
    if (!['read_file', 'grep', 'glob'].includes(entry.rule.tool)) return false;
    if (entry.rule.form === 'tool') return entry.rule.tool === 'read_file';
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
