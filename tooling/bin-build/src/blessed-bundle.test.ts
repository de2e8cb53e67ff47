import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { BLESSED_DIRNAME_FILES, BLESSED_EXTERNAL, blessedInBundle, WIDGET_REQUIRE } from './blessed-bundle.mjs';

// blessed as the TUI installs it (this package only builds; the TUI depends on blessed).
const tuiPackage = fileURLToPath(new URL('../../../apps/blessed-tui/package.json', import.meta.url));
const tuiRequire = createRequire(tuiPackage);
const blessedRoot = dirname(tuiRequire.resolve('blessed/package.json'));
const tuiModules = join(dirname(tuiPackage), 'node_modules');

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsFiles(path);
    return name.endsWith('.js') ? [path] : [];
  });
}

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('blessed inside a bundle (what blessed-bundle.mjs relies on)', () => {
  it('the only blessed files that use __dirname are the data readers it rebinds (none uses __filename)', () => {
    const users = jsFiles(join(blessedRoot, 'lib'))
      .filter((file) => /\b__dirname\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(blessedRoot, file).split('\\').join('/'))
      .sort();
    expect(users).toEqual([...BLESSED_DIRNAME_FILES].sort());
    for (const file of jsFiles(join(blessedRoot, 'lib')))
      expect(readFileSync(file, 'utf8')).not.toMatch(/\b__filename\b/);
  });

  it('lib/widget.js requires each of its widget classes by computed name, one file per class in lib/widgets', () => {
    const source = readFileSync(join(blessedRoot, 'lib/widget.js'), 'utf8');
    expect(source.split(WIDGET_REQUIRE)).toHaveLength(2);
    const classes = (tuiRequire('blessed/lib/widget') as { classes: string[] }).classes;
    const files = readdirSync(join(blessedRoot, 'lib/widgets')).sort();
    expect(classes.map((name) => `${name.toLowerCase()}.js`).sort()).toEqual(files);
  });

  it('a bundle with the plugin has every widget and reads terminfo from the installed blessed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'blessed-bundle-'));
    temps.push(dir);
    const entry = join(dir, 'entry.cjs');
    // An unknown terminal makes tput fall back to the xterm terminfo shipped in blessed's usr/.
    writeFileSync(
      entry,
      [
        "const blessed = require('blessed');",
        "const tput = blessed.tput({ terminal: 'no-such-terminal-h1', extended: true });",
        "process.stdout.write(JSON.stringify({ widgets: blessed.widget.classes.filter((c) => typeof blessed[c.toLowerCase()] !== 'function'), name: tput.terminal, cols: typeof tput.cols, fallback: !!tput.info }));",
      ].join('\n'),
    );
    const out = join(dir, 'bundle.cjs');
    await build({
      entryPoints: [entry],
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      logLevel: 'silent',
      nodePaths: [tuiModules],
      external: BLESSED_EXTERNAL,
      plugins: [blessedInBundle()],
    });
    const bundled = readFileSync(out, 'utf8');
    expect(bundled).not.toMatch(/require\("blessed"\)/);
    const result = JSON.parse(
      execFileSync(process.execPath, [out], {
        env: { PATH: process.env.PATH ?? '', NODE_PATH: tuiModules, TERM: 'dumb' },
      }).toString(),
    ) as { widgets: string[]; fallback: boolean };
    expect(result.widgets).toEqual([]);
    expect(result.fallback).toBe(true);
  });
});
