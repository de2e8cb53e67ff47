/**
 * A tool call as Claude Code's hooks expect it: the tool's Claude Code name (`Bash`, `Read`,
 * `Edit`, `Write`, `Glob`, `Grep`, `Task`: the first of the tool's `ruleNames`; an MCP tool's
 * `mcp__server__tool` and a tool without one keep their own name) and its input with Claude
 * Code's field names where ours differ. `updatedInput` from a hook comes back through the same
 * table the other way. The table is keyed by Claude Code's name, the contract hooks are written
 * against; a field not in it passes unchanged.
 */
import { isAbsolute, resolve } from 'node:path';
import type { Tool } from '@coding-harness/tools';

/** Our field -> Claude Code's field, and value renames where the values differ too. */
interface FieldMap {
  field: string;
  values?: Readonly<Record<string, string>>;
  /** A path: absolute in Claude Code's input (resolved against the work root). */
  path?: boolean;
}

/** Claude Code's tool name -> its input fields that differ from ours. */
export const CLAUDE_FIELDS: Readonly<Record<string, Readonly<Record<string, FieldMap>>>> = {
  Read: { path: { field: 'file_path', path: true } },
  Edit: { path: { field: 'file_path', path: true } },
  Write: { path: { field: 'file_path', path: true } },
  Grep: {
    ignore_case: { field: '-i' },
    context: { field: '-C' },
    output: { field: 'output_mode', values: { files: 'files_with_matches' } },
  },
};

/** The name a hook sees for `tool` (`tool_name`). */
export function claudeToolName(tool: Pick<Tool<unknown>, 'name' | 'ruleNames'>): string {
  return tool.ruleNames[0] ?? tool.name;
}

/** Every name a matcher may use for `tool`: its own and Claude Code's. */
export function matchNames(tool: Pick<Tool<unknown>, 'name' | 'ruleNames'>): string[] {
  return [tool.name, ...tool.ruleNames];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Our validated input in Claude Code's field names (paths absolute against `root`). */
export function toClaudeInput(claudeName: string, input: unknown, root: string): unknown {
  const map = CLAUDE_FIELDS[claudeName];
  if (map === undefined || !isObject(input)) return input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const m = map[key];
    if (m === undefined) {
      out[key] = value;
      continue;
    }
    let v = value;
    if (m.path && typeof v === 'string' && !isAbsolute(v)) v = resolve(root, v);
    if (m.values && typeof v === 'string') v = m.values[v] ?? v;
    out[m.field] = v;
  }
  return out;
}

/** A hook's `updatedInput` (Claude Code's field names) in ours; the tool validates it again. */
export function fromClaudeInput(claudeName: string, input: unknown): unknown {
  const map = CLAUDE_FIELDS[claudeName];
  if (map === undefined || !isObject(input)) return input;
  const back = new Map(Object.entries(map).map(([ours, m]) => [m.field, { ours, m }]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const hit = back.get(key);
    if (hit === undefined) {
      out[key] = value;
      continue;
    }
    let v = value;
    const values = hit.m.values;
    if (values && typeof v === 'string') v = Object.entries(values).find(([, theirs]) => theirs === v)?.[0] ?? v;
    out[hit.ours] = v;
  }
  return out;
}
