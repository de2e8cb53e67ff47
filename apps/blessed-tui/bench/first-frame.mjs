#!/usr/bin/env node
// Start-up of `harness-tui` to its first frame, in a real terminal (a private tmux server) against
// the mock server, compared in the same run with `node -e ''`. The first frame is the bin's own
// HARNESS_TUI_TIMING mark (ms since its process started); `node -e ''` is timed from spawn to
// exit. Both the bundled bin (dist/bin/harness-tui.cjs) and the tsc output it replaced
// (dist/bin/harness-tui.js) are measured. Prints one JSON line of rows (medians). Needs the build
// and tmux.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '@coding-harness/mock-anthropic';

const N = Number(process.env.BENCH_RUNS ?? 15);
const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist/bin');
const bins = { bundled: join(dist, 'harness-tui.cjs'), tsc: join(dist, 'harness-tui.js') };
for (const bin of Object.values(bins)) if (!existsSync(bin)) throw new Error(`build first: ${bin} is missing`);
if (spawnSync('tmux', ['-V']).status !== 0) throw new Error('tmux is needed for this benchmark');

const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'harness-tui-bench-')));
for (const d of ['home', 'work', 'state', 'config', 'tmux']) mkdirSync(join(tmp, d));
const server = await startMockServer({ script: { turns: [], fallbackText: 'hi' } });
const socket = `harness-tui-bench-${process.pid}`;
const tmuxEnv = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: join(tmp, 'home'),
  TMUX_TMPDIR: join(tmp, 'tmux'),
  LANG: 'C.UTF-8',
};
const tmux = (...args) => spawnSync('tmux', ['-u', '-L', socket, ...args], { env: tmuxEnv, encoding: 'utf8' });
const env = [
  `PATH=${tmuxEnv.PATH}`,
  `HOME=${tmuxEnv.HOME}`,
  `XDG_CONFIG_HOME=${join(tmp, 'config')}`,
  `XDG_STATE_HOME=${join(tmp, 'state')}`,
  'LANG=C.UTF-8',
  `ANTHROPIC_BASE_URL=${server.url}`,
  'ANTHROPIC_API_KEY=fake-bench-key',
];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One start in a fresh tmux session; resolves with the bin's marks once it drew its first frame. */
async function firstFrame(bin, i) {
  const file = join(tmp, `timing-${i}-${Math.random().toString(36).slice(2)}.jsonl`);
  const res = tmux(
    'new-session',
    '-d',
    '-s',
    'b',
    '-x',
    '100',
    '-y',
    '30',
    'env',
    '-i',
    ...env,
    `HARNESS_TUI_TIMING=${file}`,
    process.execPath,
    bin,
    '-C',
    join(tmp, 'work'),
  );
  if (res.status !== 0) throw new Error(`tmux: ${res.stderr}`);
  try {
    for (let waited = 0; waited < 20_000; waited += 10) {
      if (existsSync(file)) {
        const line = readFileSync(file, 'utf8').trim();
        if (line) return JSON.parse(line);
      }
      await sleep(10);
    }
    throw new Error(`no first frame from ${bin} in 20 s; the screen: ${tmux('capture-pane', '-p', '-t', 'b').stdout}`);
  } finally {
    tmux('kill-session', '-t', 'b');
    await sleep(300); // let the killed session wind down, so it does not slow the next measurement
  }
}

function bare() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // The same bare environment as the bin gets (`env -i ...`): NODE_EXTRA_CA_CERTS alone adds tens of ms.
    const child = spawn(process.execPath, ['-e', ''], {
      stdio: 'ignore',
      env: { PATH: tmuxEnv.PATH, HOME: tmuxEnv.HOME, LANG: 'C.UTF-8' },
    });
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`node -e '' exit ${code}`)),
    );
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const runs = { bare: [], bundled: [], tsc: [] };
try {
  await firstFrame(bins.bundled, 'warm'); // writes the code cache, as a user's first start would
  await firstFrame(bins.tsc, 'warm');
  await bare();
  for (let i = 0; i < N; i++) {
    runs.bare.push(await bare());
    runs.bundled.push((await firstFrame(bins.bundled, i)).first_frame);
    runs.tsc.push((await firstFrame(bins.tsc, i)).first_frame);
  }
} finally {
  tmux('kill-server');
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
}

const b = median(runs.bare);
const f = median(runs.bundled);
const t = median(runs.tsc);
const machine = `${cpus().length} cores, Node ${process.versions.node}, load average ${loadavg()[0].toFixed(1)}`;
const rows = [
  {
    group: 'tui start-up',
    name: 'harness-tui first frame (bundled bin, tmux, mock), median',
    value: Math.round(f),
    unit: 'ms',
    target: "<= 3x node -e ''",
    met: f <= 3 * b,
    detail: `node -e '' ${Math.round(b)} ms in the same run; ratio ${(f / b).toFixed(2)}x; the bin's own first_frame mark (ms since its process started); N=${N}; ${machine}`,
  },
  {
    group: 'tui start-up',
    name: 'harness-tui first frame from tsc output (before bundling), median',
    value: Math.round(t),
    unit: 'ms',
    target: '',
    detail: `ratio ${(t / b).toFixed(2)}x node -e ''; the same runs`,
  },
];
process.stdout.write(`${JSON.stringify({ rows })}\n`);
