/**
 * A local npm registry for the outside-consumer test: it serves the third-party packages this
 * workspace already has installed (pnpm's `node_modules/.pnpm`), so plain `npm install` of the
 * packed tarballs resolves every dependency without the internet and without the user's npm
 * cache. A name's document lists every installed version of it; a version's tarball is packed
 * on first request from the installed folder (its files as installed, under `package/`, with GNU
 * tar), and its integrity is that tarball's sha512. Anything not installed here is a 404, so an
 * install that would need the network fails instead of reaching out.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One installed package version: where its folder is. */
interface Installed {
  name: string;
  version: string;
  dir: string;
}

/** A running registry: its URL (for `--registry`), the names npm asked for, and how to stop it. */
export interface LocalRegistry {
  url: string;
  /** Package names npm asked for, found or not (the test shows the missing ones). */
  asked: Set<string>;
  missing: Set<string>;
  close(): Promise<void>;
}

/** The package folders directly inside a `.pnpm/<entry>/node_modules` (its own, not the links to its deps). */
function ownPackages(modules: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(modules)) {
    const at = path.join(modules, name);
    if (lstatSync(at).isSymbolicLink()) continue;
    if (name.startsWith('@')) {
      for (const sub of readdirSync(at)) {
        const scoped = path.join(at, sub);
        if (!lstatSync(scoped).isSymbolicLink()) found.push(scoped);
      }
    } else found.push(at);
  }
  return found;
}

/** Numeric `major.minor.patch` order (pre-release tags after the numbers, by text): enough to pick `latest`. */
function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/).map((x) => (/^\d+$/.test(x) ? Number(x) : x));
  const pb = b.split(/[.+-]/).map((x) => (/^\d+$/.test(x) ? Number(x) : x));
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? -1;
    const y = pb[i] ?? -1;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return 0;
}

/** Every package version pnpm installed for the workspace, by name. */
function installedPackages(store: string): Map<string, Map<string, Installed>> {
  const byName = new Map<string, Map<string, Installed>>();
  for (const entry of readdirSync(store)) {
    const modules = path.join(store, entry, 'node_modules');
    if (entry === 'node_modules' || !existsSync(modules)) continue;
    for (const dir of ownPackages(modules)) {
      const manifest = path.join(dir, 'package.json');
      if (!existsSync(manifest)) continue;
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (typeof name !== 'string' || typeof version !== 'string') continue;
      const versions = byName.get(name) ?? new Map<string, Installed>();
      if (!versions.has(version)) versions.set(version, { name, version, dir });
      byName.set(name, versions);
    }
  }
  return byName;
}

/**
 * Starts the registry on 127.0.0.1 over the packages installed under `store`
 * (`<repo>/node_modules/.pnpm`), packing tarballs into `tmp`.
 */
export async function startLocalRegistry(store: string, tmp: string): Promise<LocalRegistry> {
  const packages = installedPackages(store);
  mkdirSync(tmp, { recursive: true });
  const packed = new Map<string, Promise<{ file: string; integrity: string }>>();
  const asked = new Set<string>();
  const missing = new Set<string>();

  const tarball = (pkg: Installed): Promise<{ file: string; integrity: string }> => {
    const key = `${pkg.name}@${pkg.version}`;
    let done = packed.get(key);
    if (done === undefined) {
      const file = path.join(tmp, `${pkg.name.replace('/', '+')}-${pkg.version}.tgz`);
      const base = path.basename(pkg.dir);
      done = run('tar', [
        '-czf',
        file,
        '--hard-dereference',
        '--owner=0',
        '--group=0',
        '-C',
        path.dirname(pkg.dir),
        `--transform=s,^${base.replace(/[.[\]*^$\\]/g, '\\$&')},package,`,
        base,
      ]).then(() => ({
        file,
        integrity: `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`,
      }));
      packed.set(key, done);
    }
    return done;
  };

  let url = '';
  const server = createServer((req, res) => {
    const route = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/').replace(/^\/+/, '');
    const fail = (code: number, why: string) => {
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: why }));
    };
    void (async () => {
      const file = /^-\/tarballs\/(.+)\/([^/]+)\.tgz$/.exec(route);
      if (file) {
        const pkg = packages.get(file[1] as string)?.get(file[2] as string);
        if (!pkg) return fail(404, 'not installed here');
        const { file: tgz } = await tarball(pkg);
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(readFileSync(tgz));
        return;
      }
      asked.add(route);
      const versions = packages.get(route);
      if (!versions) {
        missing.add(route);
        return fail(404, 'not installed here');
      }
      const doc: { name: string; 'dist-tags': { latest: string }; versions: Record<string, unknown> } = {
        name: route,
        'dist-tags': { latest: '' },
        versions: {},
      };
      for (const pkg of versions.values()) {
        const manifest = JSON.parse(readFileSync(path.join(pkg.dir, 'package.json'), 'utf8')) as Record<
          string,
          unknown
        >;
        const { integrity } = await tarball(pkg);
        doc.versions[pkg.version] = {
          ...manifest,
          name: pkg.name,
          version: pkg.version,
          dist: { tarball: `${url}/-/tarballs/${pkg.name}/${pkg.version}.tgz`, integrity },
        };
        if (doc['dist-tags'].latest === '' || compareVersions(pkg.version, doc['dist-tags'].latest) > 0)
          doc['dist-tags'].latest = pkg.version;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(doc));
    })().catch((error: unknown) => fail(500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    asked,
    missing,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
