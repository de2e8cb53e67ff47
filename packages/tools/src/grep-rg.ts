import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { toRustRegex } from './grep-regex.js';
import type { EngineResult, FileHits, GrepRequest } from './grep-types.js';

/** Looks for an executable `rg` on `PATH` (the value given, normally `process.env.PATH`). */
export function findRg(pathVar: string | undefined): string | null {
  for (const dir of (pathVar ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, 'rg');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      continue;
    }
  }
  return null;
}

/** The flags that make ripgrep walk exactly as the built-in walker does, for the given skipped names. */
export function rgWalkFlags(skip: Iterable<string>): string[] {
  const flags = RG_WALK_FLAGS.slice(0, 7);
  for (const name of skip) flags.push('-g', `!${name}`);
  return flags;
}

/** The ripgrep walk flags for the default skipped names (`.git`, `node_modules`). */
export const RG_WALK_FLAGS: readonly string[] = [
  '--no-config',
  '--hidden',
  '--no-require-git',
  '--no-ignore-dot',
  '--no-ignore-global',
  '--no-ignore-exclude',
  '--no-ignore-parent',
  '-g',
  '!.git',
  '-g',
  '!node_modules',
];

interface RgText {
  text?: string;
  bytes?: string;
}

function decode(t: RgText | undefined): string {
  if (t === undefined) return '';
  if (t.text !== undefined) return t.text;
  return Buffer.from(t.bytes ?? '', 'base64').toString('utf8');
}

/**
 * The ripgrep engine: rg walks and finds candidate lines (`--json`), each line is re-checked
 * with the JavaScript RegExp, files rg flags as binary are dropped. Returns undefined when rg
 * cannot express the query or fails, so the caller falls back to the built-in engine.
 */
export async function grepRg(rgPath: string, req: GrepRequest): Promise<EngineResult | undefined> {
  const rust = req.pattern.literal !== undefined ? undefined : toRustRegex(req.pattern.source);
  if (req.pattern.literal === undefined && rust === undefined) return undefined;
  const startRel = path.relative(req.scope.base, req.scope.start).split(path.sep).join('/');
  const args = ['--json', ...(req.skip ? rgWalkFlags(req.skip) : RG_WALK_FLAGS), req.pattern.ignoreCase ? '-i' : '-s'];
  if (req.glob !== undefined && /^[\w.*?{},-]+$/.test(req.glob)) args.push('--type-add', `harnessglob:${req.glob}`, '-t', 'harnessglob');
  if (req.pattern.literal !== undefined) args.push('-F', '-e', req.pattern.literal);
  else args.push('-e', rust ?? '');
  args.push('--', startRel === '' ? '.' : startRel);

  return new Promise((resolve) => {
    const child = spawn(rgPath, args, { cwd: req.scope.base, stdio: ['ignore', 'pipe', 'pipe'] });
    const byPath = new Map<string, FileHits>();
    const binary = new Set<string>();
    let sawSummary = false;
    let pending = '';
    const onAbort = (): void => {
      child.kill('SIGKILL');
    };
    req.signal.addEventListener('abort', onAbort, { once: true });
    const handle = (line: string): void => {
      if (line === '') return;
      let msg: { type: string; data: { path?: RgText; lines?: RgText; line_number?: number; binary_offset?: number | null } };
      try {
        msg = JSON.parse(line) as typeof msg;
      } catch {
        return;
      }
      if (msg.type === 'summary') {
        sawSummary = true;
        return;
      }
      const rel = decode(msg.data.path).replace(/^\.\//, '');
      if (msg.type === 'end' && msg.data.binary_offset !== null && msg.data.binary_offset !== undefined) binary.add(rel);
      if (msg.type !== 'match') return;
      const text = decode(msg.data.lines).replace(/\n$/, '');
      if (!req.pattern.line.test(text)) return;
      let hits = byPath.get(rel);
      if (hits === undefined) {
        hits = { rel, lines: [] };
        byPath.set(rel, hits);
      }
      if (req.mode !== 'files' || hits.lines.length === 0) hits.lines.push({ n: msg.data.line_number ?? 0, text });
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const parts = (pending + chunk).split('\n');
      pending = parts.pop() ?? '';
      for (const part of parts) handle(part);
    });
    child.stderr.resume();
    child.on('error', () => {
      req.signal.removeEventListener('abort', onAbort);
      resolve(undefined);
    });
    child.on('close', (code) => {
      req.signal.removeEventListener('abort', onAbort);
      if (req.signal.aborted) return resolve({ ok: false, error: 'grep was cancelled.', aborted: true });
      handle(pending);
      if (code === 2 && !sawSummary) return resolve(undefined);
      if (code !== 0 && code !== 1 && code !== 2) return resolve(undefined);
      const files = [...byPath.values()].filter((f) => !binary.has(f.rel) && (req.fileFilter === undefined || req.fileFilter(f.rel)));
      resolve({ ok: true, files });
    });
  });
}
