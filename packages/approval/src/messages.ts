import type { ApprovalRequest } from './types.js';
import { parseRule } from './rules.js';
import { alwaysBashPattern } from './always.js';
import { targetOf } from './match.js';
import { escapeGlob } from './paths.js';
import { CLAUDE_NAME } from './tool-names.js';
import type { ToolName } from './tool-names.js';

/** The tool error the model sees when the user says no: fixed text, then the user's own words. */
export function userDeniedMessage(tool: string, message?: string): string {
  const extra = message?.trim();
  return `The user denied this ${tool} call.${extra ? ` ${extra}` : ''}`;
}

/** The tool error when a deny rule matched: names the rule and where it came from. */
export function ruleDeniedMessage(tool: string, rule: string, origin: string): string {
  return `This ${tool} call is denied by the rule ${rule} (${origin}); it was not run.`;
}

/** The tool error in plan mode: the session is read-only until the user leaves plan mode. */
export function planModeMessage(request: ApprovalRequest): string {
  return `Plan mode: the session is read-only, so this ${request.tool} call was not run. Read, investigate and present a plan; the user must leave plan mode before files change or commands run.`;
}

/** Quotes a word for a POSIX shell, so a suggested flag can be pasted as is. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The denial for a call that needs approval in a run that cannot ask (`-p`): says so, and names
 * the flags that would allow it (`--allowed-tools 'Bash(npm test)'`, a broader rule, and the
 * permission mode). Every suggested rule parses back to what it is meant to allow.
 */
export function denialForNonInteractive(request: ApprovalRequest, reason?: string): string {
  const claude = Object.hasOwn(CLAUDE_NAME, request.tool) ? CLAUDE_NAME[request.tool as ToolName] : request.tool;
  const target = targetOf(request);
  const suggestions: string[] = [];
  const flag = (rules: string[], what: string) => {
    const valid = rules.filter((rule) => parseRule(rule).ok);
    if (valid.length === rules.length && valid.length > 0) suggestions.push(`--allowed-tools ${shellQuote(valid.join(' '))} (${what})`);
  };
  if (request.tool === 'bash' && target !== undefined) {
    const exact = `${claude}(${target.trim()})`;
    const parsed = parseRule(exact);
    if (parsed.ok && parsed.rule.form === 'exact') flag([exact], 'this command');
    const always = alwaysBashPattern(target);
    if (always.form === 'prefix') flag([`${claude}(${always.prefix}:*)`], 'commands like it');
  } else if (target !== undefined && request.tool !== 'skill' && request.insideRoot !== false) {
    flag([`${claude}(${escapeGlob(target)})`], 'this path');
  } else if (target !== undefined && request.tool === 'skill') {
    flag([`${claude}(${target})`], 'this skill');
  }
  flag([claude], `every ${request.tool} call`);
  if (request.kind === 'write' && request.insideRoot === true) suggestions.push('--permission-mode accept-edits (file changes inside the work root)');
  suggestions.push('--permission-mode bypass (everything)');
  const what = request.summary ? `: ${request.summary}` : '';
  const why = reason ? ` (${reason})` : '';
  return `${request.tool} needs approval${why}, and this run is non-interactive (-p), so it was not run${what}. To allow it, rerun with ${suggestions.join(', or ')}.`;
}
