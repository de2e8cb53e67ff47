/**
 * One custom agent file, Claude Code's format: Markdown with YAML frontmatter, `name` and
 * `description` (required), `tools` and `disallowedTools` (Claude Code tool names, a comma list
 * or a YAML list; no `tools` means every tool), `model` (`sonnet`, `opus`, `haiku`, a model id or
 * `inherit`), `effort`, `permissionMode` (its thread's calls are decided under it), `maxTurns`
 * (its own limit of model requests), `skills` (skills preloaded into its conversation); the body
 * is the agent's system prompt, `hooks` (Claude Code's hooks object: run for its thread only; a
 * plugin's agent may not have them, as in Claude Code), `mcpServers` (names of the session's
 * configured servers whose tools it gets besides its `tools`; an inline server config is a note,
 * not run), other fields (`color`...) are kept silently. A file comes from the user or from
 * a repository: it is read without blocking, size-capped, and every value is checked before use.
 */
import { parsePermissionMode, PERMISSION_MODES } from '@coding-harness/approval';
import type { PermissionMode } from '@coding-harness/approval';
import { EFFORTS } from '@coding-harness/model';
import type { Effort } from '@coding-harness/model';
import { parseFrontmatterYaml, readRegularFile, refusalText, splitFrontmatter } from '@coding-harness/skills';

/** Where an agent comes from, lowest precedence first among the files (`built-in` is always there). */
export type AgentSource = 'built-in' | 'personal' | 'project' | 'plugin' | 'flag';

/** One agent the `agent` tool may run. */
export interface AgentDefinition {
  /** What `subagent_type` names: the file's `name` (`<plugin>:<name>` for a plugin's). */
  name: string;
  description: string;
  /** `tools` as written, one entry per tool; absent: every tool of the session (but the agent tool). */
  tools?: string[];
  /** `disallowedTools` as written: removed from the tools it gets. */
  disallowedTools?: string[];
  /** `model` unless `inherit`: an alias (`sonnet`) or an id, resolved by the session's providers. */
  model?: string;
  effort?: Effort;
  /** `permissionMode`: the mode its calls are decided under (Claude Code's `dontAsk` is not one here). */
  permissionMode?: PermissionMode;
  /** `maxTurns`: its own limit of model requests. */
  maxTurns?: number;
  /** `skills`: names of skills whose text is preloaded into its conversation. */
  skills?: string[];
  /** `hooks`: Claude Code's hooks object as written, run for this agent's thread only (parsed by the hooks code). */
  hooks?: unknown;
  /** `mcpServers` names: the session's servers whose tools it gets, whatever its `tools` says. */
  mcpServers?: string[];
  /** The system prompt: the file's body. */
  prompt: string;
  source: AgentSource;
  /** The file it was read from (absent for a built-in). */
  file?: string;
  /** The plugin that ships it. */
  plugin?: string;
  /** Every other frontmatter key, as written. */
  extra: Record<string, unknown>;
}

/** An agent file larger than this is refused unread (a system prompt, not a book). */
export const MAX_AGENT_BYTES = 256 * 1024;

/** A name people and models can type: letters, digits, `-`, `_`, `.`, not starting with a symbol. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A parsed file: the agent and anything worth a note, or the problem that skips it. */
export type ParsedAgent = { ok: true; agent: AgentDefinition; notes: string[] } | { ok: false; problem: string };

/** `Read, Grep` or `[Read, Grep]` as entries; `Bash(git diff:*)` stays one entry (commas inside parentheses do not split). */
export function toolList(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value))
    return value
      .filter((v): v is string => typeof v === 'string')
      .map((v) => v.trim())
      .filter(Boolean);
  if (typeof value !== 'string') return undefined;
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of value) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out.map((t) => t.trim()).filter(Boolean);
}

const FIELDS = new Set([
  'name',
  'description',
  'tools',
  'disallowedTools',
  'model',
  'effort',
  'permissionMode',
  'maxTurns',
  'skills',
  'hooks',
  'mcpServers',
]);

/** `mcpServers`: names (a list or a comma list) onto `agent`; an inline config (`- name: {command...}`) is a note. */
function mcpServerNames(value: unknown, agent: AgentDefinition, notes: string[]): void {
  if (value === undefined || value === null) return;
  if (agent.source === 'plugin') {
    notes.push("`mcpServers` is not applied to a plugin's agent: plugins give servers in .mcp.json");
    return;
  }
  const items = Array.isArray(value) ? value : typeof value === 'string' ? (toolList(value) ?? []) : [value];
  const names = items.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
  if (items.length > names.length)
    notes.push(
      '`mcpServers`: inline server configs are not run for agents by this harness yet; configure the server (.mcp.json, settings, --mcp-config) and name it',
    );
  if (names.length > 0) agent.mcpServers = names;
}

