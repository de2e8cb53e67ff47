// The packages as an outside developer gets them: every public workspace packed with pnpm,
// the tarballs installed with plain npm into a temp project, then used from there: imported
// from ESM and CommonJS, type checked strictly, an agent built with a custom tool and system
// prompt against the mock, and the bins run. Third-party dependencies come from a local
// registry over the packages pnpm installed for this workspace (`local-registry.ts`), with an
// empty npm cache and config of the test's own: no internet, nothing from the user's npm set-up.
// Needs the packages built (`pnpm test` builds them first).
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRegistry } from './local-registry.js';
import { startLocalRegistry } from './local-registry.js';
import { packWorkspaces, tarballEntries, tarballFile } from './pack.js';
import { snapshotWorkspaces } from './snapshot.js';
import { publicWorkspaces, repoRoot, type Workspace } from './workspaces.js';

const run = promisify(execFile);
const workspaces = publicWorkspaces();
const here = path.dirname(new URL(import.meta.url).pathname);
/** Exact pins for what the consumer itself installs besides the tarballs. */
const rootPins = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};
const toolsPins = workspaces.find((w) => w.manifest.name === '@coding-harness/tools')?.manifest.dependencies ?? {};

/** Every import specifier a workspace's exports map offers (`./package.json` aside). */
const specifiersOf = (ws: Workspace): string[] =>
  Object.keys(ws.manifest.exports ?? { '.': null })
    .filter((key) => key !== './package.json')
    .map((key) => (key === '.' ? ws.manifest.name : `${ws.manifest.name}/${key.slice(2)}`));
const specifiers = workspaces.flatMap(specifiersOf);

/**
 * The environment of every command this suite runs: the caller's, with a home, XDG folders and
 * npm cache and config of the suite's own (temp), so npm, pnpm and the bins (their code cache)
 * write nothing under the real home. Set in beforeAll.
 */
let sandboxEnv: NodeJS.ProcessEnv = {};

function homeEnv(temp: string): NodeJS.ProcessEnv {
  const home = path.join(temp, 'home');
  mkdirSync(home);
  writeFileSync(path.join(temp, 'npmrc'), '');
  return {
    ...process.env,
    HOME: home,
    XDG_CACHE_HOME: path.join(home, '.cache'),
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    npm_config_cache: path.join(temp, 'npm-cache'),
    npm_config_userconfig: path.join(temp, 'npmrc'),
    npm_config_update_notifier: 'false',
  };
}

/** A child process's outcome; never throws, so a failing command shows its output. */
async function exec(
  file: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = sandboxEnv,
): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(file, args, { cwd, env, timeout: 600_000, maxBuffer: 32 * 1024 * 1024 });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string; message: string };
    return { code: typeof e.code === 'number' ? e.code : 1, out: e.stdout ?? '', err: `${e.stderr ?? ''}${e.message}` };
  }
}

/**
 * Third-party packages (name@version) a built bundle's source map names, by bundle file. The maps
 * are read from the snapshot under `root`; their relative sources point into the repository's
 * node_modules, so they are resolved from where the map was built.
 */
function bundlesOf(ws: Workspace, root: string): Map<string, Set<string>> {
  const dist = path.join(root, ws.dir, 'dist');
  const bundles = new Map<string, Set<string>>();
  if (!existsSync(dist)) return bundles;
  for (const rel of readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.map'))) {
    const mapFile = path.join(dist, rel);
    const builtAt = path.join(repoRoot, ws.dir, 'dist', path.dirname(rel));
    const { sources } = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
    const names = new Set<string>();
    // A plugin's stand-in (`lazy-module:/path`) is generated code, not the package's own.
    for (const source of sources.filter((s) => !/^[a-z-]+:/.test(s))) {
      const abs = path.resolve(builtAt, source);
      const at = abs.lastIndexOf('/node_modules/');
      if (at < 0) continue;
      const parts = abs.slice(at + '/node_modules/'.length).split('/');
      const name = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
      const manifest = JSON.parse(
        readFileSync(path.join(abs.slice(0, at), 'node_modules', name, 'package.json'), 'utf8'),
      ) as { version: string };
      names.add(`${name}@${manifest.version}`);
    }
    if (names.size > 0) bundles.set(path.posix.join('dist', rel.slice(0, -'.map'.length)), names);
  }
  return bundles;
}

