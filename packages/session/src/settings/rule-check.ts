/**
 * Sorts rule texts against the session's tool table: rules that parse are kept; a rule naming a
 * Claude Code tool (or an MCP tool) this session has no tool for is left out with a notice, so a
 * CI line or settings file written for Claude Code keeps working; any other rule that does not
 * parse is an error (a flag's typo must not silently allow or deny nothing).
 */
import { parseRule } from '@coding-harness/approval';
import type { RuleTool } from '@coding-harness/approval';
import { CLAUDE_CODE_TOOL_NAMES } from './flags.js';

export interface SortedRules {
  kept: string[];
  notices: string[];
  errors: string[];
}

const TOOL_PART = /^\s*([A-Za-z0-9_-]+)/;

/** Whether `rule` names a tool Claude Code (or an MCP server) has and this session does not. */
function foreignTool(rule: string, tools: readonly RuleTool[]): string | undefined {
  const name = TOOL_PART.exec(rule)?.[1];
  if (name === undefined) return undefined;
  const known = tools.some(
    (t) =>
      t.name.toLowerCase() === name.toLowerCase() || t.ruleNames.some((n) => n.toLowerCase() === name.toLowerCase()),
  );
  if (known) return undefined;
  return CLAUDE_CODE_TOOL_NAMES.includes(name) || name.startsWith('mcp__') ? name : undefined;
}

/** Sorts `rules` given at `where` (`--allowed-tools`, a settings file's `permissions.allow`). */
export function sortRules(rules: readonly string[], tools: readonly RuleTool[], where: string): SortedRules {
  const out: SortedRules = { kept: [], notices: [], errors: [] };
  for (const rule of rules) {
    const parsed = parseRule(rule, tools);
    if (parsed.ok) {
      out.kept.push(rule);
      continue;
    }
    const foreign = foreignTool(rule, tools);
    if (foreign !== undefined)
      out.notices.push(`${where}: ${rule} was left out: this harness has no ${foreign} tool (the other rules apply)`);
    else out.errors.push(`${where}: ${parsed.error}`);
  }
  return out;
}
