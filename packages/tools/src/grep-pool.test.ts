import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortHits } from './grep-format.js';
import { PARALLEL_MIN_FILES, searchFiles } from './grep-pool.js';
import type * as Pool from './grep-pool.js';
import { compilePattern } from './grep-regex.js';

// The helper thread runs compiled JavaScript, so its test uses the package's build (dist/),
// which turbo builds before testing; from the TypeScript sources the search stays on one thread.
const built = new URL('../dist/grep-pool.js', import.meta.url);
const hasBuild = fs.existsSync(built) && fs.existsSync(new URL('../dist/grep-worker.js', import.meta.url));
if (!hasBuild) console.warn('grep-pool.test: skipping the helper-thread check: run `tsc -b` first (no dist/grep-worker.js)');

let tmp: string;
const files: string[] = [];
beforeAll(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'pool-')));
  for (let i = 0; i < PARALLEL_MIN_FILES + 300; i++) {
    const rel = `d${i % 7}/f${i}.txt`;
    fs.mkdirSync(path.join(tmp, path.dirname(rel)), { recursive: true });
    const body = i % 5 === 0 ? `x\nneedle ${i}\nneedle again\n` : i % 97 === 0 ? 'needle\0bin\n' : `plain ${i}\n`;
    fs.writeFileSync(path.join(tmp, rel), body);
    files.push(rel);
  }
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function pattern(source: string) {
  const c = compilePattern(source, false);
  if (!c.ok) throw new Error(c.error);
  return c.pattern;
}

describe('searchFiles', () => {
  it('finds every matching file once, skipping binary ones', async () => {
    const hits = await searchFiles(files, tmp, { pattern: pattern('needle \\d+'), mode: 'count', signal: new AbortController().signal });
    expect(hits?.length).toBe(files.filter((_, i) => i % 5 === 0).length);
    expect(new Set(hits?.map((h) => h.rel)).size).toBe(hits?.length);
  });

  it('stops when aborted', async () => {
    const ac = new AbortController();
    ac.abort();
    expect(await searchFiles(files, tmp, { pattern: pattern('needle'), mode: 'files', signal: ac.signal })).toBeUndefined();
  });

  it.skipIf(!hasBuild)('gives the same hits with the helper thread (compiled build) as on one thread', async () => {
    const compiled = (await import(built.href)) as typeof Pool;
    for (const [source, mode] of [['needle', 'content'], ['needle \\d+', 'files'], ['^pla', 'count']] as const) {
      const req = { pattern: pattern(source), mode, signal: new AbortController().signal };
      const one = await searchFiles(files, tmp, req);
      const two = await compiled.searchFiles(files, tmp, req);
      expect(sortHits(two ?? [])).toEqual(sortHits(one ?? []));
    }
  });
});
