import fs from 'node:fs';
import path from 'node:path';
import { toRustRegex } from './grep-regex.js';
import { isWithin, realRoot } from './jail.js';
import { FileSearch } from './grep-search.js';
import { childEnv } from './secrets.js';
import type { EngineResult, GrepRequest } from './grep-types.js';
import { loadSpawn } from './spawn.js';

/**
 * Looks for an executable `rg` on `PATH` (the value given, normally `process.env.PATH`), in
 * absolute entries only: a relative entry (`node_modules/.bin`, `.`) names a folder of whatever
 * repository the process stands in, which could ship its own `rg`. Entries and candidates whose
 * realpath lies inside one of `untrusted` (the work root) are skipped too. Returns the realpath.
 */
export function findRg(pathVar: string | undefined, untrusted: readonly string[] = []): string | null {
  const inside = (p: string): boolean => untrusted.some((dir) => isWithin(p, dir));
  for (const dir of (pathVar ?? '').split(path.delimiter)) {
    if (dir === '' || !path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, 'rg');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      const real = fs.realpathSync.native(candidate);
      if (inside(path.resolve(dir)) || inside(real)) continue;
      if (fs.statSync(real).isFile()) return real;
    } catch {
      continue;
    }
  }
  return null;
}

let processRg: string | null | undefined;

/**
 * The rg of this process: found once on `process.env.PATH` (absolute entries only), then refused
 * for any work root it lies inside (a repository cannot supply the rg that searches it).
 */
export function processRgFor(root: string): string | null {
  processRg ??= findRg(process.env.PATH);
  if (processRg === null) return null;
  return isWithin(processRg, realRoot(root)) ? null : processRg;
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

/**
 * The ripgrep engine: rg walks and lists the files holding a match of the pattern translated to
 * Rust syntax (`-l`, so it stops at a file's first match), a superset of the answer; those
 * candidates are searched, as rg prints them, exactly as the built-in engine searches a file
 * (JavaScript RegExp per line, a NUL byte anywhere makes the file binary), so both engines give
 * the same result by construction. Returns undefined when rg cannot express the query or reports an error (exit 2),
 * so the caller falls back to the built-in engine.
 */
export async function grepRg(rgPath: string, req: GrepRequest): Promise<EngineResult | undefined> {
  const rust = req.pattern.literal !== undefined ? undefined : toRustRegex(req.pattern.source);
  if (req.pattern.literal === undefined && rust === undefined) return undefined;
  const startRel = path.relative(req.scope.base, req.scope.start).split(path.sep).join('/');
  const args = [
    '-l',
    '--null',
    '-E',
    'none',
    ...(req.skip ? rgWalkFlags(req.skip) : RG_WALK_FLAGS),
    req.pattern.ignoreCase ? '-i' : '-s',
  ];
  if (req.glob !== undefined && /^[\w.*?{},-]+$/.test(req.glob))
    args.push('--type-add', `harnessglob:${req.glob}`, '-t', 'harnessglob');
  if (req.pattern.literal !== undefined) args.push('-F', '-e', req.pattern.literal);
  else args.push('-e', rust ?? '');
  args.push('--', startRel === '' ? '.' : startRel);

  const search = new FileSearch(req.scope.base, req);
  const keep = req.fileFilter;
  const listed = await listCandidates(rgPath, args, req, (rels) =>
    search.add(keep === undefined ? rels : rels.filter(keep)),
  );
  const found = await search.finish();
  if (listed === 'aborted' || found === undefined) return { ok: false, error: 'grep was cancelled.', aborted: true };
  return listed === 'ok' ? { ok: true, files: found.files, notes: found.notes } : undefined;
}

/**
 * Runs rg and hands the paths it lists (relative to the base) to `onPaths` as soon as they are
 * printed, so candidates are searched while rg still walks. 'failed' when rg could not run or
 * exited with an error.
 */
async function listCandidates(
  rgPath: string,
  args: string[],
  req: GrepRequest,
  onPaths: (rels: string[]) => void,
): Promise<'ok' | 'aborted' | 'failed'> {
  const spawn = await loadSpawn();
  return new Promise((resolve) => {
    const child = spawn(rgPath, args, {
      cwd: req.scope.base,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: childEnv(process.env),
    });
    let pending = '';
    const onAbort = (): void => {
      child.kill('SIGKILL');
    };
    req.signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const paths = (pending + chunk).split('\0');
      pending = paths.pop() ?? '';
      if (req.signal.aborted) return;
      onPaths(paths.map((p) => (p.startsWith('./') ? p.slice(2) : p)));
    });
    child.stderr.resume();
    child.on('error', () => {
      req.signal.removeEventListener('abort', onAbort);
      resolve('failed');
    });
    child.on('close', (code) => {
      req.signal.removeEventListener('abort', onAbort);
      if (req.signal.aborted) return resolve('aborted');
      resolve(code === 0 || code === 1 ? 'ok' : 'failed');
    });
  });
}
