/**
 * A fast path for the frontmatter most skills have: one `key: value` per line with plain or
 * simple double-quoted text. It returns exactly what `YAML.parse(src, { schema: 'core' })`
 * would (a property test checks this) or `undefined` whenever the block is anything richer,
 * so the `yaml` library stays the authority. It exists because discovery parses thousands
 * of files at startup and the general parser costs ~30 µs for each.
 */

/** A character the fast path accepts in a value: printable text (no controls, CR, BOM, NEL or line separators). */
const V = String.raw`[\x20-\x7e\u00a0-\u2027\u202a-\ufefe\uff00-\ufffd]`;
/** The same inside double quotes, less `"` and `\`: a quoted value with either is left to YAML. */
const VQ = String.raw`[\x20\x21\x23-\x5b\x5d-\x7e\u00a0-\u2027\u202a-\ufefe\uff00-\ufffd]`;
/**
 * One `key: value` line at the sticky position, with its line end: the key, then either a simple
 * double-quoted value (group 2, its inside) or a plain one from its first to its last non-blank
 * character (group 3). Every character of the block is consumed by this or by an empty line, so
 * a block holding anything outside `V` (a tab, a control, CR, a line separator) fails to match
 * and is left to YAML: the line is scanned once.
 */
const LINE = new RegExp(
  String.raw`([A-Za-z_][A-Za-z0-9_-]*):[ ]+(?:"(${VQ}*)"|((?=\S)${V}(?:${V}*(?=\S)${V})?))[ ]*(?:\n|$)`,
  'y',
);
const PLAIN_BAD_START = /^[-?:,[\]{}#&*!|>'"%@`0-9+.~]/;
const CORE_WORDS = /^(?:true|false|null|yes|no|on|off|y|n)$/i;

function plainValue(value: string): string | undefined {
  if (PLAIN_BAD_START.test(value) || CORE_WORDS.test(value)) return undefined;
  if (value.includes(': ') || value.includes(' #') || value.endsWith(':')) return undefined;
  return value;
}

/**
 * See the module comment; `undefined` means "ask the real YAML parser". Each line is matched in
 * place, once (no per-line copies, no separate character check): this runs once per skill at
 * start-up.
 */
export function parseSimpleYaml(src: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  let count = 0;
  for (let at = 0; at < src.length; ) {
    if (src.charCodeAt(at) === 0x0a) {
      at++; // an empty line
      continue;
    }
    LINE.lastIndex = at;
    const m = LINE.exec(src);
    if (!m) return undefined;
    at = LINE.lastIndex;
    const key = m[1] as string;
    // A plain value starting with `"` is a quoted one YAML must read (`"a"b`, `"a\"b"`).
    const value = m[2] ?? plainValue(m[3] as string);
    if (value === undefined || Object.prototype.hasOwnProperty.call(out, key) || key === '__proto__') return undefined;
    out[key] = value;
    count++;
  }
  return count === 0 ? undefined : out;
}
