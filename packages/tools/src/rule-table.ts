import type { Tool, ToolRuleEntry } from './types.js';

/** The names the Messages API accepts for a tool. */
const API_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** A name a rule can spell: what the skills package's syntax check accepts before "(". */
const RULE_NAME = /^[A-Za-z_][\w.-]*$/;

/** One tool's rule data, with the defaults filled in; frozen, so a policy can keep it. */
export function ruleEntryOf(tool: Tool<unknown>): ToolRuleEntry {
  const specifier = tool.specifier ?? (tool.pathFields.length > 0 ? 'path' : 'none');
  return Object.freeze({
    name: tool.name,
    kind: tool.kind,
    ruleNames: Object.freeze([...tool.ruleNames]),
    pathFields: Object.freeze([...tool.pathFields]),
    specifier,
    deniedWith: Object.freeze([...(tool.deniedWith ?? [])]),
    ...(tool.ruleGroup !== undefined ? { group: tool.ruleGroup } : {}),
  });
}

/**
 * The rule table of a tool list: each tool's entry in order, then the `extra` entries (tools a
 * rule may name that are not in the list) whose name no tool has. Throws a TypeError (a programmer error of whoever assembled the
 * list) when a name is not one the API accepts, or when two tools answer to the same name in any
 * case, our names and Claude Code's alike: a rule would not know which tool it means.
 */
export function ruleTableOf(
  tools: readonly Tool<unknown>[],
  extra: readonly ToolRuleEntry[] = [],
): readonly ToolRuleEntry[] {
  const entries = tools.map(ruleEntryOf);
  for (const entry of extra) if (!entries.some((e) => e.name === entry.name)) entries.push(entry);
  const owner = new Map<string, string>();
  for (const entry of entries) {
    if (!API_TOOL_NAME.test(entry.name))
      throw new TypeError(
        `tool name ${JSON.stringify(entry.name)} is not one the API accepts (letters, digits, _ and -, at most 64)`,
      );
    if (entry.specifier === 'path' && entry.pathFields.length === 0)
      throw new TypeError(`tool ${entry.name}: specifier 'path' needs at least one pathFields entry`);
    const bad = entry.ruleNames.find((n) => !RULE_NAME.test(n));
    if (bad !== undefined)
      throw new TypeError(`tool ${entry.name}: rule name ${JSON.stringify(bad)} is not a word a rule can spell`);
    for (const name of new Set([entry.name, ...entry.ruleNames].map((n) => n.toLowerCase()))) {
      const taken = owner.get(name);
      if (taken !== undefined)
        throw new TypeError(`tools ${taken} and ${entry.name} both answer to the rule name ${JSON.stringify(name)}`);
      owner.set(name, entry.name);
    }
  }
  return Object.freeze(entries);
}
