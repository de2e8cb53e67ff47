// An esbuild plugin for build.mjs: cheap ESM interop for Node built-ins in the CommonJS bin bundle.
// esbuild turns each `import fs from 'node:fs'` (or `import * as path`) of every bundled module
// into its own `__toESM(require("node:fs"))`, which copies every property of the built-in onto a
// fresh object: about forty import sites times a hundred properties, 8 ms of a cold start.
// Here each object-valued built-in resolves to one small module exporting an object whose
// *prototype* is the built-in and which has no own properties, so that copy is empty and every
// read (`fs.readFileSync`, a named import) reaches the real module through the prototype, lazily:
// Node's lazy getters (`fs.promises`, `util.parseArgs`) still run only when read.
// Function-valued built-ins (events, stream, module, assert) are left alone: an object with a
// function prototype is not callable, and `new EventEmitter()` must keep working.
import { builtinModules, createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const builtins = new Set(builtinModules);
/** Whether `id` names a built-in whose module value is a plain object (checked when first imported). */
const objectValued = (id) => builtins.has(id) && typeof require(id) === 'object';

/** @param {{ skip?: readonly string[] }} [options] built-ins handled elsewhere (the lazy stand-ins) */
export function builtinInterop(options = {}) {
  const skip = new Set(options.skip ?? []);
  return {
    name: 'builtin-interop',
    setup(b) {
      b.onResolve({ filter: /^(node:)?[a-z_/]+$/ }, (args) => {
        if (args.namespace === 'builtin-interop') return { path: args.path, external: true };
        const id = args.path.replace(/^node:/, '');
        if (skip.has(id) || !objectValued(id)) return undefined;
        return { path: `node:${id}`, namespace: 'builtin-interop' };
      });
      b.onLoad({ filter: /.*/, namespace: 'builtin-interop' }, (args) => ({
        contents: `module.exports = Object.create(require(${JSON.stringify(args.path)}));\n`,
        loader: 'js',
      }));
    },
  };
}
