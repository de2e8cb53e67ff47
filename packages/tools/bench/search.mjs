// Search benchmark: grep (literal, regex) and glob on a generated 50,000-file tree and on the
// repository's node_modules, built-in engine vs ripgrep (raw `rg`, and rg as grep's engine).
// Prints one JSON line: {"rows":[...]} with medians. Build first: npx tsc -b packages/tools.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createToolContext, findRg, globFiles, grepSearch, rgWalkFlags } from '../dist/index.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const here = path.dirname(fileURLToPath(import.meta.url));
const repoNodeModules = path.resolve(here, '../../../node_modules');
const rg = findRg(process.env.PATH);

function generate(dir, count) {
  let seed = 12345;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const words = [
    'const',
    'let',
    'function',
    'return',
    'import',
    'export',
    'value',
    'item',
    'index',
    'result',
    'error',
    'data',
  ];
  fs.writeFileSync(path.join(dir, '.gitignore'), 'ignored/\n*.log\n');
  const perDir = 100;
  for (let i = 0; i < count; i++) {
    const sub = path.join(
      dir,
      i < 1000 ? 'ignored' : `d${Math.floor(i / perDir) % 50}`,
      `e${Math.floor(i / (perDir * 50))}`,
    );
    if (i % perDir === 0 || i === 1000) fs.mkdirSync(sub, { recursive: true });
    const ext = ['.ts', '.ts', '.js', '.md', '.json', '.log'][rand(6)];
    const big = rand(100) === 0;
    const lines = big ? 1500 : 5 + rand(80);
    const out = [];
    for (let l = 0; l < lines; l++) {
      const n = 3 + rand(8);
      const parts = [];
      for (let w = 0; w < n; w++) parts.push(words[rand(words.length)]);
      if (rand(2000) === 0) parts.push('needle_literal');
      if (rand(1500) === 0) parts.push(`fn_${words[rand(words.length)]}(${rand(1000)})`);
      out.push(parts.join(' '));
    }
    fs.writeFileSync(path.join(sub, `f${i}${ext}`), out.join('\n') + '\n');
  }
}

async function median(fn) {
  const times = [];
  let detail = '';
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    detail = await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], detail };
}

function rgRaw(cwd, args) {
  const r = spawnSync(rg, args, { cwd, maxBuffer: 1 << 30, encoding: 'utf8' });
  return `${r.stdout.split('\n').filter(Boolean).length} lines`;
}

const rows = [];
function row(group, name, value, target, met, detail) {
  rows.push({ group, name, value: Math.round(value * 10) / 10, unit: 'ms', target, met, detail });
}

async function suite(group, base, skip) {
  const ctx = createToolContext({ root: base });
  const flags = rgWalkFlags(skip);
  const cases = [
    {
      name: 'grep literal',
      input: { pattern: 'needle_literal' },
      raw: [...flags, '-l', '-F', '-e', 'needle_literal', '.'],
    },
    {
      name: 'grep regex',
      input: { pattern: 'fn_[a-z]+\\(\\d+\\)' },
      raw: [...flags, '-l', '-e', 'fn_[a-z]+\\([0-9]+\\)', '.'],
    },
  ];
  for (const c of cases) {
    const builtin = await median(async () => {
      const r = await grepSearch(ctx, c.input, null, { skip });
      return `${r.files.length} files`;
    });
    if (!rg) {
      row(
        group,
        `${c.name} (built-in)`,
        builtin.ms,
        'within 3x of rg',
        null,
        `${builtin.detail}; rg not installed, no ratio`,
      );
      continue;
    }
    const raw = await median(async () => rgRaw(base, c.raw));
    const engine = await median(async () => {
      const r = await grepSearch(ctx, c.input, rg, { skip });
      return `${r.files.length} files via ${r.engine}`;
    });
    row(group, `${c.name} (rg raw)`, raw.ms, 'reference', true, raw.detail);
    row(
      group,
      `${c.name} (built-in)`,
      builtin.ms,
      '<= 3x rg',
      builtin.ms <= 3 * raw.ms,
      `${builtin.detail}; ${(builtin.ms / raw.ms).toFixed(2)}x rg`,
    );
    row(
      group,
      `${c.name} (rg engine)`,
      engine.ms,
      '<= 1.2x rg',
      engine.ms <= 1.2 * raw.ms,
      `${engine.detail}; ${(engine.ms / raw.ms).toFixed(2)}x rg`,
    );
  }
  const glob = await median(async () => {
    const r = await globFiles(ctx, { pattern: '**/*.ts' }, { skip });
    return `${r.paths.length} files`;
  });
  if (!rg) {
    row(
      group,
      'glob **/*.ts (built-in)',
      glob.ms,
      'within 3x of rg --files',
      null,
      `${glob.detail}; rg not installed, no ratio`,
    );
    return;
  }
  const raw = await median(async () => rgRaw(base, ['--files', ...flags, '-g', '*.ts', '.']));
  row(group, 'glob **/*.ts (rg --files)', raw.ms, 'reference', true, raw.detail);
  row(
    group,
    'glob **/*.ts (built-in)',
    glob.ms,
    '<= 3x rg --files',
    glob.ms <= 3 * raw.ms,
    `${glob.detail}; ${(glob.ms / raw.ms).toFixed(2)}x rg (includes mtime sort)`,
  );
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tools-bench-'));
try {
  generate(tmp, 50_000);
  await suite('generated 50k files', fs.realpathSync(tmp), new Set(['.git', 'node_modules']));
  if (fs.existsSync(repoNodeModules))
    await suite('repo node_modules', fs.realpathSync(repoNodeModules), new Set(['.git']));
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(JSON.stringify({ rows }));
