import YAML from 'yaml';
import { parseSimpleYaml } from './simple-yaml.js';

/** SKILL.md cut into its frontmatter source and its body, or why it cannot be cut. */
export type SplitResult =
  | { ok: true; yaml: string; body: string /** 1-based file line of the first YAML line. */; yamlLine: number }
  | { ok: false; message: string };

const FENCE = /^---[ \t]*$/;

/**
 * Cuts SKILL.md text into frontmatter and body. Tolerates a UTF-8 BOM, CRLF line endings,
 * trailing blanks after either `---` and a closing `---` at end of file without newline.
 * The body is everything after the closing fence line, with line endings normalised to `\n`.
 */
export function splitFrontmatter(text: string): SplitResult {
  const unbom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const normal = unbom.includes('\r') ? unbom.replace(/\r\n?/g, '\n') : unbom;
  const firstEnd = normal.indexOf('\n');
  const first = firstEnd === -1 ? normal : normal.slice(0, firstEnd);
  if (!FENCE.test(first)) {
    return {
      ok: false,
      message:
        'has no frontmatter: the file must start with a `---` line, then `name:` and `description:`, then a closing `---` line',
    };
  }
  let start = firstEnd === -1 ? normal.length : firstEnd + 1;
  const yamlStart = start;
  while (start < normal.length) {
    const end = normal.indexOf('\n', start);
    // Only a line starting with `---` can be the fence: the others are not copied to be tested.
    if (normal.startsWith('---', start) && FENCE.test(end === -1 ? normal.slice(start) : normal.slice(start, end))) {
      return {
        ok: true,
        yaml: normal.slice(yamlStart, start),
        body: end === -1 ? '' : normal.slice(end + 1),
        yamlLine: 2,
      };
    }
    start = end === -1 ? normal.length : end + 1;
  }
  return {
    ok: false,
    message: 'has a frontmatter block that is never closed: add a `---` line after the last frontmatter key',
  };
}

/** Parsed frontmatter: the plain JS value plus the source text of each top-level value (for coercion). */
export type YamlResult =
  | { ok: true; data: unknown; sourceOf: (key: string) => string | undefined; recovered: readonly number[] }
  | { ok: false; message: string };

interface DocParse {
  ok: boolean;
  data?: unknown;
  doc?: YAML.Document.Parsed;
  message?: string;
}

function parseDoc(src: string, yamlLine: number): DocParse {
  const doc = YAML.parseDocument(src, { schema: 'core', prettyErrors: false });
  const err = doc.errors[0];
  if (err) {
    const offset = Math.min(err.pos[0], src.length);
    const where = `line ${yamlLine + (src.slice(0, offset).match(/\n/g)?.length ?? 0)}: `;
    const first = err.message.split('\n')[0] ?? err.message;
    return {
      ok: false,
      message: `has frontmatter YAML that does not parse (${where}${first}); fix the YAML or quote the value`,
    };
  }
  try {
    return { ok: true, doc, data: doc.toJS({ maxAliasCount: 100 }) };
  } catch (e) {
    return {
      ok: false,
      message: `has frontmatter YAML that cannot be read (${(e as Error).message}); remove the aliases`,
    };
  }
}

function sourceFinder(doc: YAML.Document.Parsed | undefined, src: string): (key: string) => string | undefined {
  return (key) => {
    if (!doc || !YAML.isMap(doc.contents)) return undefined;
    const node = doc.contents.get(key, true);
    if (!YAML.isNode(node) || !node.range) return undefined;
    return src.slice(node.range[0], node.range[1]).trim();
  };
}

const TOP_PLAIN = /^([^\s#:'"\-?[\]{}][^:]*?):[ \t]+(.*)$/;
const NOT_PLAIN_START = /^["'[{|>&*!%@`#]/;

/**
 * The end of the flow collection that opens `value` (`[` or `{`), or -1 when it does not close
 * on this line. Brackets inside quotes are not special-cased: a miss only means no recovery.
 */
function flowEnd(value: string): number {
  let depth = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '[' || c === '{') depth++;
    else if ((c === ']' || c === '}') && --depth === 0) return i;
  }
  return -1;
}

/**
 * A one-line top-level value that opens a flow list or map and then goes on
 * (`argument-hint: [file] [--verbose]`, common in Claude Code skills): the text to quote,
 * or undefined when the line is not that.
 */
function flowWithTail(line: string): { key: string; text: string } | undefined {
  const m = TOP_PLAIN.exec(line);
  const value = m?.[2]?.replace(/\s+#.*$/, '').trim() ?? '';
  if (!m || !/^[[{]/.test(value)) return undefined;
  const end = flowEnd(value);
  return end === -1 || end === value.length - 1 ? undefined : { key: m[1] as string, text: value };
}

/**
 * The Agent Skills client guide's recovery: a top-level plain value holding `: `
 * (`description: Use when: deploying`) is re-read as a quoted string, and so is a one-line
 * value that starts as a flow list or map and goes on after it (`argument-hint: [a] [b]`).
 * Returns the rewritten source and the 0-based source lines changed, or undefined when
 * nothing qualifies.
 */
export function quoteColonValues(src: string): { src: string; lines: number[] } | undefined {
  const lines = src.split('\n');
  const out: string[] = [];
  const changed: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const flow = flowWithTail(line);
    if (flow) {
      changed.push(i);
      out.push(`${flow.key}: ${JSON.stringify(flow.text)}`);
      continue;
    }
    const m = TOP_PLAIN.exec(line);
    const value = m?.[2]?.trim() ?? '';
    if (!m || NOT_PLAIN_START.test(value) || !/: |:$/.test(value)) {
      out.push(line);
      continue;
    }
    changed.push(i);
    const parts = [value.replace(/\s+#.*$/, '')];
    while (i + 1 < lines.length && /^[ \t]+\S/.test(lines[i + 1] ?? '')) {
      i++;
      parts.push((lines[i] ?? '').trim());
    }
    out.push(`${m[1]}: ${JSON.stringify(parts.join(' '))}`);
  }
  return changed.length === 0 ? undefined : { src: out.join('\n'), lines: changed };
}

/** Shared by every fast-path result (discovery parses thousands at start-up): no per-call closure or array. */
const noSource = (): undefined => undefined;
const NO_LINES: readonly number[] = Object.freeze([]);

/**
 * Parses frontmatter YAML with the core schema. A simple `key: value` block takes a fast path
 * that gives the same value YAML would; anything else goes through the `yaml` library. On a
 * parse error the `: ` recovery is tried; `recovered` lists the file lines it quoted.
 */
export function parseFrontmatterYaml(src: string, yamlLine: number): YamlResult {
  const simple = parseSimpleYaml(src);
  if (simple) return { ok: true, data: simple, sourceOf: noSource, recovered: NO_LINES };
  const first = parseDoc(src, yamlLine);
  if (first.ok) return { ok: true, data: first.data, sourceOf: sourceFinder(first.doc, src), recovered: NO_LINES };
  const quoted = quoteColonValues(src);
  if (quoted) {
    const second = parseDoc(quoted.src, yamlLine);
    if (second.ok) {
      return {
        ok: true,
        data: second.data,
        sourceOf: sourceFinder(second.doc, quoted.src),
        recovered: quoted.lines.map((l) => l + yamlLine),
      };
    }
  }
  return { ok: false, message: first.message ?? 'has frontmatter YAML that does not parse' };
}
