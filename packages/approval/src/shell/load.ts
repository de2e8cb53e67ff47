import { createRequire } from 'node:module';

/**
 * The bash parser: mvdan/sh (the parser behind shfmt) in its GopherJS build, `mvdan-sh`. It is
 * synchronous, so `Policy.decide` stays synchronous, and it is loaded on the first bash check
 * only (about 1.5 MB of JavaScript; a run that never checks a bash command never reads it).
 * See docs/2026-12-01-shell-parser.md for why this parser.
 */

/**
 * A node of mvdan/sh's syntax tree as a plain object: `type` is the Go type's name (`CallExpr`,
 * `Lit`, ...), the other fields are the Go struct's (positions left out). The GopherJS objects
 * the parser returns convert every field on each read (tens of microseconds a read), so each
 * tree is copied once into plain objects, from GopherJS's internal representation.
 */
export interface ShNode {
  readonly type: string;
  readonly [field: string]: unknown;
}

interface GoParser {
  Parse(src: string, name: string): { __internal_object__: unknown };
}

interface MvdanSyntax {
  NewParser(...options: unknown[]): GoParser;
  Variant(lang: unknown): unknown;
  LangBash: unknown;
}

/** Redirection operators by name, read from the parser itself at load (its enum values are not a public contract). */
export type RedirectName = '>' | '>>' | '<' | '<>' | '<&' | '>&' | '>|' | '<<' | '<<-' | '<<<' | '&>' | '&>>';
const CALIBRATION: ReadonlyArray<RedirectName> = [
  '>',
  '>>',
  '<',
  '<>',
  '<&',
  '>&',
  '>|',
  '<<',
  '<<-',
  '<<<',
  '&>',
  '&>>',
];

interface Loaded {
  parser: GoParser;
  redirects: ReadonlyMap<number, RedirectName>;
  /** The operator values of `|` and `|&` (a pipe), read from the parser like the redirections. */
  pipes: ReadonlySet<number>;
  loadMs: number;
}

let loaded: Loaded | undefined;

function load(): Loaded {
  if (loaded) return loaded;
  const started = performance.now();
  const require = createRequire(import.meta.url);
  const syntax = (require('mvdan-sh') as { syntax: MvdanSyntax }).syntax;
  const parser = syntax.NewParser(syntax.Variant(syntax.LangBash));
  const redirects = new Map<number, RedirectName>();
  const sample =
    'x ' + CALIBRATION.map((op) => (op.startsWith('<<') && op !== '<<<' ? `${op}E` : `${op}f`)).join(' ') + '\nE\nE\n';
  const file = plain(parser.Parse(sample, '').__internal_object__) as ShNode;
  const ops = list(list(file, 'Stmts')[0], 'Redirs');
  if (ops.length !== CALIBRATION.length) throw new Error('mvdan-sh: unexpected redirection calibration');
  ops.forEach((redirect, i) => redirects.set(redirect['Op'] as number, CALIBRATION[i] as RedirectName));
  const pipes = new Set<number>();
  for (const pipe of ['a | b', 'a |& b']) {
    const cmd = child(list(plain(parser.Parse(pipe, '').__internal_object__) as ShNode, 'Stmts')[0], 'Cmd');
    if (cmd?.type !== 'BinaryCmd') throw new Error('mvdan-sh: unexpected pipe calibration');
    pipes.add(cmd['Op'] as number);
  }
  loaded = { parser, redirects, pipes, loadMs: performance.now() - started };
  return loaded;
}

/** Copies a GopherJS value of the syntax tree into plain data: slices to arrays, `*syntax.X` to `{ type: 'X', ... }`, nil to null. */
function plain(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const go = value as Record<string, unknown> & { constructor?: { string?: unknown; nil?: unknown } };
  if ('$array' in go) {
    const array = go['$array'] as unknown[];
    const offset = go['$offset'] as number;
    const out: unknown[] = [];
    for (let i = 0; i < (go['$length'] as number); i += 1) {
      const item = plain(array[offset + i]);
      if (item !== null) out.push(item);
    }
    return out;
  }
  const name = go.constructor?.string;
  if (typeof name !== 'string' || !name.startsWith('*syntax.') || go === go.constructor?.nil) return null;
  const node: Record<string, unknown> = { type: name.slice('*syntax.'.length) };
  for (const key of Object.keys(go)) if (key !== '$val') node[key] = plain(go[key]);
  return node;
}

/** A parsed command line, or why it does not parse (a parse failure always means "ask"). */
export type ParsedShell = { ok: true; file: ShNode } | { ok: false; error: string };

const cache = new Map<string, ParsedShell>();
const CACHE_SIZE = 64;

/**
 * Parses a command as bash. Never throws for any input: a syntax error, an incomplete command
 * (unclosed quote, missing `fi`) or a failure inside the parser is `{ ok: false }`. The last 64
 * results are kept, because one call is checked several times (deny, allow, the question).
 */
export function parseShell(command: string): ParsedShell {
  const hit = cache.get(command);
  if (hit) return hit;
  let result: ParsedShell;
  try {
    const { parser } = load();
    result = { ok: true, file: plain(parser.Parse(command, '').__internal_object__) as ShNode };
  } catch (error) {
    result = { ok: false, error: describe(error) };
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(command, result);
  return result;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  const gopher = error as { Error?: () => string } | null;
  if (gopher && typeof gopher.Error === 'function') return String(gopher.Error());
  return String(error);
}

/** The node's type name (`CallExpr`, `Lit`, `SglQuoted`, ...). */
export function nodeType(node: ShNode): string {
  return node.type;
}

/** Visits `node` and every node under it, substitutions and expansions included. */
export function walk(node: ShNode, visit: (node: ShNode) => void): void {
  visit(node);
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (Array.isArray(value)) for (const item of value) walk(item as ShNode, visit);
    else if (value !== null && typeof value === 'object') walk(value as ShNode, visit);
  }
}

/** A redirection's operator by name. */
export function redirectName(redirect: ShNode): RedirectName | undefined {
  return load().redirects.get(redirect['Op'] as number);
}

/** Whether a `BinaryCmd` is a pipe (`|` or `|&`) rather than `&&` or `||`. */
export function isPipe(binary: ShNode): boolean {
  return load().pipes.has(binary['Op'] as number);
}

/** Whether the parser is loaded, and how long loading took (for the bench and the README's figures). */
export function parserLoadMs(): number | undefined {
  return loaded?.loadMs;
}

/** Loads the parser now (a front end may call this while the user types, to keep the first check fast). */
export function preloadShellParser(): number {
  return load().loadMs;
}

/** Helpers to read GopherJS fields with a type. */
export const list = (node: ShNode | null | undefined, field: string): ShNode[] =>
  ((node?.[field] as ShNode[] | null | undefined) ?? []).filter((n) => n !== null);
export const child = (node: ShNode | null | undefined, field: string): ShNode | undefined =>
  (node?.[field] as ShNode | null | undefined) ?? undefined;
export const text = (node: ShNode | null | undefined, field: string): string | undefined => {
  const value = node?.[field];
  return typeof value === 'string' ? value : undefined;
};
