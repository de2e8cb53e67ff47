import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** The repository root, found from this file's place in tooling/repo-checks/src. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The fields of a workspace's package.json that the repository checks read. */
export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  bin?: Record<string, string>;
  files?: string[];
  exports?: Record<string, unknown>;
  repository?: { type?: string; url?: string; directory?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** One workspace: its folder relative to the root and its manifest. */
export interface Workspace {
  dir: string;
  manifest: Manifest;
}

/**
 * Every workspace pnpm-workspace.yaml names, in folder order. Only the `<folder>/*` entry form is
 * supported; another form throws, so a new kind of entry is noticed here and not silently missed.
 */
export function listWorkspaces(root: string = repoRoot): Workspace[] {
  const config = parse(readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8')) as { packages?: unknown };
  if (!Array.isArray(config.packages)) throw new Error('pnpm-workspace.yaml has no packages list');
  return config.packages.flatMap((entry: unknown) => {
    if (typeof entry !== 'string' || !/^[\w-]+\/\*$/.test(entry))
      throw new Error(`unsupported workspace entry: ${String(entry)}`);
    const parent = entry.slice(0, -2);
    if (!existsSync(path.join(root, parent))) return [];
    return readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(path.join(root, parent, d.name, 'package.json')))
      .map((d) => d.name)
      .sort()
      .map((name) => {
        const dir = `${parent}/${name}`;
        return { dir, manifest: JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as Manifest };
      });
  });
}

/** The workspaces that publish to npm (not `private`). */
export const publicWorkspaces = (root: string = repoRoot): Workspace[] =>
  listWorkspaces(root).filter((w) => w.manifest.private !== true);

/**
 * The names of the workspaces that depend on `name` at run time (its `dependencies`, followed
 * transitively), which are the ones a release of `name` must reach: they import it or bundle it.
 */
export function runtimeDependents(workspaces: readonly Workspace[], name: string): Set<string> {
  const found = new Set<string>();
  const queue = [name];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const w of workspaces) {
      if (found.has(w.manifest.name) || w.manifest.dependencies?.[next] === undefined) continue;
      found.add(w.manifest.name);
      queue.push(w.manifest.name);
    }
  }
  return found;
}
