// Collects the licences of the third-party code an esbuild bundle inlines into one file that
// ships beside the bundle. A bundle is a redistribution of every package it inlines: their
// licences (MIT, ISC, Apache-2.0, ...) ask that the copyright and licence text go along, which
// esbuild's `legalComments` alone does not do (most packages carry no @license comment).
//
// Input: the bundle's esbuild metafile (`metafile: true`). Every input under a `node_modules/`
// folder belongs to the package whose folder follows the last `node_modules/`; our own
// workspace packages resolve to their real folders and so are not listed. A package without a
// licence file fails the build: it may not ship unnoticed.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LICENCE_FILE = /^(licen[cs]e|copying|notice)([.-].*)?$/i;

/** The folder of the package an esbuild input path belongs to, or undefined for our own code. */
function packageDirOf(input, absWorkingDir) {
  const file = input.replace(/^[a-z-]+:/, '');
  const at = file.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const parts = file.slice(at + 'node_modules/'.length).split('/');
  const name = parts[0]?.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return path.resolve(absWorkingDir, file.slice(0, at), 'node_modules', name);
}

/**
 * The third-party packages in the bundles described by these metafiles, sorted by name, each
 * with its version, declared licence and licence files (name and text).
 */
export function bundledPackages(metafiles, absWorkingDir) {
  const dirs = new Set();
  for (const metafile of metafiles) {
    for (const output of Object.values(metafile.outputs)) {
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        const dir = packageDirOf(input, absWorkingDir);
        if (dir !== undefined && bytesInOutput > 0) dirs.add(dir);
      }
    }
  }
  const packages = [...dirs].map((dir) => {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const files = readdirSync(dir)
      .filter((f) => LICENCE_FILE.test(f))
      .sort()
      .map((f) => ({ name: f, text: readFileSync(path.join(dir, f), 'utf8').trim() }));
    if (files.length === 0) throw new Error(`${dir}: bundled, but has no LICENSE, COPYING or NOTICE file to ship`);
    return { name: manifest.name, version: manifest.version, license: manifest.license ?? 'see licence text', files };
  });
  return packages.sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** The notices file's text: a header naming the bundles, then one section per package. */
export function formatNotices(packages, covers) {
  const head = `# Third-party notices\n\n${covers.join(', ')} ${covers.length === 1 ? 'includes' : 'include'} code from the packages below, under their own licences, reproduced here.\n`;
  const sections = packages.map((p) => {
    const texts = p.files
      .map((f) => `${p.files.length > 1 ? `${f.name}:\n\n` : ''}\`\`\`text\n${f.text}\n\`\`\``)
      .join('\n\n');
    return `## ${p.name}@${p.version} (${p.license})\n\n${texts}\n`;
  });
  return [head, ...sections].join('\n');
}

/**
 * Writes the notices for the bundles built with these metafiles to `outFile`; `covers` names the
 * bundle files for the header. Returns the packages listed.
 */
export function writeThirdPartyNotices({ metafiles, absWorkingDir = process.cwd(), outFile, covers }) {
  const packages = bundledPackages(metafiles, absWorkingDir);
  writeFileSync(outFile, formatNotices(packages, covers));
  return packages;
}
