import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Workspace } from './workspaces.js';
import { repoRoot } from './workspaces.js';

const run = promisify(execFile);

/**
 * The pnpm to pack with: the one running this (`npm_execpath` when it is pnpm), else `pnpm` on
 * PATH. Only pnpm pack rewrites `workspace:` ranges into the versions an outside install needs.
 */
function pnpmCommand(): { file: string; args: string[] } {
  const exec = process.env.npm_execpath;
  if (exec !== undefined && /pnpm/.test(path.basename(exec)))
    return /\.c?js$/.test(exec) ? { file: process.execPath, args: [exec] } : { file: exec, args: [] };
  return { file: 'pnpm', args: [] };
}

/**
 * Packs each workspace into `dest` with `pnpm pack`, run in its folder under `root` (the
 * repository, or a snapshot of it laid out the same way) with `env`; returns tarball paths by
 * package name.
 */
export async function packWorkspaces(
  workspaces: readonly Workspace[],
  dest: string,
  root: string = repoRoot,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Map<string, string>> {
  const pnpm = pnpmCommand();
  const packed = await Promise.all(
    workspaces.map(async (ws) => {
      const { stdout } = await run(pnpm.file, [...pnpm.args, 'pack', '--pack-destination', dest, '--json'], {
        cwd: path.join(root, ws.dir),
        env,
        timeout: 600_000,
        maxBuffer: 16 * 1024 * 1024,
      });
      const { filename } = JSON.parse(stdout) as { filename: string };
      return [ws.manifest.name, path.resolve(dest, filename)] as const;
    }),
  );
  return new Map(packed);
}

/** The entries of a tarball, without npm's leading `package/`. */
export async function tarballEntries(tarball: string): Promise<string[]> {
  const { stdout } = await run('tar', ['-tzf', tarball], { maxBuffer: 16 * 1024 * 1024 });
  return stdout
    .split('\n')
    .filter((line) => line.length > 0 && !line.endsWith('/'))
    .map((line) => line.replace(/^package\//, ''));
}

/** One file's text out of a tarball. */
export async function tarballFile(tarball: string, entry: string): Promise<string> {
  const { stdout } = await run('tar', ['-xzOf', tarball, `package/${entry}`], { maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}
