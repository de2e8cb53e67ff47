import picomatch from 'picomatch';
import type { ApprovalRequest } from './types.js';
import type { Rule } from './rules.js';
import { allowingPatterns, deniedByPattern } from './bash-match.js';
import type { BashPattern } from './bash-match.js';

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
 * The rules that together allow the request (several when a chained bash command is allowed
 * piece by piece), or undefined when these rules do not allow it.
 */
export function findAllowing(request: ApprovalRequest, entries: readonly SourcedRule[]): SourcedRule[] | undefined {
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
  const found = mine.find((entry) => matchesTarget(entry.rule, target, 'allow'));
  return found ? [found] : undefined;
}

/** The first deny rule that matches the request, if any. */
export function findDenying(request: ApprovalRequest, entries: readonly SourcedRule[]): SourcedRule | undefined {
  const target = targetOf(request);
  return entries.find((entry) => {
    if (entry.rule.tool !== request.tool) return false;
    if (entry.rule.form === 'tool') return true;
    if (target === undefined) return false;
    const pattern = bashPattern(entry.rule);
    if (pattern) return deniedByPattern(target, pattern);
    return matchesTarget(entry.rule, target, 'deny');
  });
}

function bashPattern(rule: Rule): BashPattern | undefined {
  if (rule.form === 'exact') return { form: 'exact', command: rule.command };
  if (rule.form === 'prefix') return { form: 'prefix', prefix: rule.prefix };
  return undefined;
}

const matchers = new Map<string, (path: string) => boolean>();

function matchesTarget(rule: Rule, target: string, effect: 'allow' | 'deny'): boolean {
  if (rule.form === 'name') return rule.name === target;
  if (rule.form !== 'path') return false;
  const path = target.replace(/^(\.\/)+/, '');
  // An allow rule never reaches through `..`; a deny rule still looks.
  if (effect === 'allow' && path.split(/[\\/]/).includes('..')) return false;
  let matcher = matchers.get(rule.pattern);
  if (!matcher) {
    matcher = picomatch(rule.pattern, { dot: true });
    matchers.set(rule.pattern, matcher);
  }
  return matcher(path);
}