/** The optional peers (`peerDependenciesMeta: { x: { optional: true } }`) of every package installed under `modules`. */
function optionalPeersOf(modules: string): Set<string> {
  const peers = new Set<string>();
  if (!existsSync(modules)) return peers;
  for (const rel of readdirSync(modules, { recursive: true, encoding: 'utf8' })) {
    if (path.basename(rel) !== 'package.json') continue;
    let manifest: { peerDependenciesMeta?: Record<string, { optional?: boolean }> };
    try {
      manifest = JSON.parse(readFileSync(path.join(modules, rel), 'utf8')) as typeof manifest;
    } catch {
      continue; // a fixture or template named package.json inside a package
    }
    for (const [name, meta] of Object.entries(manifest.peerDependenciesMeta ?? {})) if (meta.optional) peers.add(name);
  }
  return peers;
}

// Packing, an npm install and a strict type check of every package: minutes on a busy machine
// (the limits only decide how long a broken step takes to fail).
describe('the packages as an outside developer installs them', { timeout: 600_000 }, () => {
  let temp = '';
  let project = '';
  let snapshot = '';
  let tarballs = new Map<string, string>();
  let installed: { code: number; out: string; err: string };
  let registry: LocalRegistry | undefined;

  beforeAll(async () => {
    temp = mkdtempSync(path.join(os.tmpdir(), 'outside-consumer-'));
    project = path.join(temp, 'project');
    sandboxEnv = homeEnv(temp);
    for (const ws of workspaces) {
      if (!existsSync(path.join(repoRoot, ws.dir, 'dist')))
        throw new Error(`${ws.dir}/dist is missing: build first (pnpm build)`);
    }
    // Packed from a copy taken once (and checked to be unchanged while copied), never from the
    // workspace itself, which other tasks run beside this suite.
    snapshot = snapshotWorkspaces(workspaces, path.join(temp, 'snapshot'));
    tarballs = await packWorkspaces(workspaces, path.join(temp, 'tarballs'), snapshot, sandboxEnv);
    cpSync(path.join(here, '../consumer'), project, { recursive: true });
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'outside-consumer', version: '1.0.0', private: true }),
    );
    registry = await startLocalRegistry(path.join(repoRoot, 'node_modules', '.pnpm'), path.join(temp, 'registry'));
    installed = await exec(
      'npm',
      [
        'install',
        `--registry=${registry.url}/`,
        `--cache=${path.join(temp, 'npm-cache')}`,
        `--userconfig=${path.join(temp, 'npmrc')}`,
        '--no-audit',
        '--no-update-notifier',
        '--no-fund',
        '--loglevel=error',
        ...tarballs.values(),
        `zod@${toolsPins.zod}`,
        `@types/node@${rootPins.devDependencies['@types/node']}`,
      ],
      project,
    );
  }, 900_000);

  // Removing the installed project and the snapshot (thousands of files) took 12 s on a busy
  // 2-core machine; removing 20,000 files elsewhere took over a minute there (a limit only).
  afterAll(async () => {
    await registry?.close();
    if (temp !== '') rmSync(temp, { recursive: true, force: true });
  }, 300_000);

  it('runs after every public workspace is built: each is a dev dependency of this package', () => {
    const own = JSON.parse(readFileSync(path.join(here, '../package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    for (const ws of workspaces) expect(own.devDependencies[ws.manifest.name], ws.manifest.name).toBe('workspace:*');
  });

  it('packs every public workspace and installs the tarballs with plain npm, from the local registry only', () => {
    expect([...tarballs.keys()].sort()).toEqual(workspaces.map((w) => w.manifest.name).sort());
    // npm also asks the registry for the workspace packages it installs from the tarballs, and
    // looks up optional peers it then leaves out (the ACP SDK's optional MCP server peer).
    const ours = new Set(workspaces.map((w) => w.manifest.name));
    const optional = optionalPeersOf(path.join(project, 'node_modules'));
    const missing = [...(registry?.missing ?? [])].filter((name) => !ours.has(name) && !optional.has(name));
    expect(missing, 'asked of the local registry but not installed in this workspace').toEqual([]);
    expect(installed.err).not.toMatch(/ERR!/);
    expect(installed.code).toBe(0);
    // Every third-party dependency came through the local registry (the bundled bins need none of
    // theirs at run time, the libraries do): at least the ones the libraries name.
    for (const name of ['@anthropic-ai/sdk', 'zod', 'yaml', 'ignore', 'picomatch', 'mvdan-sh'])
      expect(registry?.asked.has(name), name).toBe(true);
    for (const ws of workspaces)
      expect(existsSync(path.join(project, 'node_modules', ws.manifest.name, 'package.json'))).toBe(true);
  });

  it('ships the MIT LICENSE in every tarball and no tests, test helpers, build scripts or demos', async () => {
    for (const ws of workspaces) {
      const tarball = tarballs.get(ws.manifest.name)!;
      const entries = await tarballEntries(tarball);
      expect(ws.manifest.license, ws.dir).toBe('MIT');
      expect(entries, ws.dir).toContain('LICENSE');
      expect(await tarballFile(tarball, 'LICENSE')).toMatch(
        /^MIT License\n\nCopyright \(c\) \d{4} coding-harness contributors\n/,
      );
      const unwanted = entries.filter((e) =>
        /\.test[.-]|(^|\/)(test-support|testing|fixtures|bench)\/|^build\.mjs$|^scripts\/|^demo\/|\.tsbuildinfo$|\.cache$/.test(
          e,
        ),
      );
      expect(unwanted, ws.dir).toEqual([]);
      const packed = JSON.parse(await tarballFile(tarball, 'package.json')) as { repository: unknown };
      expect(packed.repository).toEqual({
        type: 'git',
        url: 'git+https://github.com/coding-harness/coding-harness.git',
        directory: ws.dir,
      });
    }
  });

  it('ships third-party notices beside every bundle, naming each package the bundle inlines', async () => {
    let bundles = 0;
    for (const ws of workspaces) {
      const tarball = tarballs.get(ws.manifest.name)!;
      const entries = await tarballEntries(tarball);
      for (const [bundle, packages] of bundlesOf(ws, snapshot)) {
        if (!entries.includes(bundle)) continue;
        bundles += 1;
        const notices = path.posix.join(path.posix.dirname(bundle), 'THIRD_PARTY_NOTICES.md');
        expect(entries, `${ws.dir}: ${bundle}`).toContain(notices);
        const text = await tarballFile(tarball, notices);
        for (const pkg of packages) expect(text, `${ws.dir}: ${notices}`).toContain(`## ${pkg} (`);
      }
    }
    // The harness bin is a bundle; a check that finds none has stopped looking.
    expect(bundles).toBeGreaterThan(0);
  });

  it('imports every package and subpath from ESM', async () => {
    const result = await exec(process.execPath, ['load-esm.mjs', ...specifiers], project);
    expect(result.err).toBe('');
    const loaded = JSON.parse(result.out) as Record<string, number | string>;
    for (const spec of specifiers) expect(typeof loaded[spec], `${spec}: ${loaded[spec]}`).toBe('number');
  });

  it('loads every package and subpath with require() from CommonJS', async () => {
    const result = await exec(process.execPath, ['--no-warnings', 'load-cjs.cjs', ...specifiers], project);
    const loaded = JSON.parse(result.out) as Record<string, number | string>;
    for (const spec of specifiers) expect(typeof loaded[spec], `${spec}: ${loaded[spec]}`).toBe('number');
  });

  it('loads the built JavaScript, not TypeScript sources, under a generic `source` condition', async () => {
    const result = await exec(process.execPath, ['--conditions=source', 'load-esm.mjs', ...specifiers], project);
    const loaded = JSON.parse(result.out) as Record<string, number | string>;
    for (const spec of specifiers) expect(typeof loaded[spec], `${spec}: ${loaded[spec]}`).toBe('number');
  });

  it('type checks a strict consumer of every package with skipLibCheck off', async () => {
    const lines = specifiers.map((spec, i) => `import * as m${i} from '${spec}';`);
    writeFileSync(
      path.join(project, 'types.mts'),
      `${lines.join('\n')}\nexport const all = [${specifiers.map((_, i) => `m${i}`).join(', ')}];\n`,
    );
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          target: 'es2023',
          strict: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: false,
          noEmit: true,
          types: ['node'],
        },
        files: ['types.mts'],
      }),
    );
    const result = await exec(path.join(repoRoot, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], project);
    expect(`${result.out}${result.err}`).toBe('');
    expect(result.code).toBe(0);
  });

  it('builds an agent with its own tool, without bash and with its own system prompt, and runs a turn against the mock', async () => {
    const result = await exec(process.execPath, ['custom-agent.mjs'], project);
    expect(result.code, result.err).toBe(0);
    const turn = JSON.parse(result.out) as {
      systemPrompt: string;
      system: string[];
      tools: string[][];
      toolResult: { content: unknown; is_error?: boolean };
      events: string[];
      end: { type: string; stopReason?: string };
    };
    expect(turn.systemPrompt).toContain('You are Shouty, an assistant that answers in capitals.');
    expect(turn.systemPrompt).not.toContain('You are coding-harness');
    expect(turn.system).toHaveLength(2);
    for (const system of turn.system) expect(system).toContain('You are Shouty');
    for (const tools of turn.tools) {
      expect(tools).toContain('shout');
      expect(tools).toContain('read_file');
      expect(tools).not.toContain('bash');
    }
    // Allowed by the `Shout` rule, so run without a question (this agent has no one to ask).
    expect(JSON.stringify(turn.toolResult.content)).toContain('HELLO');
    expect(turn.toolResult.is_error ?? false).toBe(false);
    expect(turn.events).toContain('tool_call_finished');
    expect(turn.end).toMatchObject({ type: 'turn_end', stopReason: 'end_turn' });
  });

  it('runs `npx harness --help` from the install', async () => {
    const result = await exec('npx', ['--no-install', 'harness', '--help'], project);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toMatch(/^Usage:|\n\s*harness /);
    // Outside this repository there is no pnpm script to run: messages name what an npm user has.
    expect(result.out).not.toMatch(/\bpnpm\b/);
    const env = Object.fromEntries(Object.entries(sandboxEnv).filter(([k]) => !k.startsWith('ANTHROPIC_')));
    const noKey = await exec('npx', ['--no-install', 'harness', '-p', 'hi'], project, env);
    expect(noKey.code).toBe(2);
    expect(noKey.err).toContain('ANTHROPIC_API_KEY');
    expect(noKey.err).toContain('npx -p @coding-harness/mock-anthropic mock-anthropic');
    expect(noKey.err).not.toMatch(/\bpnpm\b/);
  });

  it('runs every bin of every package with --help', async () => {
    const bins = workspaces.flatMap((w) => Object.keys(w.manifest.bin ?? {}));
    expect(bins).toContain('harness-tui');
    for (const bin of bins) {
      const result = await exec('npx', ['--no-install', bin, '--help'], project);
      expect(result.code, `${bin}: ${result.err}`).toBe(0);
      expect(result.out, bin).toContain(bin);
    }
  });
});
