/**
 * Claude Code's `--agents '<json>'`: custom agents for one session, a JSON object of
 * `"name": { "description", "prompt", "tools", "disallowedTools", "model", ... }`. Each entry is
 * read as an agent file would be (JSON is YAML, so its fields become the frontmatter and
 * `prompt` the body), so the same checks and notes apply. Text that is no JSON object is a
 * usage error naming the flag; an entry that is no agent is a problem naming it.
 */
import type { AgentDefinition } from './agent-file.js';
import { parseAgentText } from './agent-file.js';

export interface FlagAgents {
  agents: AgentDefinition[];
  /** One line per entry skipped or noted, naming it. */
  messages: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The agents of `--agents` text, or the usage message when it is not a JSON object. */
export function parseFlagAgents(json: string): FlagAgents | { usage: string } {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (err) {
    return {
      usage: `--agents: not JSON (${(err as Error).message}); give an object: '{"reviewer": {"description": "...", "prompt": "..."}}'`,
    };
  }
  if (!isObject(data))
    return {
      usage: `--agents: expected a JSON object of agents by name: '{"reviewer": {"description": "...", "prompt": "..."}}'`,
    };
  const out: FlagAgents = { agents: [], messages: [] };
  for (const [name, entry] of Object.entries(data)) {
    if (!isObject(entry)) {
      out.messages.push(`--agents: "${name}" is not an object of fields; it was skipped`);
      continue;
    }
    const { prompt, ...fields } = entry;
    const front = Object.entries({ name, ...fields }).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
    const body = typeof prompt === 'string' ? prompt : '';
    const parsed = parseAgentText(`---\n${front.join('\n')}\n---\n${body}\n`, {
      file: '--agents',
      fallbackName: name,
      source: 'flag',
    });
    if (!parsed.ok) {
      out.messages.push(
        `--agents: "${name}": ${parsed.problem.replace('the agent file has no body: the text after the frontmatter is its system prompt', 'no "prompt": it is the agent\'s system prompt')}`,
      );
      continue;
    }
    out.messages.push(...parsed.notes.map((n) => `--agents: "${name}": ${n}`));
    out.agents.push(parsed.agent);
  }
  return out;
}
