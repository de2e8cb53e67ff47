import { list, nodeType, text } from './load.js';
import type { ShNode } from './load.js';

/**
 * What a word means when bash runs it, where that can be known without running anything.
 * A word is *literal* when it is made only of plain text, single quotes and double quotes around
 * plain text: no parameter, arithmetic, command or process substitution, no glob or brace
 * pattern (those turn into file names a hostile repository chooses, such as `--upload-pack=x`),
 * no tilde, no `$"..."`. `$'...'` (ANSI-C quoting) is literal only for deny matching, where its
 * escapes are decoded (`$'\x72m'` is `rm`); for allowing it never is.
 */
export type Purpose = 'allow' | 'deny';

/** The word's value after quote removal, or undefined when it is not literal for this purpose. */
export function literalWord(word: ShNode | undefined, purpose: Purpose): string | undefined {
  if (!word) return undefined;
  let value = '';
  for (const part of list(word, 'Parts')) {
    const piece = literalPart(part, purpose);
    if (piece === undefined) return undefined;
    value += piece;
  }
  return value;
}

function literalPart(part: ShNode, purpose: Purpose): string | undefined {
  switch (nodeType(part)) {
    case 'Lit':
      return unquoted(text(part, 'Value') ?? '');
    case 'SglQuoted': {
      const value = text(part, 'Value') ?? '';
      if (part['Dollar'] !== true) return value;
      return purpose === 'deny' ? decodeAnsiC(value) : undefined;
    }
    case 'DblQuoted': {
      if (part['Dollar'] === true) return undefined;
      let value = '';
      for (const inner of list(part, 'Parts')) {
        if (nodeType(inner) !== 'Lit') return undefined;
        value += (text(inner, 'Value') ?? '').replace(/\\([\\$`"\n])/g, (_, c: string) => (c === '\n' ? '' : c));
      }
      return value;
    }
    default:
      return undefined;
  }
}

/** Unquoted text: backslash escapes removed; undefined when it holds a glob, a brace pattern or a tilde bash would expand. */
function unquoted(raw: string): string | undefined {
  let out = '';
  let braces = 0;
  for (let i = 0; i < raw.length; i += 1) {
    const char = raw[i] as string;
    if (char === '\\') {
      const next = raw[i + 1];
      i += 1;
      if (next !== undefined && next !== '\n') out += next;
      continue;
    }
    if (char === '*' || char === '?' || char === '[') return undefined;
    // Tilde expansion: at the start of a word, and after = or : (bash expands `--dir=~/x`, not `HEAD~1`).
    if (char === '~' && (i === 0 || raw[i - 1] === '=' || raw[i - 1] === ':')) return undefined;
    if (char === '{') braces += 1;
    if (char === '}' && braces > 0 && raw !== '{}') return undefined;
    out += char;
  }
  return out;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** Decodes the escapes of a `$'...'` string as bash does; undefined for an escape it does not know. */
export function decodeAnsiC(raw: string): string | undefined {
  let out = '';
  for (let i = 0; i < raw.length; i += 1) {
    const char = raw[i] as string;
    if (char !== '\\') {
      out += char;
      continue;
    }
    const rest = raw.slice(i + 1);
    const simple = SIMPLE_ESCAPES[rest[0] ?? ''];
    const numeric = /^([0-7]{1,3})|^x([0-9a-fA-F]{1,2})|^u([0-9a-fA-F]{1,4})|^U([0-9a-fA-F]{1,8})|^c(.)/.exec(rest);
    if (simple !== undefined) {
      out += simple;
      i += 1;
    } else if (numeric) {
      const [all, octal, hex, u4, u8, control] = numeric;
      if (control !== undefined) out += String.fromCharCode(control.toUpperCase().charCodeAt(0) & 0x1f);
      else {
        const code = octal !== undefined ? parseInt(octal, 8) : parseInt((hex ?? u4 ?? u8) as string, 16);
        if (code > 0x10ffff) return undefined;
        out += String.fromCodePoint(code);
      }
      i += all.length;
    } else {
      return undefined;
    }
  }
  return out;
}

/** The literal values of several words; undefined entries mark words that are not literal. */
export function literalWords(words: readonly ShNode[], purpose: Purpose): Array<string | undefined> {
  return words.map((word) => literalWord(word, purpose));
}
