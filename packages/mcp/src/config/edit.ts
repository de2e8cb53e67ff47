/**
 * Edits of Claude Code's MCP files as text, for `harness mcp add|remove`: the same places Claude
 * Code writes (`<root>/.mcp.json` `mcpServers` for the project scope; `~/.claude.json` top-level
 * `mcpServers` for the user scope and `projects[<abs root>].mcpServers` for the local scope). The
 * edits go through jsonc-parser, so every other key, comment and the file's layout stay as they
 * were (`~/.claude.json` holds far more than servers). Reading and writing the file is the
 * caller's: these functions take and return text.
 */
import { applyEdits, modify, parse } from 'jsonc-parser';
import type { ParseError } from 'jsonc-parser';

/** The scopes `harness mcp add` writes to (Claude Code's names). */
export const WRITE_SCOPES = ['local', 'project', 'user'] as const;
export type WriteScope = (typeof WRITE_SCOPES)[number];

/** Where a scope's servers live: the file (by its role) and the JSON path of the `mcpServers` object. */
export function scopeLocation(scope: WriteScope, root: string): { file: 'claude-json' | 'mcp-json'; path: string[] } {
  if (scope === 'project') return { file: 'mcp-json', path: ['mcpServers'] };
  if (scope === 'user') return { file: 'claude-json', path: ['mcpServers'] };
  return { file: 'claude-json', path: ['projects', root, 'mcpServers'] };
}

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The file's top-level object, or a message saying why it is not one (an empty file is `{}`). */
function topObject(text: string): Record<string, unknown> | string {
  if (text.trim() === '') return {};
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true });
  if (errors.length > 0) return `is not valid JSON (at offset ${errors[0]!.offset})`;
  return isRecord(value) ? value : 'does not hold a JSON object';
}

/** The entries of the `mcpServers` object at `path` (none when absent), or why the file cannot say. */
export function serversAt(text: string, path: readonly string[]): Record<string, unknown> | string {
  const top = topObject(text);
  if (typeof top === 'string') return top;
  let at: unknown = top;
  for (const key of path) {
    if (!isRecord(at)) return `"${path.join('.')}" is not an object`;
    at = at[key];
    if (at === undefined) return {};
  }
  return isRecord(at) ? at : `"${path.join('.')}" is not an object`;
}

/** The text with `name` set to `entry` under `path` (objects on the way created), or why not. */
export function setServer(
  text: string,
  path: readonly string[],
  name: string,
  entry: Record<string, unknown>,
): { text: string } | { error: string } {
  const current = serversAt(text, path);
  if (typeof current === 'string') return { error: current };
  const base = text.trim() === '' ? '{}\n' : text;
  return { text: applyEdits(base, modify(base, [...path, name], entry, FORMAT)) };
}

/** The text without `name` under `path`; undefined when it has no such server. */
export function removeServer(text: string, path: readonly string[], name: string): string | undefined {
  const current = serversAt(text, path);
  if (typeof current === 'string' || !(name in current)) return undefined;
  return applyEdits(text, modify(text, [...path, name], undefined, FORMAT));
}
