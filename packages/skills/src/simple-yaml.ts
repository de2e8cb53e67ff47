/**
 * A fast path for the frontmatter most skills have: one `key: value` per line with plain or
 * simple double-quoted text. It returns exactly what `YAML.parse(src, { schema: 'core' })`
 * would (a property test checks this) or `undefined` whenever the block is anything richer,
 * so the `yaml` library stays the authority. It exists because discovery parses thousands
 * of files at startup and the general parser costs ~30 µs for each.
 */

/**
 * One `key: value` line at the sticky position, with its line end. `[^\n]` is YAML's and `.`'s
 * "any character but a line end" here: the block has passed `SAFE_BLOCK`, so the only line end
 * it can hold is `\n`.
 */
const LINE = /([A-Za-z_][A-Za-z0-9_-]*):[ ]+(\S(?:[^\n]*\S)?)[ ]*(?:\n|$)/y;
/** Printable text and `\n` only: anything else (controls, CR, BOM, NEL, line separators) leaves it to YAML. */
const SAFE_BLOCK = /^[\n\x20-\x7e\u00a0-\u2027\u202a-\ufefe\uff00-\ufffd]*$/;
const PLAIN_BAD_START = /^[-?:,[\]{}#&*!|>'"%@`0-9+.~]/;
const CORE_WORDS = /^(?:true|false|null|yes|no|on|off|y|n)$/i;

function plainValue(value: string): string | undefined {
  if (PLAIN_BAD_START.test(value) || CORE_WORDS.test(value)) return undefined;
  if (value.includes(': ') || value.includes(' #') || value.endsWith(':') || value.includes('\t')) return undefined;
  return value;
}

function quotedValue(value: string): string | undefined {
  if (value.length < 2 || !value.endsWith('"')) return undefined;
  const inner = value.slice(1, -1);
  return /["\\]/.test(inner) ? undefined : inner;
}

/**
 * See the module comment; `undefined` means "ask the real YAML parser". The block is checked for
 * safe characters in one pass and its lines are matched in place (no per-line copies): this runs
 * once per skill at start-up.
 */
export function parseSimpleYaml(src: string): Record<string, string> | undefined {
  if (!SAFE_BLOCK.test(src)) return undefined;
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
    const raw = m[2] as string;
    const value = raw.startsWith('"') ? quotedValue(raw) : plainValue(raw);
    if (value === undefined || Object.prototype.hasOwnProperty.call(out, key) || key === '__proto__') return undefined;
    out[key] = value;
    count++;
  }
  return count === 0 ? undefined : out;
}
