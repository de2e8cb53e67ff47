#!/usr/bin/env node
// `pnpm bench`: runs every benchmark script the workspaces define (`<workspace>/bench/*.mjs`,
// each printing one JSON line of rows), prints one table with the machine at the top, and
// writes it to bench/RESULTS.md. Benchmarks run one at a time so they do not disturb each other.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const scripts = [];
for (const group of ['packages', 'apps']) {
  for (const ws of readdirSync(path.join(root, group)).sort()) {
    const dir = path.join(root, group, ws, 'bench');
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).sort()) {
      if (!file.endsWith('.mjs')) continue;
      const rel = path.join(group, ws, 'bench', file);
      if (only.length && !only.some((o) => rel.includes(o))) continue;
      scripts.push(rel);
    }
  }
}

const rows = [];
const failures = [];
for (const rel of scripts) {
  process.stderr.write(`bench: ${rel} ...\n`);
  const res = spawnSync(process.execPath, ['--expose-gc', rel], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    timeout: 15 * 60_000,
  });
  const line = (res.stdout ?? '')
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .pop();
  if (res.status !== 0 || !line) {
    failures.push(
      `${rel}: exit ${res.status}${res.signal ? ` (${res.signal})` : ''}: ${(res.stderr ?? '').trim().split('\n').slice(-3).join(' / ')}`,
    );
    continue;
  }
  try {
    for (const row of JSON.parse(line).rows ?? []) rows.push({ ...row, script: rel });
  } catch (error) {
    failures.push(`${rel}: unreadable output: ${error.message}`);
  }
}

const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
const fmt = (v) =>
  typeof v === 'number'
    ? Math.abs(v) >= 100
      ? v.toFixed(0)
      : Math.abs(v) >= 10
        ? v.toFixed(1)
        : v.toFixed(2)
    : String(v);
const lines = [
  '# Benchmark results',
  '',
  `Machine: ${machine}`,
  `Date: ${new Date().toISOString()}`,
  '',
  '| group | benchmark | value | target | met | detail |',
  '|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.group ?? ''} | ${r.name} | ${fmt(r.value)} ${r.unit ?? ''} | ${r.target ?? ''} | ${r.met === undefined ? '' : r.met ? 'yes' : '**no**'} | ${r.detail ?? ''} |`,
  ),
  '',
  ...(failures.length ? ['## Benchmarks that did not run', '', ...failures.map((f) => `- ${f}`), ''] : []),
  'Medians of several runs; ratios are measured in the same run. Timings are never asserted in tests.',
  '',
];
const text = lines.join('\n');
process.stdout.write(text);
if (only.length === 0) writeFileSync(path.join(root, 'bench/RESULTS.md'), text);
process.exitCode = failures.length ? 1 : 0;
