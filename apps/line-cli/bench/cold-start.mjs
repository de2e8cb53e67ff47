#!/usr/bin/env node
// Cold start of `harness -p hi` against the in-process mock (one text turn), compared in the same
// run with `node -e ''`, and again with a Claude Code user's settings tree (three settings files,
// two memory files, a trusted repository). Prints one JSON line of rows (medians). Needs the built dist.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '@coding-harness/mock-anthropic';

const N = Number(process.env.BENCH_RUNS ?? 15);
const bin = join(dirname(fileURLToPath(import.meta.url)), '../dist/bin/harness.cjs');
if (!existsSync(bin)) throw new Error(`build first: ${bin} is missing`);

const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'harness-bench-')));
for (const d of ['home', 'work', 'state', 'config']) mkdirSync(join(tmp, d));
const server = await startMockServer({ script: { turns: [], fallbackText: 'hi there' } });
const env = {
  PATH: process.env.PATH ?? '',
  HOME: join(tmp, 'home'),
  XDG_STATE_HOME: join(tmp, 'state'),
  XDG_CONFIG_HOME: join(tmp, 'config'),
  ANTHROPIC_BASE_URL: server.url,
};
// The child's own CPU time (user + system, µs precision, from its start to its 'exit' event),
// written to fd 3: /usr/bin/time counts in 10 ms steps, too coarse for a 40 ms run.
const cpuProbe = join(tmp, 'cpu-probe.cjs');
writeFileSync(
  cpuProbe,
  "process.on('exit', () => { const u = process.cpuUsage(); require('node:fs').writeSync(3, String((u.user + u.system) / 1000)); });\n",
);
const harness = ['--require', cpuProbe, bin, '-C', join(tmp, 'work'), '-p', 'hi'];
// The same run in a home and repository laid out as a Claude Code user's.
const claude = join(tmp, 'claude');
const treeFiles = {
  'home/.claude/settings.json':
    '// mine\n{ "permissions": { "allow": ["Bash(npm test:*)"] }, "env": { "FOO": "1" } }\n',
  'home/.claude/CLAUDE.md': 'Use two-space indentation.\n',
  'work/.claude/settings.json': '{ "permissions": { "allow": ["Bash(npm run build:*)"], "deny": ["Read(.env)"] } }\n',
  'work/.claude/settings.local.json': '{ "permissions": { "allow": ["Bash(git status:*)"] } }\n',
  'work/CLAUDE.md': 'Run npm test before you finish.\n',
};
for (const [path, text] of Object.entries(treeFiles)) {
  mkdirSync(dirname(join(claude, path)), { recursive: true });
  writeFileSync(join(claude, path), text);
}
mkdirSync(join(claude, 'work', '.git'));
mkdirSync(join(claude, 'config', 'coding-harness'), { recursive: true });
writeFileSync(
  join(claude, 'config', 'coding-harness', 'trust.json'),
  JSON.stringify({ repositories: { [join(claude, 'work')]: { decision: 'trusted', at: '2026-12-01T00:00:00.000Z' } } }),
);
const claudeEnv = { ...env, HOME: join(claude, 'home'), XDG_CONFIG_HOME: join(claude, 'config') };
const withSettings = ['--require', cpuProbe, bin, '-C', join(claude, 'work'), '-p', 'hi'];
const bare = ['--require', cpuProbe, '-e', ''];

/**
 * Runs node with args. Through /usr/bin/time when present, for the peak RSS; otherwise it comes
 * from polling /proc/<pid>/status (VmHWM). CPU time comes from the probe on fd 3.
 */
