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

/** A tool name in a rule: a letter or `_` first, then letters, digits, `_`, `-`, `.`, `*` (MCP names: `mcp__server__tool`). */
const RULE_NAME = /^[A-Za-z_][\w.*-]*$/;

/**
 * Why an `allowed-tools` entry is not a rule, or undefined when it is one. A rule is `Name` or
 * `Name(pattern)`: a tool name, then optionally one parenthesised, non-empty pattern that ends
 * the entry, its own parentheses balanced. This checks the syntax only; what the pattern means
 * is the permission layer's business.
 */
export function ruleSyntaxError(entry: string): string | undefined {
  const open = entry.indexOf('(');
  const name = open === -1 ? entry : entry.slice(0, open);
  if (name === '') return open === -1 ? 'it is empty' : 'there is no tool name before "("';
  if (!RULE_NAME.test(name)) {
    if (name.includes(')')) return 'a ")" has no matching "("';
    return /\s/.test(name)
      ? 'a tool name cannot hold spaces (separate rules with spaces or commas)'
      : `"${name}" is not a tool name (letters, digits, _ and - only)`;
  }
  if (open === -1) return undefined;
  let depth = 0;
  for (let i = open; i < entry.length; i++) {
    const c = entry[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) {
      if (i !== entry.length - 1) return `text follows the closing ")": ${JSON.stringify(entry.slice(i + 1))}`;
      return i === open + 1 ? `the pattern in "()" is empty: write ${name} alone to allow every call` : undefined;
    }
  }
  return 'the "(" is never closed: end the pattern with ")"';
}

/** An `allowed-tools` entry that is not a rule, and why (for a discovery note). */
export interface UnparsableRule {
  rule: string;
  why: string;
}

/**
 * The parsed `allowed-tools` field: its rules as written (each once), Claude Code names and all.
 * This package knows no tool names: what a name means is resolved where the session's tools are
 * known (the approval policy, with the tool registry's table), which reports a name it lacks.
 */
export interface AllowedTools {
  tools: string[];
  /** Entries that are not `Name` or `Name(pattern)`; left out of `tools`, the rest still apply. */
  unparsable: UnparsableRule[];
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
        return { tools: [], unparsable: [], invalid: true };
      }
    }
  } else return { tools: [], unparsable: [], invalid: true };
  const tools: string[] = [];
  const unparsable: UnparsableRule[] = [];
  for (const entry of entries) {
    const why = ruleSyntaxError(entry);
    if (why !== undefined) {
      if (!unparsable.some((u) => u.rule === entry)) unparsable.push({ rule: entry, why });
      continue;
    }
    // Each rule is kept once, in first-seen order.
    if (!tools.includes(entry)) tools.push(entry);
  }
  return { tools, unparsable, invalid: false };
}
