/** Claude Code (and OpenCode) tool names, any case, onto this harness's tool names. */
const TOOL_NAMES: ReadonlyMap<string, string> = new Map([
  ['read', 'read_file'],
  ['read_file', 'read_file'],
  ['write', 'write_file'],
  ['write_file', 'write_file'],
  ['edit', 'edit_file'],
  ['multiedit', 'edit_file'],
  ['edit_file', 'edit_file'],
  ['glob', 'glob'],
  ['grep', 'grep'],
  ['bash', 'bash'],
  ['skill', 'skill'],
]);

/**
 * Maps one `allowed-tools` entry onto our tool names, keeping any pattern in parentheses
 * untouched: `Read` -> `read_file`, `Bash(git status:*)` -> `bash(git status:*)`,
 * `MultiEdit` -> `edit_file`. Unknown names come back unchanged with `known: false`.
 */
export function mapToolName(claudeOrOurs: string): { name: string; known: boolean } {
  const entry = claudeOrOurs.trim();
  const paren = entry.indexOf('(');
  const base = paren === -1 ? entry : entry.slice(0, paren);
  const rest = paren === -1 ? '' : entry.slice(paren);
  const mapped = TOOL_NAMES.get(base.toLowerCase());
  return mapped === undefined ? { name: entry, known: false } : { name: mapped + rest, known: true };
}

/**
 * Splits an `allowed-tools` string on spaces and/or commas, except inside parentheses, so
 * `Read, Bash(git status:*) Grep` gives `Read`, `Bash(git status:*)`, `Grep`.
 */
export function splitToolList(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x28) depth++;
    else if (c === 0x29 && depth > 0) depth--;
    else if (depth === 0 && (c === 0x2c || isSpace(c, text, i))) {
      if (i > start) out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last !== '') out.push(last);
  return out;
}

/** `/\s/` on the code unit at `i`; every whitespace character is in the BMP. */
function isSpace(c: number, text: string, i: number): boolean {
  if (c < 0x80) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  return /\s/.test(text.charAt(i));
}

/** The parsed `allowed-tools` field: mapped entries (each once) plus the unknown names (for a note). */
export interface AllowedTools {
  tools: string[];
  unknown: string[];
  /** Set when the field had a type that is neither text nor a list. */
  invalid: boolean;
}

/** Reads `allowed-tools` as YAML gave it: a string, a list of strings, or absent. */
export function parseAllowedTools(value: unknown): AllowedTools {
  let entries: string[];
  if (value === undefined || value === null) entries = [];
  else if (typeof value === 'string') entries = splitToolList(value);
  else if (Array.isArray(value)) {
    entries = [];
    for (const item of value) {
      if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
        const text = String(item).trim();
        if (text !== '') entries.push(text);
      } else {
        return { tools: [], unknown: [], invalid: true };
      }
    }
  } else return { tools: [], unknown: [], invalid: true };
  const tools: string[] = [];
  const unknown: string[] = [];
  for (const entry of entries) {
    const mapped = mapToolName(entry);
    if (!mapped.known && !unknown.includes(mapped.name)) unknown.push(mapped.name);
    // `Edit MultiEdit` both mean edit_file: each rule is kept once, in first-seen order.
    if (!tools.includes(mapped.name)) tools.push(mapped.name);
  }
  return { tools, unknown, invalid: false };
}
