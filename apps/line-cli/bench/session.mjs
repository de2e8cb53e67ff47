#!/usr/bin/env node
// A 200-tool-call session through the shipped `harness -p` bin against the mock (served from this
// process, so the harness process holds only the harness): harness time per round trip (wall minus
// the mock's own time, minus a one-turn run's wall for start-up) and the session's peak RSS.
// Prints one JSON line of rows (medians). Needs the built dist.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';

const CALLS = 200;
const N = Number(process.env.BENCH_RUNS ?? 5);
const bin = join(dirname(fileURLToPath(import.meta.url)), '../dist/bin/harness.cjs');
if (!existsSync(bin)) throw new Error(`build first: ${bin} is missing`);

const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'harness-bench-session-')));
for (const d of ['home', 'work', 'state', 'config']) mkdirSync(join(tmp, d));
for (let i = 0; i < 20; i++)
  writeFileSync(join(tmp, 'work', `file-${i}.ts`), `export const value${i} = ${i};\n`.repeat(40));

function sessionScript(calls) {
  const b = new ScriptBuilder();
  for (let i = 0; i < calls; i++)
    b.toolUse('read_file', { path: `file-${i % 20}.ts` }, { text: `Reading file ${i % 20}.` });
  return b.text('Done.').build();
}

const server = await startMockServer({ script: sessionScript(0) });
const env = {
  PATH: process.env.PATH ?? '',
  HOME: join(tmp, 'home'),
  XDG_STATE_HOME: join(tmp, 'state'),
  XDG_CONFIG_HOME: join(tmp, 'config'),
  ANTHROPIC_BASE_URL: server.url,
};

function once(calls) {
  server.setScript(sessionScript(calls));
  const before = server.requests.length;
  const argv = [
    '-f',
    '%U %S %M',
    process.execPath,
    bin,
    '-C',
    join(tmp, 'work'),
    '-p',
    'go',
    '--max-turns',
    String(calls + 5),
  ];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      const wall = performance.now() - started;
      if (code !== 0 || out.trim() !== 'Done.') return reject(new Error(`exit ${code}: ${out} ${err}`));
      const reqs = server.requests.slice(before).filter((r) => r.path === '/v1/messages');
      const mock = reqs.reduce((sum, r) => sum + ((r.finishedAt ?? r.startedAt) - r.startedAt), 0);
      const [user, sys, kb] = err.trim().split('\n').pop().split(' ').map(Number);
      resolve({ wall, mock, requests: reqs.length, cpu: (user + sys) * 1000, kb });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

if (!existsSync('/usr/bin/time')) throw new Error('needs /usr/bin/time for peak RSS');
await once(CALLS);
const long = [];
const short = [];
for (let i = 0; i < N; i++) {
  short.push(await once(0));
  long.push(await once(CALLS));
}
await server.close();
rmSync(tmp, { recursive: true, force: true });

const perTrip = median(
  long.map((r, i) => (r.wall - r.mock - (short[i].wall - short[i].mock)) / (r.requests - short[i].requests)),
);
const cpuPerTrip = median(long.map((r, i) => (r.cpu - short[i].cpu) / (r.requests - short[i].requests)));
const rssMb = median(long.map((r) => r.kb)) / 1024;
const machine = `${cpus().length} cores, Node ${process.versions.node}`;
console.log(
  JSON.stringify({
    rows: [
      {
        group: 'agent (shipped bin)',
        name: `harness -p, ${CALLS} read_file calls: harness time per round trip`,
        value: perTrip,
        unit: 'ms',
        target: '< 2 ms',
        met: perTrip < 2,
        detail: `(wall - mock time - a one-turn run's wall) / extra requests; CPU ${cpuPerTrip.toFixed(2)} ms per round trip; median of ${N}; ${machine}`,
      },
      {
        group: 'agent (shipped bin)',
        name: `harness -p, ${CALLS} read_file calls: peak RSS`,
        value: rssMb,
        unit: 'MB',
        target: '< 100 MB',
        met: rssMb < 100,
        detail: `/usr/bin/time -f %M; median of ${N}`,
      },
    ],
  }),
);
