import type { ApprovalRequest, CallKind, RuleTool } from './types.js';

export type { RuleSpecifier, RuleTool } from './types.js';

/** A rule table looked up by any name a rule may use. */
export interface ToolTable {
  readonly tools: readonly RuleTool[];
  /** The tool a rule's name means (our name or Claude Code's, any case). */
  resolve(text: string): RuleTool | undefined;
  /** The tool with this exact name of ours. */
  get(name: string): RuleTool | undefined;
}

const tables = new WeakMap<readonly RuleTool[], ToolTable>();

/** The lookup for a rule table, built once per array (the registry hands out the same array). */
export function toolTable(tools: readonly RuleTool[]): ToolTable {
  let table = tables.get(tools);
  if (table === undefined) {
    const byRuleName = new Map<string, RuleTool>();
    for (const tool of tools)
      for (const name of [tool.name, ...tool.ruleNames])
        if (!byRuleName.has(name.toLowerCase())) byRuleName.set(name.toLowerCase(), tool);
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    table = { tools, resolve: (text) => byRuleName.get(text.toLowerCase()), get: (name) => byName.get(name) };
    tables.set(tools, table);
  }
  return table;
}

/**
 * The rule data of a request's tool: from `tools` when given and it is there, else the entry the
 * request carries (`request.ruleTool`, set by the agent from the registry).
 */
export function toolOf(request: ApprovalRequest, tools: readonly RuleTool[] | undefined): RuleTool | undefined {
  return (tools === undefined ? undefined : toolTable(tools).get(request.tool)) ?? request.ruleTool;
}

/** How a tool is written in a hint: its first Claude Code name, else ours. */
export function ruleSpelling(tool: RuleTool): string {
  return tool.ruleNames[0] ?? tool.name;
}

/**
 * Maps a rule's tool part to a tool of the table, or says why it cannot, naming every name the
 * table knows (and the nearest one).
 */
export function resolveToolName(
  text: string,
  tools: readonly RuleTool[],
): { ok: true; tool: RuleTool } | { ok: false; error: string } {
  const table = toolTable(tools);
  const tool = table.resolve(text);
  if (tool) return { ok: true, tool };
  if (tools.length === 0)
    return {
      ok: false,
      error: `unknown tool "${text}": no tools were given to check rules against (pass the registry's ruleNames() as tools)`,
    };
  const suggestion = closest(text, tools);
  const hint = suggestion ? `did you mean ${suggestion}? ` : '';
  const known = tools
    .map((t) => (t.ruleNames.length > 0 ? `${t.name} (${t.ruleNames.join(', ')})` : t.name))
    .join(', ');
  const mcp = text.toLowerCase().startsWith('mcp__') ? ' (MCP tools are not supported)' : '';
  return { ok: false, error: `unknown tool "${text}"${mcp}; ${hint}known tools: ${known}` };
}

/** The nearest known name, spelled in the style the user wrote (Claude Code's when capitalised). */
function closest(text: string, tools: readonly RuleTool[]): string | undefined {
  const lower = text.toLowerCase();
  const claude = tools.flatMap((t) => t.ruleNames);
  const ours = tools.map((t) => t.name);
  const candidates = /^[A-Z]/.test(text) ? [...claude, ...ours] : [...ours, ...claude];
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(lower.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = editDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** Kinds from narrowest to widest. */
export const KIND_RANK: Readonly<Record<CallKind, number>> = { read: 0, write: 1, exec: 2 };
