// Approval benchmark: the bash parser's load time (fresh process each run, median) and the
// time one bash command check takes (Policy.decide with allow and deny rules, distinct
// commands so the parse cache never answers). Prints one JSON line on stdout.
// Run after building: `npx tsc -b packages/approval && node packages/approval/bench/shell-check.mjs`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));
// The rule-name table the tools publish (approval holds no list of its own; callers pass it).
const tablePath = fileURLToPath(new URL('../../session/fixtures/rule-names.json', import.meta.url));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// 1. Loading: a fresh process imports the package, decides a read call (no parser), then a bash call.
const child = `
const t0 = performance.now();
const a = await import(${JSON.stringify(dist)});
const tools = JSON.parse((await import('node:fs')).readFileSync(${JSON.stringify(tablePath)}, 'utf8'));
const imported = performance.now() - t0;
const p = a.createPolicy({ tools, allow: ['Bash(git status:*)'], deny: ['Bash(rm:*)'] });
p.decide({ tool: 'read_file', kind: 'read', input: {}, target: 'a', summary: '' });
const lazy = a.parserLoadMs() === undefined;
const t1 = performance.now();
p.decide({ tool: 'bash', kind: 'exec', input: {}, target: 'git status', summary: '' });
const first = performance.now() - t1;
console.log(JSON.stringify({ imported, lazy, first, load: a.parserLoadMs() }));`;
const loads = [];
for (let i = 0; i < RUNS; i += 1) {
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', child], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(res.stderr);
  loads.push(JSON.parse(res.stdout.trim()));
}

// 2. Checking: distinct commands of several shapes through decide.
const { createPolicy, preloadShellParser } = await import(dist);
preloadShellParser();
const tools = JSON.parse(readFileSync(tablePath, 'utf8'));
const policy = createPolicy({
  tools,
  allow: ['Bash(git status:*)', 'Bash(npm test:*)', 'Bash(ls:*)'],
  deny: ['Bash(rm:*)', 'Bash(git push:*)'],
});
const shapes = [
  (i) => `git status --short path${i}`,
  (i) => `npm test -- --grep case${i} 2>&1 | tail -n ${i}`,
  (i) => `if [ -f x${i} ]; then ls -la dir${i}; fi && echo "$(git rev-parse HEAD)" ${i}`,
  (i) => `for f in a${i} b c; do sudo rm -rf "$f"; done; bash -c 'git push origin x${i}'`,
];
const N = 2000;
const commands = Array.from({ length: N }, (_, i) => shapes[i % shapes.length](i));
const times = [];
for (let round = 0; round < 5; round += 1) {
  const batch = commands.map((c) => `${c} r${round}`);
  const t = performance.now();
  for (const command of batch) policy.decide({ tool: 'bash', kind: 'exec', input: {}, target: command, summary: '' });
  times.push(((performance.now() - t) / N) * 1000);
}

const rows = [
  {
    group: 'approval',
    name: 'import without the parser',
    value: median(loads.map((l) => l.imported)),
    unit: 'ms',
    met: loads.every((l) => l.lazy),
    target: 'parser not loaded',
    detail: 'import + a read decision; mvdan-sh untouched',
  },
  {
    group: 'approval',
    name: 'bash parser load (mvdan-sh)',
    value: median(loads.map((l) => l.load)),
    unit: 'ms',
    detail: `median of ${RUNS} fresh processes; paid once, on the first bash check`,
  },
  {
    group: 'approval',
    name: 'first bash decision',
    value: median(loads.map((l) => l.first)),
    unit: 'ms',
    detail: 'load + parse + allow/deny',
  },
  {
    group: 'approval',
    name: 'bash decision (warm)',
    value: median(times),
    unit: 'us',
    target: '< 1000 us',
    met: median(times) < 1000,
    detail: `per command, ${N} distinct commands of 4 shapes, 2 deny + 3 allow rules`,
  },
];
process.stdout.write(`${JSON.stringify({ rows })}\n`);
