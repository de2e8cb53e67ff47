/**
 * Rule entries for MCP tools before they exist: one per configured server (`mcp__github`, the
 * group every tool of the server belongs to) and one per `mcp__<server>__<tool>` a flag rule
 * names, so `--allowed-tools mcp__github__create_issue` parses at start, while the server is
 * still starting. An `mcp__` name of no configured server stays an unknown tool (a typo is said).
 */
import { serverRuleName } from '@coding-harness/mcp';
import type { ToolRuleEntry } from '@coding-harness/tools';

function entry(name: string, group?: string): ToolRuleEntry {
  return Object.freeze({
    name,
    kind: 'exec' as const,
    ruleNames: [],
    pathFields: [],
    specifier: 'none' as const,
    deniedWith: [],
    ...(group !== undefined ? { group } : {}),
  });
}

export function mcpRuleEntries(servers: readonly string[], ruleTexts: readonly string[]): ToolRuleEntry[] {
  const groups = [...new Set(servers.map((s) => serverRuleName(s)))];
  const named = new Set<string>();
  for (const text of ruleTexts) {
    const name = text.trim();
    if (!/^mcp__[A-Za-z0-9_-]+$/.test(name)) continue;
    const group = groups.find((g) => name.startsWith(`${g}__`));
    if (group !== undefined) named.add(name);
  }
  return [
    ...groups.map((g) => entry(g)),
    ...[...named].map((n) =>
      entry(
        n,
        groups.find((g) => n.startsWith(`${g}__`)),
      ),
    ),
  ];
}
