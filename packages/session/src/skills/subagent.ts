/**
 * The subagent of a `context: fork` skill, as the skills plugin asks the loop for one (a thread
 * of the turn, `TurnContext.runThread`): which kind the skill's `agent` names, which of the
 * session's tools it gets (never the skill tool: no nested skills), and its system prompt (the
 * session's without the skills listing, then its role).
 */
import { SKILLS_INTRO } from '@coding-harness/agent';
import type { SystemText } from '@coding-harness/model';
import type { Skill } from '@coding-harness/skills';
import type { Tool, ToolRegistry } from '@coding-harness/tools';

/** The two kinds of subagent: read-only exploration, or every tool of the session. */
export type SubagentKind = 'explorer' | 'general';

/** `agent:` values, lower-cased, that mean each kind (Claude Code's built-in agent names and ours). */
const AGENT_NAMES: Readonly<Record<string, SubagentKind>> = {
  explore: 'explorer',
  explorer: 'explorer',
  plan: 'explorer',
  'general-purpose': 'general',
  general: 'general',
};

/**
 * The kind a skill's `agent` names; no `agent` is the general agent (as in Claude Code). An
 * agent this harness does not have (a custom `.claude/agents` file) runs as the read-only
 * explorer, never with more tools than asked for, and `unknown` says so.
 */
export function subagentKind(agent: string | undefined): { kind: SubagentKind; unknown?: string } {
  if (agent === undefined || agent.trim() === '') return { kind: 'general' };
  const kind = AGENT_NAMES[agent.trim().toLowerCase()];
  return kind ? { kind } : { kind: 'explorer', unknown: agent.trim() };
}

/**
 * The tools a subagent gets: never `skill` (no nested skills), read-kind only for the explorer,
 * and none that the skill's `disallowed-tools` names as a whole tool (`Bash`, `Edit`). Rules with
 * a specifier (`Bash(rm:*)`) keep the tool; the policy denies those calls for the turn.
 */
export function subagentTools(
  registry: Pick<ToolRegistry, 'tools' | 'ruleNames'>,
  kind: SubagentKind,
  disallowed: readonly string[],
  skillTool?: Tool<unknown>,
): Tool[] {
  const names = new Map<string, string>();
  for (const entry of registry.ruleNames())
    for (const n of [entry.name, ...entry.ruleNames]) names.set(n.toLowerCase(), entry.name);
  const removed = new Set(
    disallowed.filter((r) => !r.includes('(')).flatMap((r) => names.get(r.trim().toLowerCase()) ?? []),
  );
  return registry.tools.filter(
    (t) => t !== skillTool && !removed.has(t.name) && (kind === 'general' || t.kind === 'read'),
  );
}

/** The subagent's system prompt: the session's blocks without the skills listing, then its role. */
export function subagentSystem(system: readonly SystemText[], skill: Skill, kind: SubagentKind): SystemText[] {
  const kept = system.filter((b) => !b.text.startsWith(SKILLS_INTRO)).map((b) => ({ text: b.text }));
  const role =
    kind === 'explorer'
      ? 'You have read-only tools: investigate, do not change anything.'
      : 'You have the tools listed; changes and commands go through the same approval as the main agent.';
  kept.push({
    text: `You are a subagent running the skill "${skill.name}" for the main agent. The first user message is your task (the skill's instructions). ${role} No one reads your messages but the main agent, and only your final message: end with a complete, self-contained answer.`,
  });
  return kept;
}
