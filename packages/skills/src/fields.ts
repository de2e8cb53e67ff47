/**
 * Coercion of known frontmatter fields from whatever YAML produced. Nothing here is fatal:
 * a value of the wrong shape becomes text or is ignored, and the caller turns the returned
 * message into a note.
 */

const TRUE_WORDS = new Set(['true', 'yes', 'on', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'off', '0']);

/** A coerced value and, when something was off, what to tell the author. */
export interface Coerced<T> {
  value: T;
  message?: string;
}

/**
 * A boolean written as true/false, yes/no, on/off or 1/0 in any case, whether YAML gave a
 * boolean, a number or a string. Anything else keeps `fallback` and says so.
 */
export function coerceBoolean(key: string, value: unknown, fallback: boolean): Coerced<boolean> {
  if (typeof value === 'boolean') return { value };
  if (typeof value === 'number' && (value === 1 || value === 0)) return { value: value === 1 };
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return { value: true };
    if (FALSE_WORDS.has(word)) return { value: false };
  }
  return {
    value: fallback,
    message: `\`${key}\` is ${describe(value)}, not true/false; using the default (${fallback}). Write \`${key}: true\` or \`${key}: false\``,
  };
}

/**
 * Text for a string field. Numbers and booleans become their text; a list or map (e.g.
 * `argument-hint: [file]`, which YAML reads as a list) becomes its source text when known;
 * anything else is dropped. Either way the message says to quote the value.
 */
export function coerceText(key: string, value: unknown, source: string | undefined): Coerced<string | undefined> {
  if (typeof value === 'string') return { value };
  const hint = `quote it: \`${key}: "..."\``;
  if (typeof value === 'number' || typeof value === 'boolean') {
    return {
      value: String(value),
      message: `\`${key}\` is ${describe(value)}, read as the text "${String(value)}"; ${hint}`,
    };
  }
  if ((Array.isArray(value) || isRecord(value)) && source !== undefined && source !== '') {
    return {
      value: source,
      message: `\`${key}\` is ${describe(value)} in YAML, read as the text "${source}"; ${hint}`,
    };
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    const text = `[${value.join(', ')}]`;
    return { value: text, message: `\`${key}\` is ${describe(value)} in YAML, read as the text "${text}"; ${hint}` };
  }
  return { value: undefined, message: `\`${key}\` is ${describe(value)}, not text, and was ignored; ${hint}` };
}

/** `metadata`: a map is kept as is; anything else is ignored with a message. */
export function coerceMetadata(value: unknown): Coerced<Record<string, unknown> | undefined> {
  if (isRecord(value)) return { value };
  return {
    value: undefined,
    message: `\`metadata\` is ${describe(value)}, not a map of keys to values, and was ignored`,
  };
}

/** A plain object (what YAML gives for a mapping). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** A short description of a YAML value's type for messages. */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (isRecord(value)) return 'a map';
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return `${typeof value === 'number' ? 'the number' : typeof value === 'boolean' ? 'the boolean' : 'a'} ${String(value)}`;
}