/** `permissionMode`, `maxTurns` and `skills` onto `agent`, with a note for each value that cannot apply. */
function runFields(d: Record<string, unknown>, agent: AgentDefinition, notes: string[]): void {
  // As in Claude Code, an installed plugin's agent may not choose its own permission mode.
  if (d.permissionMode !== undefined && agent.source === 'plugin')
    notes.push("`permissionMode` is not applied to a plugin's agent: the session's mode is used");
  else if (d.permissionMode !== undefined) {
    const mode = typeof d.permissionMode === 'string' ? parsePermissionMode(d.permissionMode) : undefined;
    if (mode === undefined)
      notes.push(
        `\`permissionMode: ${String(d.permissionMode)}\` is not one of ${PERMISSION_MODES.join(', ')}: the session's mode is used`,
      );
    else agent.permissionMode = mode;
  }
  if (d.maxTurns !== undefined) {
    const n = typeof d.maxTurns === 'number' ? d.maxTurns : Number(String(d.maxTurns).trim());
    if (Number.isInteger(n) && n > 0) agent.maxTurns = n;
    else notes.push(`\`maxTurns: ${String(d.maxTurns)}\` is not a whole number above 0: the session's limit is used`);
  }
  // As in Claude Code, an installed plugin's agent may not bring hooks: they would run commands unasked.
  if (d.hooks !== undefined && agent.source === 'plugin')
    notes.push("`hooks` is not applied to a plugin's agent: plugins give hooks in hooks/hooks.json");
  else if (d.hooks !== undefined && d.hooks !== null) agent.hooks = d.hooks;
  const skills = toolList(d.skills);
  if (skills !== undefined && skills.length > 0) agent.skills = skills;
  mcpServerNames(d.mcpServers, agent, notes);
}

/**
 * Parses an agent file's text. `fallbackName` (the file name without `.md`) names an agent whose
 * frontmatter has no `name`; `namespace` (a plugin's name) goes before it with a colon.
 */
export function parseAgentText(
  text: string,
  where: { file: string; fallbackName: string; source: AgentSource; namespace?: string },
): ParsedAgent {
  const split = splitFrontmatter(text);
  if (!split.ok) return { ok: false, problem: `the agent file ${split.message}` };
  const yaml = parseFrontmatterYaml(split.yaml, split.yamlLine);
  if (!yaml.ok) return { ok: false, problem: `the agent file's frontmatter ${yaml.message}` };
  const data = yaml.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { ok: false, problem: "the agent file's frontmatter is not a set of `key: value` lines" };
  const d = data as Record<string, unknown>;
  const notes: string[] = [];
  const rawName = typeof d.name === 'string' && d.name.trim() !== '' ? d.name.trim() : where.fallbackName;
  if (!NAME.test(rawName))
    return {
      ok: false,
      problem: `the agent name ${JSON.stringify(rawName)} cannot be typed: use letters, digits and hyphens (code-reviewer)`,
    };
  const description = typeof d.description === 'string' ? d.description.trim() : '';
  if (description === '')
    return { ok: false, problem: 'the agent has no `description`: add one saying when the main agent should use it' };
  const prompt = split.body.trim();
  if (prompt === '')
    return { ok: false, problem: 'the agent file has no body: the text after the frontmatter is its system prompt' };
  const agent: AgentDefinition = {
    name: where.namespace !== undefined ? `${where.namespace}:${rawName}` : rawName,
    description,
    prompt,
    source: where.source,
    file: where.file,
    extra: Object.fromEntries(Object.entries(d).filter(([k]) => !FIELDS.has(k))),
  };
  if (where.namespace !== undefined) agent.plugin = where.namespace;
  const tools = toolList(d.tools);
  if (tools !== undefined) agent.tools = tools;
  else if (d.tools !== undefined)
    notes.push('`tools` is neither a comma list nor a YAML list: the agent gets every tool');
  const disallowed = toolList(d.disallowedTools);
  if (disallowed !== undefined && disallowed.length > 0) agent.disallowedTools = disallowed;
  if (typeof d.model === 'string' && d.model.trim() !== '' && d.model.trim().toLowerCase() !== 'inherit')
    agent.model = d.model.trim();
  runFields(d, agent, notes);
  if (d.effort !== undefined) {
    const effort = String(d.effort).trim().toLowerCase();
    if ((EFFORTS as readonly string[]).includes(effort)) agent.effort = effort as Effort;
    else
      notes.push(`\`effort: ${String(d.effort)}\` is not one of ${EFFORTS.join(', ')}: the session's effort is used`);
  }
  return { ok: true, agent, notes };
}

/** Reads and parses one agent file; never throws. */
export function readAgentFile(
  file: string,
  where: { fallbackName: string; source: AgentSource; namespace?: string },
): ParsedAgent {
  const read = readRegularFile(file, MAX_AGENT_BYTES);
  if (!read.ok) return { ok: false, problem: `the agent file ${refusalText(read)}` };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
  } catch {
    return { ok: false, problem: 'the agent file is not valid UTF-8 text: save it as UTF-8' };
  }
  return parseAgentText(text, { ...where, file });
}
