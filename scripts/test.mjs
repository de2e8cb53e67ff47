#!/usr/bin/env node
// Runs every package's tests through turbo, then prints one closing line for the whole
// workspace, summed from each package's vitest JSON report: "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPORT = '.vitest-result.json';
const workspaces = ['packages', 'apps', 'tooling'].flatMap((dir) => {
  const abs = path.join(root, dir);
  return existsSync(abs) ? readdir(abs).map((name) => path.join(abs, name)) : [];
});
function readdir(dir) {
  return spawnSync('ls', [dir], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
}
for (const ws of workspaces) rmSync(path.join(ws, REPORT), { force: true });

const turbo = path.join(root, 'node_modules/.bin/turbo');
// As many packages' suites at once as there are cores (at least two): each suite spawns bins,
// shells, servers and tmux sessions of its own, and turbo's default of ten at once left every
// one of them waiting its turn on a two-core machine (the waits are limits, but a run under load
// then took most of its time in contention). An explicit --concurrency given to this script wins.
const concurrency = `--concurrency=${Math.max(2, availableParallelism())}`;
const given = process.argv.slice(2);
const args = [
  'run',
  'test',
  '--output-logs=full',
  ...(given.some((a) => a.startsWith('--concurrency')) ? [] : [concurrency]),
  ...given,
];
const result = spawnSync(turbo, args, { cwd: root, stdio: 'inherit' });

let passed = 0;
let failed = 0;
let skipped = 0;
// Files that failed outside any test (a hook, a setup file's machine check, an import error).
let failedFiles = 0;
const missing = [];
for (const ws of workspaces) {
  const file = path.join(ws, REPORT);
  if (!existsSync(path.join(ws, 'package.json'))) continue;
  if (!existsSync(file)) {
    missing.push(path.relative(root, ws));
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  failedFiles += (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && (file.assertionResults ?? []).every((t) => t.status !== 'failed'),
  ).length;
}
if (missing.length) console.log(`no test report from: ${missing.join(', ')}`);
if (failedFiles > 0)
  console.log(`${failedFiles} test file(s) failed outside their tests (a hook or setup check): see above`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
const code = result.status ?? 1;
// CI sets HARNESS_FAIL_ON_SKIP: a skipped test is not a passing one there.
const skipFails = process.env.HARNESS_FAIL_ON_SKIP === '1' && skipped > 0;
if (skipFails)
  console.log('skipped tests fail this run (HARNESS_FAIL_ON_SKIP=1): install what they need (ripgrep, tmux)');
process.exit(code !== 0 ? code : failed > 0 || failedFiles > 0 || missing.length > 0 || skipFails ? 1 : 0);
