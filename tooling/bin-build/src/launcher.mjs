// The launcher a bin runs: a small CommonJS file (an ES module entry would start Node's ESM
// loader first, several ms) that compiles the bundle through node:vm with a V8 code cache, so
// later runs skip parsing and compiling it. Node 20 has no module.enableCompileCache.
//
// One cache per *mode* of the bin (a mode is named by the flags that select it, e.g. `-p` for a
// print run, `--version`): a cache holds the functions compiled by the run that wrote it, so a
// first `harness --version` must not leave every later `harness -p` compiling its own code.
//
// The cache lives in the user's cache folder, never in the installed package (a global or
// read-only install could not keep it, and every exit would pay to build it again):
// $XDG_CACHE_HOME/coding-harness/ (an absolute XDG_CACHE_HOME), else ~/.cache/coding-harness/.
// It is read only from a folder owned by this user and writable by nobody else, written only
// when missing or rejected by V8 (another Node version, flags), through a temporary file that is
// renamed into place or removed, and skipped silently when the folder cannot be written. A cache
// file that is not a regular file (a link to /dev/null, a FIFO: how a user turns the cache off)
// is never read, written or replaced, and never waited on. The
// name carries the bundle's hash, the Node version and the architecture, so a rebuilt bundle or
// another Node never meets a stale cache; caches of other builds older than 30 days are removed
// when a new one is written.

/**
 * Runs the bundle `bundleName` (in `dir`) as a CommonJS module through a code cache named after
 * `cacheKey` and the run's mode: the first of `modes` (`[name, flags]` pairs) one of whose flags
 * is in argv (before `--`), else `default`. Serialised into the launcher with Function#toString:
 * it must use nothing from this module's scope, only its parameters and Node built-ins.
 */
function launch(require, dir, bundleName, cacheKey, modes) {
  const fs = require('node:fs');
  const path = require('node:path');
  const { Script } = require('node:vm');
  const MONTH_MS = 30 * 24 * 3600 * 1000;

  function cacheFolder() {
    const xdg = process.env.XDG_CACHE_HOME;
    const home = process.env.HOME || require('node:os').homedir();
    if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'coding-harness');
    return home && path.isAbsolute(home) ? path.join(home, '.cache', 'coding-harness') : undefined;
  }

  /** A folder that is a real folder of this user's, which nobody else can write to. */
  function privateFolder(folder) {
    try {
      const st = fs.lstatSync(folder);
      if (!st.isDirectory() || (st.mode & 0o022) !== 0) return false;
      return typeof process.getuid !== 'function' || st.uid === process.getuid();
    } catch {
      return false;
    }
  }

  /** Missing, or a regular file itself (not a link): the only cache files ever written. */
  function replaceable(file) {
    try {
      return fs.lstatSync(file).isFile();
    } catch (err) {
      return err.code === 'ENOENT';
    }
  }

  /** The cache's bytes, read without blocking and only from a regular file; else undefined. */
  function readCache(file) {
    let fd;
    try {
      fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
      return fs.fstatSync(fd).isFile() ? fs.readFileSync(fd) : undefined;
    } catch {
      return undefined; // no cache yet
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  }

  function writeCache(folder, file, script) {
    try {
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      if (!privateFolder(folder) || !replaceable(file)) return;
      fs.accessSync(folder, fs.constants.W_OK);
    } catch {
      return; // not writable: skip, without paying for createCachedData
    }
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(tmp, script.createCachedData(), { flag: 'wx', mode: 0o600 });
      if (!replaceable(file)) throw new Error(`${file} is no longer a regular file`);
      fs.renameSync(tmp, file);
    } catch {
      try {
        fs.unlinkSync(tmp);
      } catch {
        // never written
      }
      return;
    }
    const prefix = `${bundleName.replace(/\.cjs$/, '')}.`;
    try {
      for (const name of fs.readdirSync(folder)) {
        const other = path.join(folder, name);
        if (other === file || !name.startsWith(prefix) || !name.endsWith('.cache')) continue;
        if (Date.now() - fs.statSync(other).mtimeMs > MONTH_MS) fs.unlinkSync(other);
      }
    } catch {
      // tidying is best effort
    }
  }

  function modeOf(argv) {
    const end = argv.indexOf('--');
    const args = end < 0 ? argv : argv.slice(0, end);
    const found = modes.find(([, flags]) => flags.some((flag) => args.includes(flag)));
    return found ? found[0] : 'default';
  }

  const file = path.join(dir, bundleName);
  const folder = cacheFolder();
  const mode = modeOf(process.argv.slice(2));
  const cacheFile = folder && path.join(folder, `${cacheKey}.${mode}.${process.version}-${process.arch}.cache`);
  const cachedData = cacheFile && privateFolder(folder) ? readCache(cacheFile) : undefined;
  const source = fs.readFileSync(file, 'utf8');
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapped, { filename: file, cachedData });
  if (cacheFile && (cachedData === undefined || script.cachedDataRejected))
    process.once('exit', () => writeCache(folder, cacheFile, script));
  const mod = { exports: {} };
  script.runInThisContext()(mod.exports, require, mod, file, dir);
  return mod.exports;
}

/**
 * The launcher's text for a bundle file name (beside it), its content hash, and the bin's modes
 * (`{ name: flags }`, checked in order; a mode name is part of a cache file's name). With
 * `exportsBundle` the launcher is a module whose exports are the bundle's (a vendor bundle that
 * a bin requires), not an executable.
 */
export function launcherSource(bundleName, hash, modes = {}, { exportsBundle = false } = {}) {
  for (const name of Object.keys(modes))
    if (!/^[a-z][a-z-]*$/.test(name) || name === 'default') throw new Error(`bad cache mode name: ${name}`);
  const cacheKey = `${bundleName.replace(/\.cjs$/, '')}.${hash}`;
  return `${exportsBundle ? '' : '#!/usr/bin/env node\n'}// Generated by @coding-harness/bin-build (tooling/bin-build/src/launcher.mjs): runs ${bundleName}
// through a V8 code cache kept in the user's cache folder. Do not edit.
'use strict';
${exportsBundle ? 'module.exports = ' : ''}(${launch.toString()})(require, __dirname, ${JSON.stringify(bundleName)}, ${JSON.stringify(cacheKey)}, ${JSON.stringify(Object.entries(modes))});
`;
}
