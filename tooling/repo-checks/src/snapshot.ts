import { cpSync, mkdirSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import type { Workspace } from './workspaces.js';
import { listWorkspaces, repoRoot } from './workspaces.js';

/** What is never copied: installs, turbo's logs, test reports. */
const SKIPPED = new Set(['node_modules', '.turbo', '.vitest-result.json']);

/** Each file under a workspace (relative, installs skipped) with its size and modification time. */
function fingerprint(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string): void => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) {
        const st = statSync(path.join(dir, child));
        out.set(child, `${st.size}:${st.mtimeMs}`);
      }
    }
  };
  walk('');
  return out;
}

/** The first file that differs between two fingerprints, or undefined. */
function firstDifference(a: Map<string, string>, b: Map<string, string>): string | undefined {
  for (const [file, print] of a) if (b.get(file) !== print) return file;
  for (const file of b.keys()) if (!a.has(file)) return file;
  return undefined;
}

/**
 * Copies the public workspaces as built (dist/ included) into `dest`, laid out as in the
 * repository with the root manifest, pnpm-workspace.yaml and LICENSE, so `pnpm pack` run there
 * packs exactly what was copied. Other turbo tasks run while this suite does; packing straight
 * from the workspace would read each file at whatever moment it got to it. Each workspace is
 * listed (size and modification time of every file) before and after its copy, and a change in
 * between throws naming the file rather than packing a file caught half-written.
 * Workspace dependencies are linked in each copy's node_modules (to the copy when there is one,
 * else to the original), which is all `pnpm pack` reads to turn `workspace:` ranges into versions.
 * Returns the snapshot's root.
 */
export function snapshotWorkspaces(workspaces: readonly Workspace[], dest: string): string {
  mkdirSync(dest, { recursive: true });
  for (const file of ['package.json', 'pnpm-workspace.yaml', 'LICENSE'])
    cpSync(path.join(repoRoot, file), path.join(dest, file));
  for (const ws of workspaces) {
    const from = path.join(repoRoot, ws.dir);
    const before = fingerprint(from);
    cpSync(from, path.join(dest, ws.dir), {
      recursive: true,
      filter: (src) => !SKIPPED.has(path.basename(src)),
    });
    const changed = firstDifference(before, fingerprint(from));
    if (changed !== undefined)
      throw new Error(
        `${ws.dir}/${changed} changed while the packages were being copied for packing: something is writing the ` +
          'built packages during the tests (only the build task may)',
      );
  }
  const all = listWorkspaces();
  const copied = new Set(workspaces.map((w) => w.manifest.name));
  for (const ws of workspaces) {
    const deps = { ...ws.manifest.dependencies, ...ws.manifest.devDependencies };
    for (const [name, range] of Object.entries(deps)) {
      if (!range.startsWith('workspace:')) continue;
      const target = all.find((w) => w.manifest.name === name);
      if (target === undefined) continue;
      const link = path.join(dest, ws.dir, 'node_modules', name);
      mkdirSync(path.dirname(link), { recursive: true });
      symlinkSync(copied.has(name) ? path.join(dest, target.dir) : path.join(repoRoot, target.dir), link);
    }
  }
  return dest;
}
