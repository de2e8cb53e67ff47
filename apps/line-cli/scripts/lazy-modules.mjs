// An esbuild plugin for build.mjs: keeps rarely used, self-contained libraries out of the main
// bin bundle. Each listed import (matched by the resolved file) becomes a small CommonJS stand-in:
// a Proxy that knows the module's export names (read here at build time) and loads the real
// module from a second bundle, harness-lazy.cjs, on first use (a call or a property read).
// A `-p hi` run never touches them, so it neither reads, deserialises nor evaluates their code.
//
// Only libraries that share no classes with the main bundle belong here (their copy in the lazy
// bundle is separate, so instanceof across the two would fail).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Import specifiers (as written) whose modules go to the lazy bundle. */
export const LAZY_SPECIFIERS = [/^yaml$/, /^picomatch$/, /^ignore$/, /\/locales\/index\.js$/];

/**
 * Node built-ins that only some runs use (the bash tool, grep's worker pool, the REPL): the
 * bundle gets the same kind of stand-in, which requires the built-in on first use. Each one
 * Node loads costs start-up time (child_process alone also loads net, dgram and more).
 */
export const LAZY_BUILTINS = ['child_process', 'worker_threads', 'readline', 'os', 'crypto', 'fs/promises'];

/** What a stand-in needs to know about the real module without loading it at run time. */
async function shape(file) {
  try {
    const mod = createRequire(import.meta.url)(file);
    return { kind: typeof mod === 'function' ? 'function' : 'object', esModule: Boolean(mod.__esModule), keys: Object.getOwnPropertyNames(mod) };
  } catch (err) {
    if (err?.code !== 'ERR_REQUIRE_ESM') throw err;
  }
  const ns = await import(pathToFileURL(file).href);
  return { kind: 'object', esModule: true, keys: Object.keys(ns) };
}

// The stand-in has no own keys: esbuild's ESM interop (`__toESM`) copies a CommonJS module's own
// keys onto a fresh object at every import site, and makes that object's prototype the module's
// prototype. Here that prototype is a forwarder to the real module, so the copy is empty and every
// read (a named import, `ns.key`) still reaches the real module, loading it on first use.
function standIn(loader, { kind, esModule, keys }) {
  const own = keys.filter((k) => !['length', 'name', 'prototype', 'arguments', 'caller'].includes(k));
  return `"use strict";
let real;
const names = new Set(${JSON.stringify(own)});
const load = () => (real ??= ${loader});
const forward = new Proxy({}, { get: (_, k) => load()[k], has: (_, k) => k in load() });
module.exports = new Proxy(${kind === 'function' ? '() => {}' : '{}'}, {
  get: (_, k) => (k === "__esModule" ? ${esModule} : load()[k]),
  apply: (_, self, args) => Reflect.apply(load(), self, args),
  has: (_, k) => k in load(),
  getPrototypeOf: () => forward,
  ownKeys: () => [],
  getOwnPropertyDescriptor: (_, k) => (names.has(k) ? { get: () => load()[k], enumerable: true, configurable: true } : undefined),
});
`;
}

/**
 * Returns the plugin and a function that, after the main build, writes the lazy bundle with
 * every module the plugin replaced (index i of its exports = the i-th replaced file).
 */
export function lazyModules() {
  const files = [];
  const plugin = {
    name: 'lazy-modules',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.namespace === 'lazy-module') return { path: args.path, external: true };
        const builtin = /^(node:)?([a-z_/]+)$/.exec(args.path)?.[2];
        if (builtin && LAZY_BUILTINS.includes(builtin)) return { path: `node:${builtin}`, namespace: 'lazy-module' };
        if (args.pluginData?.lazyInner || !LAZY_SPECIFIERS.some((re) => re.test(args.path))) return undefined;
        const resolved = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { lazyInner: true } });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        if (!files.includes(resolved.path)) files.push(resolved.path);
        return { path: resolved.path, namespace: 'lazy-module' };
      });
      b.onLoad({ filter: /.*/, namespace: 'lazy-module' }, async (args) => ({
        contents: args.path.startsWith('node:')
          ? standIn(`require(${JSON.stringify(args.path)})`, await shape(args.path))
          : standIn(`require("./harness-lazy.cjs")[${files.indexOf(args.path)}]`, await shape(args.path)),
        loader: 'js',
        resolveDir: '/',
      }));
    },
  };
  async function writeLazyBundle(outfile, options) {
    return build({
      ...options,
      stdin: { contents: `module.exports = [${files.map((f) => `require(${JSON.stringify(f)})`).join(', ')}];`, resolveDir: '/', loader: 'js' },
      outfile,
    });
  }
  return { plugin, files, writeLazyBundle };
}
