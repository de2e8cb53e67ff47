// blessed inside a bin bundle (the TUI's), so its ~40 files are compiled once into the bundle's
// V8 code cache instead of being resolved, read and compiled one by one on every start (~15 ms
// of the first frame). Two things in blessed 0.1.x depend on its files' places:
// - lib/widget.js requires its widgets by computed name (`require('./widgets/' + file)`):
//   esbuild bundles a computed require as a glob of lib/widgets/*, keyed by file name with its
//   extension, so the call gets its `.js` and every widget is in the bundle;
// - lib/tput.js (terminfo/termcap fallbacks in usr/) and lib/widgets/bigtext.js (fonts in
//   usr/fonts/) read data files next to their own `__dirname`: in those files `__dirname` is
//   rebound to the installed blessed's folder (blessed stays a runtime dependency for its data).
// The terminal widget's optional `term.js` and `pty.js` stay unresolved requires (external):
// they fail only if that widget is used, as in blessed itself without them.
// blessed-bundle.test.ts fails when a blessed upgrade changes any of this.
import { readFile } from 'node:fs/promises';
import { dirname, relative, sep } from 'node:path';

/** The files of blessed (relative to its package folder) whose `__dirname` is rebound. */
export const BLESSED_DIRNAME_FILES = ['lib/tput.js', 'lib/widgets/bigtext.js'];

/** Left as runtime requires: blessed's optional peers, and its package.json (only `require.resolve`d, to find its folder). */
export const BLESSED_EXTERNAL = ['term.js', 'pty.js', 'blessed/package.json'];

const BLESSED_FILE = /[\\/]node_modules[\\/]blessed[\\/]lib[\\/].*\.js$/;

/** The package folder of a file under `.../node_modules/blessed/`. */
function packageRoot(file) {
  const marker = `${sep}node_modules${sep}blessed${sep}`;
  return file.slice(0, file.lastIndexOf(marker) + marker.length - 1);
}

/**
 * The line that rebinds `__dirname` in a bundled blessed file to where that file is installed,
 * found at run time from the bundle (blessed is a dependency of the package that ships it).
 */
export function dirnamePrelude(relativeDir) {
  const path = 'require("node:path")';
  return `var __dirname = ${path}.join(${path}.dirname(require.resolve("blessed/package.json")), ${JSON.stringify(relativeDir)});\n`;
}

/** The computed widget require of lib/widget.js, and what it becomes. */
export const WIDGET_REQUIRE = "require('./widgets/' + file)";
const WIDGET_REQUIRE_JS = "require('./widgets/' + file + '.js')";

/**
 * The esbuild plugin: gives lib/widget.js's computed require its extension and rebinds
 * `__dirname` in the files that read blessed's data. Throws on anything it does not expect.
 */
export function blessedInBundle() {
  return {
    name: 'blessed-in-bundle',
    setup(build) {
      build.onLoad({ filter: BLESSED_FILE }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const root = packageRoot(args.path);
        const rel = relative(root, args.path).split(sep).join('/');
        if (rel === 'lib/widget.js') {
          if (!source.includes(WIDGET_REQUIRE))
            throw new Error(`blessed-in-bundle: lib/widget.js no longer has ${WIDGET_REQUIRE}`);
          return { contents: source.replace(WIDGET_REQUIRE, WIDGET_REQUIRE_JS), loader: 'js' };
        }
        if (!/\b__(dirname|filename)\b/.test(source)) return undefined;
        if (!BLESSED_DIRNAME_FILES.includes(rel) || /\b__filename\b/.test(source))
          throw new Error(`blessed-in-bundle: ${rel} uses __dirname/__filename and is not a known data reader`);
        const dir = relative(root, dirname(args.path)).split(sep).join('/');
        return { contents: dirnamePrelude(dir) + source, loader: 'js' };
      });
    },
  };
}
