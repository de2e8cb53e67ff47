import type { ApprovalRequest } from './types.js';
import { parseRule } from './rules.js';
import { alwaysBashPattern } from './always.js';
import { targetOf } from './match.js';
import { escapeGlob } from './paths.js';
import { ruleSpelling, toolOf } from './tool-table.js';
import type { RuleTool } from './tool-table.js';

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
 * permission mode). Every suggested rule parses back to what it is meant to allow. The tool's
 * rule data come from `tools` (the registry's `ruleNames()`) or else `request.ruleTool`; without
 * either, only the permission modes are suggested.
 */
export function denialForNonInteractive(
  request: ApprovalRequest,
  reason?: string,
  tools?: readonly RuleTool[],
): string {
  const what = request.summary ? `: ${request.summary}` : '';
  // No allow rule lets a call out of the sandbox: only a person, or a run without the sandbox.
  if (request.escapesSandbox === true)
    return `${request.tool} asked to run outside the sandbox, which only a person can allow, and this run is non-interactive (-p), so it was not run${what}. Run it inside the sandbox, or rerun with --no-sandbox (and a rule that allows it) or --permission-mode bypassPermissions.`;
  const tool = toolOf(request, tools);
  const suggestions: string[] = tool === undefined ? [] : ruleSuggestions(request, tool, tools ?? [tool]);
  if (request.kind === 'write' && request.insideRoot === true)
    suggestions.push('--permission-mode acceptEdits (file changes inside the work root)');
  suggestions.push('--permission-mode bypassPermissions (everything)');
  const why = reason ? ` (${reason})` : '';
  return `${request.tool} needs approval${why}, and this run is non-interactive (-p), so it was not run${what}. To allow it, rerun with ${suggestions.join(', or ')}.`;
}

/** The `--allowed-tools` flags that would allow the call: narrowest first, then the whole tool. */
function ruleSuggestions(request: ApprovalRequest, tool: RuleTool, table: readonly RuleTool[]): string[] {
  const claude = ruleSpelling(tool);
  const target = targetOf(request, tool);
  const suggestions: string[] = [];
  const flag = (rules: string[], what: string) => {
    const valid = rules.filter((rule) => parseRule(rule, table).ok);
    if (valid.length === rules.length && valid.length > 0)
      suggestions.push(`--allowed-tools ${shellQuote(valid.join(' '))} (${what})`);
  };
  if (tool.specifier === 'command' && target !== undefined) {
    const exact = `${claude}(${target.trim()})`;
    const parsed = parseRule(exact, table);
    if (parsed.ok && parsed.rule.form === 'exact') flag([exact], 'this command');
    const always = alwaysBashPattern(target);
    if (always.form === 'prefix') flag([`${claude}(${always.prefix}:*)`], 'commands like it');
  } else if (tool.specifier === 'path' && target !== undefined && request.insideRoot !== false) {
    flag([`${claude}(${escapeGlob(target)})`], 'this path');
  } else if (tool.specifier === 'name' && target !== undefined) {
    flag([`${claude}(${target})`], `this ${request.tool}`);
  }
  flag([claude], `every ${request.tool} call`);
  return suggestions;
}
