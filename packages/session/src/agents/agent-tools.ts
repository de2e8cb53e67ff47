/**
 * Which of the session's tools an agent gets. Its `tools` and `disallowedTools` name tools the
 * way Claude Code does (`Read`, `Edit`, `Bash`, `mcp__server__tool`); the session's rule table
 * (each tool's own `ruleNames`) maps them to this harness's tools, so no list of names lives here.
 * An agent never gets the agent tool (subagents do not start subagents, as in Claude Code), and
 * gets the skill tool only when its `tools` names it. Its `mcpServers` names add those servers'
 * tools (`mcp__<server>__*`) whatever `tools` says.
 */
import { serverRuleName } from '@coding-harness/mcp';
import type { Tool, ToolRegistry } from '@coding-harness/tools';
import type { AgentDefinition } from './agent-file.js';

/** The tools an agent runs with, and the names it gave that are no tool of this session. */
export interface AgentToolSet {
  tools: Tool<unknown>[];
  /** Entries of `tools` / `disallowedTools` this session has no tool for (said in a notice, never an error). */
  unknown: string[];
}

/** `Bash(git diff:*)` and `Agent(reviewer)` name the tool before the parenthesis. */
const toolPart = (entry: string): string => entry.replace(/\(.*$/s, '').trim();

/**
 * The agent's tools among `registry`'s: those `tools` names (all when absent), less those
 * `disallowedTools` names, never `agentTool`, and `skillTool` only when named.
 */
export function agentToolSet(
  agent: Pick<AgentDefinition, 'tools' | 'disallowedTools' | 'mcpServers'>,
  registry: Pick<ToolRegistry, 'tools' | 'ruleNames'>,
  own: { agentTool: Tool<unknown>; skillToolName?: string },
): AgentToolSet {
  const names = new Map<string, string>();
  for (const t of registry.tools) names.set(t.name.toLowerCase(), t.name);
  for (const entry of registry.ruleNames())
    for (const n of [entry.name, ...entry.ruleNames]) names.set(n.toLowerCase(), entry.name);
  const unknown: string[] = [];
  const resolve = (list: readonly string[]): Set<string> => {
    const found = new Set<string>();
    for (const raw of list) {
      const name = names.get(toolPart(raw).toLowerCase());
      if (name === undefined) unknown.push(raw);
      else found.add(name);
    }
    return found;
  };
  const wanted = agent.tools === undefined ? undefined : resolve(agent.tools);
  const removed = resolve(agent.disallowedTools ?? []);
  const servers = (agent.mcpServers ?? []).map((s) => ({ name: s, prefix: `${serverRuleName(s)}__` }));
  for (const s of servers)
    if (!registry.tools.some((t) => t.name.startsWith(s.prefix))) unknown.push(`mcpServers: ${s.name}`);
  const tools = registry.tools.filter((t) => {
    if (t === own.agentTool || t.name === own.agentTool.name || removed.has(t.name)) return false;
    if (servers.some((s) => t.name.startsWith(s.prefix))) return true;
    if (wanted !== undefined) return wanted.has(t.name);
    return t.name !== own.skillToolName;
  });
  return { tools, unknown };
}
