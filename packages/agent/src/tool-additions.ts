/**
 * Tools offered after a session's first request (an MCP server that came up late, a skill reload,
 * a resumed session's missing tools) without a byte of the tool list sent so far changing: where
 * the model's descriptor says `midConversationTools`, a `role: "system"` message carries their
 * definitions (`tool_addition` parts; the Messages API's mid-conversation tool changes), so the
 * cached prefix and earlier thinking stay valid. Elsewhere the model can only be told in words.
 */
import type { Message, Part, ToolAdditionPart, ToolRemovalPart, ToolSpec } from '@coding-harness/model';
import type { ToolRegistry } from '@coding-harness/tools';
import type { AgentConfig } from './state.js';
import { toolSpecs } from './tool-specs.js';

/** The message offering `names` of `registry` to the model, or why it cannot be sent. */
export function toolAdditionMessage(
  config: Pick<AgentConfig, 'descriptor' | 'model'>,
  registry: ToolRegistry,
  names: readonly string[],
): { message?: Message; problems: string[] } {
  const specs = toolSpecs(registry.definitions());
  const found = names.flatMap((n) => specs.filter((s) => s.name === n));
  const missing = names.filter((n) => !specs.some((s) => s.name === n));
  const problems = missing.map((n) => `no tool named ${n} in the registry given`);
  if (found.length === 0) return { problems };
  if (!config.descriptor.capabilities.midConversationTools)
    return {
      problems: [
        ...problems,
        `${config.model} takes no tools after a session's start: ${found.map((s) => s.name).join(', ')} will be offered in a new conversation (/clear)`,
      ],
    };
  return { message: additionMessage(found, []), problems };
}

/** A system message offering `added` (their whole definitions) and withdrawing `removed`, with a line saying so. */
export function additionMessage(added: readonly ToolSpec[], removed: readonly string[]): Message {
  const words = [
    added.length > 0 ? `These tools are available from here on: ${added.map((t) => t.name).join(', ')}.` : '',
    removed.length > 0 ? `These tools are no longer available: ${removed.join(', ')}.` : '',
  ].filter((w) => w !== '');
  const content: Part[] = [
    ...added.map((tool): ToolAdditionPart => ({ type: 'tool_addition', tool })),
    ...removed.map((name): ToolRemovalPart => ({ type: 'tool_removal', name })),
    { type: 'text', text: words.join(' ') },
  ];
  return { role: 'system', content };
}

/**
 * The tool changes a compaction would summarize away, stated again after it: every tool offered
 * (latest definition) or withdrawn (only a tool of the request's own list, `declared`) in
 * `summarized`, in one system message; undefined when none.
 * (The docs: "If an instruction or a tool change still matters, state it again in a role: system message".)
 */
export function restatedToolChanges(
  summarized: readonly Message[],
  declared: readonly ToolSpec[],
): Message | undefined {
  const state = new Map<string, ToolSpec | null>();
  for (const m of summarized) {
    if (m.role !== 'system') continue;
    for (const p of m.content) {
      if (p.type === 'tool_addition') state.set(p.tool.name, p.tool);
      else if (p.type === 'tool_removal') state.set(p.name, null);
    }
  }
  if (state.size === 0) return undefined;
  const added = [...state.values()].filter((t): t is ToolSpec => t !== null);
  // A removal can only name a tool still defined before it: one of the request's own tools.
  const removed = [...state.entries()]
    .filter(([n, t]) => t === null && declared.some((d) => d.name === n))
    .map(([n]) => n);
  if (added.length === 0 && removed.length === 0) return undefined;
  return additionMessage(added, removed);
}
