#!/usr/bin/env node
// Cold start of `harness -p hi` against the in-process mock (one text turn), compared in the same
// run with `node -e ''`. Prints one JSON line of rows (medians). Needs the built dist.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '@coding-harness/mock-anthropic';

const N = Number(process.env.BENCH_RUNS ?? 15);
const bin = join(dirname(fileURLToPath(import.meta.url)), '../dist/bin/harness.js');
if (!existsSync(bin)) throw new Error(`build first: ${bin} is missing`);

const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'harness-bench-')));
for (const d of ['home', 'work', 'state', 'config']) mkdirSync(join(tmp, d));
const server = await startMockServer({ script: { turns: [], fallbackText: 'hi there' } });
const env = { PATH: process.env.PATH ?? '', HOME: join(tmp, 'home'), XDG_STATE_HOME: join(tmp, 'state'), XDG_CONFIG_HOME: join(tmp, 'config'), ANTHROPIC_BASE_URL: server.url };
const harness = [bin, '-C', join(tmp, 'work'), '-p', 'hi'];
const bare = ['-e', ''];

/** Runs node with args; resolves wall ms and peak RSS (KB) when measured through /usr/bin/time or /proc. */
function once(args, { rss = false } = {}) {
  const useTime = rss && existsSync('/usr/bin/time');
  const cmd = useTime ? '/usr/bin/time' : process.execPath;
  const argv = useTime ? ['-f', '%M', process.execPath, ...args] : args;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let hwm = 0;
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const poll = rss && !useTime ? setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) hwm = Math.max(hwm, Number(m[1]));
      } catch { /* exited */ }
    }, 2) : undefined;
    child.on('close', (code) => {
      const wall = performance.now() - started;
      if (poll) clearInterval(poll);
      if (code !== 0) return reject(new Error(`exit ${code}: ${err}`));
      const kb = useTime ? Number(err.trim().split('\n').pop()) : hwm;
      resolve({ wall, kb, out });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const check = await once(harness);
if (check.out !== 'hi there\n') throw new Error(`unexpected output: ${JSON.stringify(check.out)}`);
await once(bare);
const walls = { harness: [], bare: [] };
for (let i = 0; i < N; i++) {
  walls.bare.push((await once(bare)).wall);
  walls.harness.push((await once(harness)).wall);
}
const rssRuns = [];
for (let i = 0; i < 5; i++) rssRuns.push((await once(harness, { rss: true })).kb);
await server.close();
rmSync(tmp, { recursive: true, force: true });

const h = median(walls.harness);
const b = median(walls.bare);
const rssMb = median(rssRuns) / 1024;
const machine = `${cpus().length} cores, Node ${process.versions.node}`;
const rows = [
  { group: 'cold start', name: 'harness -p hi (mock, one text turn), median wall', value: Math.round(h), unit: 'ms', target: '<= 150 ms', met: h <= 150, detail: `node -e '' ${Math.round(b)} ms in the same run; ratio ${(h / b).toFixed(2)}x; N=${N}; ${machine}` },
  { group: 'cold start', name: "harness -p hi minus node -e ''", value: Math.round(h - b), unit: 'ms', target: '<= 102 ms (150 - 48 ms node start on the reference machine)', met: h - b <= 102, detail: 'load-independent view of the same runs' },
  { group: 'cold start', name: 'harness -p hi, median peak RSS', value: Math.round(rssMb * 10) / 10, unit: 'MB', target: '<= 80 MB', met: rssMb <= 80, detail: `${existsSync('/usr/bin/time') ? '/usr/bin/time -f %M' : '/proc VmHWM polling'}, 5 runs` },
];
process.stdout.write(`${JSON.stringify({ rows })}\n`);
