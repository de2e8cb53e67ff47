/**
 * The launcher's code cache, on a real bin built by buildBin and run as a child process: the cache
 * goes to the user's cache folder and never beside the bundle, a read-only install runs and
 * writes nothing into itself, an unwritable or shared cache folder is skipped without a trace,
 * and no temporary file is ever left. (As root, the bin runs as the user `nobody`, since root
 * writes through any mode.)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBin } from './index.mjs';

const root = mkdtempSync(join(tmpdir(), 'bin-build-launcher-'));
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;
let bin: string;
let binDir: string;

/** Every file under `dir`, relative (a folder that cannot be read lists as empty). */
function files(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => !e.isDirectory())
      .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
      .sort();
  } catch {
    return [];
  }
}

/** A folder for the child's user (nobody when the tests run as root). */
function folder(name: string, mode = 0o755): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  if (isRoot) chownSync(dir, NOBODY, NOBODY);
  chmodSync(dir, mode);
  return dir;
}

/** Runs the bin (as nobody when the tests run as root, so that modes bind). */
function run(env: Record<string, string>, args: string[] = []): string {
  const res = spawnSync(process.execPath, [bin, ...args], {
    timeout: 60_000,
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: join(root, 'no-home'), ...env },
    encoding: 'utf8',
    ...(isRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  expect(res.stderr).toBe('');
  expect(res.status).toBe(0);
  return res.stdout;
}

beforeAll(async () => {
  chmodSync(root, 0o755);
  const src = join(root, 'src');
  mkdirSync(src);
  writeFileSync(
    join(src, 'entry.mjs'),
    "import('node:os').then((os) => process.stdout.write(`ok ${typeof os.cpus} ${import.meta.url.endsWith('/demo-bundle.cjs')}\\n`));\n",
  );
  binDir = join(root, 'install', 'dist', 'bin');
  mkdirSync(binDir, { recursive: true });
  const built = await buildBin({
    entry: join(src, 'entry.mjs'),
    outDir: binDir,
    name: 'demo',
    cacheModes: { print: ['-p', '--print'], info: ['--version'] },
    options: { sourcemap: false },
  });
  bin = built.launcher;
  for (const d of [join(root, 'install'), join(root, 'install', 'dist'), binDir]) chmodSync(d, 0o755);
});
afterAll(() => {
  chmodSync(binDir, 0o755);
  rmSync(root, { recursive: true, force: true });
});

describe('the bin launcher and its code cache', () => {
  it('writes the cache once into $XDG_CACHE_HOME/coding-harness, never beside the bundle, and reuses it', () => {
    const before = files(binDir);
    expect(before).toEqual(['demo-bundle.cjs', 'demo-bundle.inputs.json', 'demo.cjs']);
    const xdg = folder('xdg-a');
    expect(run({ XDG_CACHE_HOME: xdg })).toBe('ok function true\n');
    const written = files(xdg);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(
      new RegExp(
        `^coding-harness/demo-bundle\\.[0-9a-f]{16}\\.default\\.${process.version.replace(/\./g, '\\.')}-${process.arch}\\.cache$`,
      ),
    );
    const first = statSync(join(xdg, written[0]!));
    expect(run({ XDG_CACHE_HOME: xdg })).toBe('ok function true\n');
    const second = statSync(join(xdg, written[0]!));
    expect([second.ino, second.mtimeMs]).toEqual([first.ino, first.mtimeMs]);
    expect(files(binDir)).toEqual(before);
  });

  it('keeps one cache per mode of the bin (chosen by its flags before --), each written once', () => {
    const xdg = folder('xdg-modes');
    for (const args of [['--version'], ['-p', 'hi'], ['x', '--', '-p'], ['--print'], []])
      expect(run({ XDG_CACHE_HOME: xdg }, args)).toBe('ok function true\n');
    expect(files(xdg).map((f) => f.split('.')[2])).toEqual(['default', 'info', 'print']);
  });

  it('without XDG_CACHE_HOME uses ~/.cache/coding-harness', () => {
    const home = folder('home-b');
    expect(run({ HOME: home })).toBe('ok function true\n');
    expect(files(home).map((f) => f.split('/').slice(0, 2).join('/'))).toEqual(['.cache/coding-harness']);
  });

  it('runs from a read-only install and writes nothing into it', () => {
    chmodSync(binDir, 0o555);
    try {
      const xdg = folder('xdg-c');
      expect(run({ XDG_CACHE_HOME: xdg })).toBe('ok function true\n');
      expect(files(binDir)).toEqual(['demo-bundle.cjs', 'demo-bundle.inputs.json', 'demo.cjs']);
      expect(files(xdg)).toHaveLength(1);
    } finally {
      chmodSync(binDir, 0o755);
    }
  });

  it('skips an unwritable cache folder silently, leaving no file at all', () => {
    const xdg = folder('xdg-d', 0o555);
    expect(run({ XDG_CACHE_HOME: xdg })).toBe('ok function true\n');
    expect(run({ XDG_CACHE_HOME: xdg })).toBe('ok function true\n');
    expect(files(xdg)).toEqual([]);
  });

  it('leaves a cache file that is a link to /dev/null or a FIFO alone: never read, written, replaced or waited on', () => {
    const xdg = folder('xdg-f');
    const caches = join(xdg, 'coding-harness');
    mkdirSync(caches, { mode: 0o700 });
    if (isRoot) chownSync(caches, NOBODY, NOBODY);
    // Learn the cache file's name from a first run, then put the link and the FIFO in its place.
    expect(run({ XDG_CACHE_HOME: xdg })).toBe('ok function true\n');
    const [name] = readdirSync(caches);
    const nullBefore = statSync('/dev/null');
    rmSync(join(caches, name!));
    symlinkSync('/dev/null', join(caches, name!));
    expect(run({ XDG_CACHE_HOME: xdg })).toBe('ok function true\n');
    expect(lstatSync(join(caches, name!)).isSymbolicLink()).toBe(true);
    rmSync(join(caches, name!));
    execFileSync('mkfifo', [join(caches, name!)]);
    if (isRoot) chownSync(join(caches, name!), NOBODY, NOBODY);
    // A read that blocked on the FIFO would hang the bin: spawnSync's timeout would then kill it.
    expect(run({ XDG_CACHE_HOME: xdg })).toBe('ok function true\n');
    expect(lstatSync(join(caches, name!)).isFIFO()).toBe(true);
    expect(readdirSync(caches)).toEqual([name]);
    const nullAfter = statSync('/dev/null');
    expect(nullAfter.isCharacterDevice()).toBe(true);
    expect([nullAfter.rdev, nullAfter.mode]).toEqual([nullBefore.rdev, nullBefore.mode]);
  });

  it('neither reads nor writes a cache folder that others may write to', () => {
    const xdg = folder('xdg-e');
    const shared = join(xdg, 'coding-harness');
    mkdirSync(shared);
    if (isRoot) chownSync(shared, NOBODY, NOBODY);
    chmodSync(shared, 0o777);
    expect(run({ XDG_CACHE_HOME: xdg })).toBe('ok function true\n');
    expect(files(xdg)).toEqual([]);
  });

  it('ignores a relative XDG_CACHE_HOME (the XDG rule) and falls back to the home folder', () => {
    const home = folder('home-f');
    expect(run({ HOME: home, XDG_CACHE_HOME: 'relative/cache' })).toBe('ok function true\n');
    expect(files(home)).toHaveLength(1);
  });
});