function once(args, childEnv = env) {
  const useTime = existsSync('/usr/bin/time');
  const cmd = useTime ? '/usr/bin/time' : process.execPath;
  const argv = useTime ? ['-f', '%M', process.execPath, ...args] : args;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, argv, { env: childEnv, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let probe = '';
    child.stdio[3].on('data', (d) => (probe += d));
    let hwm = 0;
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const poll = useTime
      ? undefined
      : setInterval(() => {
          try {
            const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
            if (m) hwm = Math.max(hwm, Number(m[1]));
          } catch {
            /* exited */
          }
        }, 2);
    child.on('close', (code) => {
      const wall = performance.now() - started;
      if (poll) clearInterval(poll);
      if (code !== 0) return reject(new Error(`exit ${code}: ${err}`));
      const kb = useTime ? Number(err.trim().split('\n').pop().split(' ').pop()) : hwm;
      resolve({ wall, cpu: Number(probe), kb, out });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const check = await once(harness);
if (check.out !== 'hi there\n') throw new Error(`unexpected output: ${JSON.stringify(check.out)}`);
const checkSettings = await once(withSettings, claudeEnv);
if (checkSettings.out !== 'hi there\n') throw new Error(`unexpected output: ${JSON.stringify(checkSettings.out)}`);
await once(bare);
const runs = { harness: [], bare: [], settings: [] };
for (let i = 0; i < N; i++) {
  runs.bare.push(await once(bare));
  runs.harness.push(await once(harness));
  runs.settings.push(await once(withSettings, claudeEnv));
}
await server.close();
rmSync(tmp, { recursive: true, force: true });

const med = (list, key) => median(list.map((r) => r[key]));
const h = med(runs.harness, 'wall');
const b = med(runs.bare, 'wall');
const hc = med(runs.harness, 'cpu');
const bc = med(runs.bare, 'cpu');
const rssMb = med(runs.harness, 'kb') / 1024;
const s = med(runs.settings, 'wall');
const sc = med(runs.settings, 'cpu');
const machine = `${cpus().length} cores, Node ${process.versions.node}, load average ${loadavg()[0].toFixed(1)}`;
const cpuNote = `; CPU (user+sys) ${hc.toFixed(1)} ms vs ${bc.toFixed(1)} ms`;
const rows = [
  {
    group: 'cold start',
    name: 'harness -p hi (mock, one text turn), median wall',
    value: Math.round(h),
    unit: 'ms',
    target: "<= 1.6x node -e ''",
    met: h / b <= 1.6,
    detail: `node -e '' ${Math.round(b)} ms in the same run; ratio ${(h / b).toFixed(2)}x${cpuNote}; N=${N}; ${machine}`,
  },
  {
    group: 'cold start',
    name: 'harness -p hi, median CPU (user+sys)',
    value: Math.round(hc * 10) / 10,
    unit: 'ms',
    target: '',
    detail: `node -e '' ${bc.toFixed(1)} ms; ratio ${(hc / bc).toFixed(2)}x; the child's own process.cpuUsage() at exit (CPU time moves less than wall time when the machine is busy)`,
  },
  {
    group: 'cold start',
    name: "harness -p hi minus node -e '', median wall",
    value: Math.round(h - b),
    unit: 'ms',
    target: '<= 102 ms (150 - 48 ms node start on the reference machine)',
    met: h - b <= 102,
    detail: "the same runs, with the machine's node start-up taken out",
  },
  {
    group: 'cold start',
    name: 'harness -p hi, median peak RSS',
    value: Math.round(rssMb * 10) / 10,
    unit: 'MB',
    target: '<= 80 MB',
    met: rssMb <= 80,
    detail: `node -e '' ${Math.round(med(runs.bare, 'kb') / 102.4) / 10} MB; ${existsSync('/usr/bin/time') ? '/usr/bin/time -f %M' : '/proc VmHWM polling'}`,
  },
  {
    group: 'cold start',
    name: 'harness -p hi with three settings files and two memory files, median wall',
    value: Math.round(s),
    unit: 'ms',
    target: "within the plain run's ratio to node -e '' (+10%)",
    met: s / b <= (h / b) * 1.1,
    detail: `ratio ${(s / b).toFixed(2)}x node -e '' against ${(h / b).toFixed(2)}x for the plain run (the same runs, interleaved); ~/.claude/settings.json, .claude/settings.json, .claude/settings.local.json (jsonc-parser), ~/.claude/CLAUDE.md, CLAUDE.md, a trusted repository; N=${N}`,
  },
  {
    group: 'cold start',
    name: 'harness -p hi with three settings files and two memory files, median CPU (user+sys)',
    value: Math.round(sc * 10) / 10,
    unit: 'ms',
    target: "within the plain run's CPU (+10%)",
    met: sc <= hc * 1.1,
    detail: `plain run ${hc.toFixed(1)} ms, node -e '' ${bc.toFixed(1)} ms (the same runs); CPU time moves less than wall time on a busy machine`,
  },
];
process.stdout.write(`${JSON.stringify({ rows })}\n`);
