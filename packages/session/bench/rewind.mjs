// Rewind benchmark: what a checkpoint costs on a typical repository, and whether the store stays
// under its cap over a 200-turn scripted session (each turn edits files, some create or delete
// them, some rewrite many). The checkpoint before a turn and the scan after it are both on the
// turn's path; the first checkpoint stores every file (the baseline) and is reported apart.
// Prints one JSON line on stdout. Run after building: `npx tsc -b packages/session && node packages/session/bench/rewind.mjs`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openRewindStore } from '../dist/rewind/store.js';
import { restoreTree } from '../dist/rewind/restore.js';

const TURNS = Number(process.env.BENCH_TURNS ?? 200);
const FILES = 2_000;
const CAP = 10 * 1024 * 1024;

function generate(root) {
  fs.writeFileSync(path.join(root, '.gitignore'), 'dist/\n*.log\n');
  let bytes = 0;
  for (let i = 0; i < FILES; i++) {
    const dir = path.join(root, 'src', `mod${i % 100}`);
    fs.mkdirSync(dir, { recursive: true });
    const body = `// file ${i}\n${'export const value = 1; // some code\n'.repeat(20 + (i % 200))}`;
    bytes += body.length;
    fs.writeFileSync(path.join(dir, `f${i}.ts`), body);
  }
  // What a scan skips: an ignored build folder and node_modules.
  for (const skipped of ['dist', 'node_modules/pkg']) {
    fs.mkdirSync(path.join(root, skipped), { recursive: true });
    for (let i = 0; i < 1_000; i++) fs.writeFileSync(path.join(root, skipped, `x${i}.js`), 'x'.repeat(2000));
  }
  return bytes;
}

const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const pct = (v, p) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * p))];
const dirBytes = (dir) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .reduce((n, e) => (e.isFile() ? n + fs.statSync(path.join(e.parentPath ?? e.path, e.name)).size : n), 0);

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'rewind-bench-'));
try {
  const root = fs.realpathSync(fs.mkdirSync(path.join(base, 'repo'), { recursive: true }) ?? path.join(base, 'repo'));
  const treeBytes = generate(root);
  const storeDir = path.join(base, 'state', 'rewind', 'bench');
  const { store } = openRewindStore({ dir: storeDir, root, exclude: [], capBytes: CAP, maxFileBytes: 4 << 20 });
  const before = [];
  const after = [];
  const cpuBefore = [];
  const cpuAfter = [];
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  let first = 0;
  let dropped = 0;
  let maxStore = 0;
  let next = FILES;
  for (let turn = 0; turn < TURNS; turn++) {
    let t = performance.now();
    let c = cpu();
    const { notices } = await store.checkpoint({ text: `turn ${turn}`, messages: turn * 4 });
    const ms = performance.now() - t;
    if (turn === 0) first = ms;
    else {
      before.push(ms);
      cpuBefore.push(cpu() - c);
    }
    dropped += notices.filter((n) => n.includes('dropped')).length;
    // The turn: edit two files; every 10th creates one, every 15th deletes one, every 25th rewrites 50.
    const touch = (i) => fs.appendFileSync(path.join(root, 'src', `mod${i % 100}`, `f${i}.ts`), `// turn ${turn}\n`);
    touch((turn * 7) % FILES);
    touch((turn * 13 + 5) % FILES);
    if (turn % 10 === 0) fs.writeFileSync(path.join(root, 'src', `new${next++}.ts`), `export {}; // ${turn}\n`);
    if (turn % 15 === 0) fs.rmSync(path.join(root, 'src', `mod${turn % 100}`, `f${turn % FILES}.ts`), { force: true });
    if (turn % 25 === 0) for (let i = 0; i < 50; i++) touch((turn * 31 + i * 17) % FILES);
    t = performance.now();
    c = cpu();
    await store.afterTurn();
    after.push(performance.now() - t);
    cpuAfter.push(cpu() - c);
    maxStore = Math.max(maxStore, dirBytes(storeDir));
  }
  const kept = store.list();
  const t = performance.now();
  const outcome = restoreTree({
    root,
    target: store.stateAt(kept[0].seq),
    current: store.current(),
    blobs: store.blobs,
    protect: () => undefined,
  });
  const restoreMs = performance.now() - t;
  const mb = (b) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  const detail = `${FILES} files (${mb(treeBytes)}) + 2,000 skipped (dist/ ignored, node_modules); ${TURNS} turns; 2 cores, Node ${process.versions.node}, load average ${os.loadavg()[0].toFixed(1)}`;
  const rows = [
    {
      group: 'rewind',
      name: 'checkpoint before a turn, median',
      value: median(before),
      unit: 'ms',
      target: '< 50 ms',
      met: median(before) < 50,
      detail: `CPU median ${median(cpuBefore).toFixed(1)} ms; p95 ${pct(before, 0.95).toFixed(1)} ms, max ${Math.max(...before).toFixed(1)} ms; a scan (walk + stat) and a read of each changed file; ${detail}`,
    },
    {
      group: 'rewind',
      name: 'scan after a turn (what it changed), median',
      value: median(after),
      unit: 'ms',
      target: '< 50 ms',
      met: median(after) < 50,
      detail: `CPU median ${median(cpuAfter).toFixed(1)} ms; p95 ${pct(after, 0.95).toFixed(1)} ms`,
    },
    {
      group: 'rewind',
      name: 'first checkpoint (stores every file)',
      value: first,
      unit: 'ms',
      detail: `the baseline of ${mb(treeBytes)}, once per conversation`,
    },
    {
      group: 'rewind',
      name: 'store size over the session, max',
      value: maxStore / 1024 / 1024,
      unit: 'MB',
      target: `<= cap (${mb(CAP)}) + log`,
      met: maxStore <= CAP * 1.05,
      detail: `${dropped} times the oldest checkpoints were dropped; ${kept.length} of ${TURNS} checkpoints kept at the end`,
    },
    {
      group: 'rewind',
      name: 'restore to the oldest kept checkpoint',
      value: restoreMs,
      unit: 'ms',
      detail: `${outcome.restored.length} files written back, ${outcome.removed.length} removed`,
    },
  ];
  console.log(JSON.stringify({ rows }));
} finally {
  fs.rmSync(base, { recursive: true, force: true });
}
