#!/usr/bin/env node
// What many skills cost `harness -p hi`: start-up time added by 1,000 and 10,000 personal skills
// (against the same run's `node -e ''`), and the bytes of `system` plus `tools` in the request at
// 10, 1,000 and 10,000 skills, with the default listing budget (1% of the model's window) and with
// SLASH_COMMAND_TOOL_CHAR_BUDGET=8000, and the time 1,000 skills with real-sized bodies (150 lines,
// about 15 KB each) add. Prints one JSON line of rows (medians). Needs the built dist.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '@coding-harness/mock-anthropic';

const N = Number(process.env.BENCH_RUNS ?? 11);
const bin = join(dirname(fileURLToPath(import.meta.url)), '../dist/bin/harness.cjs');
if (!existsSync(bin)) throw new Error(`build first: ${bin} is missing`);

const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'harness-skills-bench-')));
const TOPICS = ['pdf-forms', 'release-notes', 'terraform-plans', 'sql-migrations', 'api-reviews', 'flaky-tests'];

/** About 240 characters, quoted in the frontmatter (a `: ` in plain YAML text would not parse). */
const description = (topic, i) =>
  `Use when the user asks to work on ${topic.replace('-', ' ')} (variant ${i}): reads the inputs, checks them against the house conventions, proposes the change step by step and verifies the result with the project's own tools.`;

/** A body like real skills have: 150 numbered steps (about 15 KB). */
const LONG_BODY = Array.from(
  { length: 150 },
  (_, i) => `Step ${i}: check the inputs against the conventions and write down what changed, with the command used.`,
).join('\n');

/** A sandbox (home, work root, XDG dirs) whose home holds `n` personal skills (`long`: with real-sized bodies). */
function sandbox(n, long = false) {
  const root = join(tmp, `s${n}${long ? '-long' : ''}`);
  for (const d of ['home', 'work', 'state', 'config']) mkdirSync(join(root, d), { recursive: true });
  const parent = join(root, 'home', '.agents', 'skills');
  for (let i = 0; i < n; i++) {
    const topic = TOPICS[i % TOPICS.length];
    const name = `${topic}-${String(i).padStart(5, '0')}`;
    mkdirSync(join(parent, name), { recursive: true });
    writeFileSync(
      join(parent, name, 'SKILL.md'),
      `---\nname: ${name}\ndescription: ${JSON.stringify(description(topic, i))}\n---\n${long ? `# ${name}\n\n${LONG_BODY}` : `Body of ${name}.`}\n`,
    );
  }
  return root;
}

const server = await startMockServer({ script: { turns: [], fallbackText: 'hi there' } });
const envOf = (root, extra = {}) => ({
  PATH: process.env.PATH ?? '',
  HOME: join(root, 'home'),
  XDG_STATE_HOME: join(root, 'state'),
  XDG_CONFIG_HOME: join(root, 'config'),
  ANTHROPIC_BASE_URL: server.url,
  ...extra,
});

function once(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`exit ${code}: ${err}`));
      resolve({ wall: performance.now() - started, out });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const counts = [0, 10, 1_000, 10_000];
const boxes = Object.fromEntries(counts.map((n) => [n, sandbox(n)]));
boxes.long = sandbox(1_000, true);
const harness = (n) => [bin, '-C', join(boxes[n], 'work'), '-p', 'hi'];

/** Bytes of `system` and `tools` in the request one run sends. */
async function requestBytes(n, extra) {
  const before = server.messageRequests().length;
  await once(harness(n), envOf(boxes[n], extra));
  const body = server.messageRequests()[before].body;
  return Buffer.byteLength(JSON.stringify(body.system)) + Buffer.byteLength(JSON.stringify(body.tools));
}

const bytes = {};
for (const n of [10, 1_000, 10_000]) {
  bytes[n] = {
    default: await requestBytes(n, {}),
    budget8k: await requestBytes(n, { SLASH_COMMAND_TOOL_CHAR_BUDGET: '8000' }),
  };
}

/**
 * The floor: the least any discovery can do in a fresh process, with nothing of the harness
 * loaded. It lists the personal skills folder, opens, reads and closes each SKILL.md (as
 * discovery does: one read of up to 64 KiB), takes name and description with one regular
 * expression and builds one object per skill, then prints how many it read. No validation, no
 * listing, no request.
 */
const FLOOR = `const fs = require('node:fs');
const root = process.env.HOME + '/.agents/skills';
const buf = Buffer.allocUnsafe(65536);
const out = [];
for (const d of fs.readdirSync(root, { withFileTypes: true })) {
  const file = root + '/' + d.name + '/SKILL.md';
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  const n = fs.readSync(fd, buf, 0, 65536, 0);
  fs.closeSync(fd);
  const m = /^---\\nname: (.*)\\ndescription: (.*)\\n---/.exec(buf.toString('utf8', 0, n));
  out.push({ name: m[1], description: m[2], dir: root + '/' + d.name, file });
}
process.stdout.write(out.length + '\\n');`;
const floor = () => ['-e', FLOOR];

// Warm-up (each sandbox's code cache and page cache), then interleaved runs.
const timed = [0, 1_000, 10_000, 'long'];
const floors = [1_000, 10_000];
await once(['-e', ''], envOf(boxes[0]));
for (const n of timed) await once(harness(n), envOf(boxes[n]));
for (const n of floors) {
  const read = await once(floor(), envOf(boxes[n]));
  if (read.out.trim() !== String(n)) throw new Error(`the floor loop read ${read.out.trim()} of ${n} skills`);
}
const runs = {
  bare: [],
  ...Object.fromEntries(timed.map((n) => [n, []])),
  ...Object.fromEntries(floors.map((n) => [`floor${n}`, []])),
};
for (let i = 0; i < N; i++) {
  runs.bare.push((await once(['-e', ''], envOf(boxes[0]))).wall);
  for (const n of timed) runs[n].push((await once(harness(n), envOf(boxes[n]))).wall);
  for (const n of floors) runs[`floor${n}`].push((await once(floor(), envOf(boxes[n]))).wall);
}
await server.close();
rmSync(tmp, { recursive: true, force: true });

const bare = median(runs.bare);
const base = median(runs[0]);
const machine = `${cpus().length} cores, Node ${process.versions.node}, load average ${loadavg()[0].toFixed(1)}`;
const added = (n, factor) => {
  const add = median(runs[n]) - base;
  return {
    group: 'skills at scale',
    name: `what ${n.toLocaleString('en')} skills add to harness -p hi, median wall`,
    value: Math.round(add * 10) / 10,
    unit: 'ms',
    target: `<= ${factor}x node -e '' (${Math.round(factor * bare)} ms)`,
    met: add <= factor * bare,
    detail: `harness -p hi ${Math.round(median(runs[n]))} ms with ${n.toLocaleString('en')} skills, ${Math.round(base)} ms with none; node -e '' ${Math.round(bare)} ms in the same run (${(add / bare).toFixed(2)}x); N=${N}; ${machine}`,
  };
};
const byteRow = (n) => ({
  group: 'skills at scale',
  name: `request system+tools bytes, ${n.toLocaleString('en')} skills`,
  value: bytes[n].default,
  unit: 'B',
  target: n === 10_000 ? '< 24 KB with SLASH_COMMAND_TOOL_CHAR_BUDGET=8000' : '',
  ...(n === 10_000 ? { met: bytes[n].budget8k < 24 * 1024 } : {}),
  detail: `default budget (1% of the 1M window: 40,000 characters); ${bytes[n].budget8k} B with SLASH_COMMAND_TOOL_CHAR_BUDGET=8000`,
});
const longRow = () => {
  const add = median(runs.long) - base;
  return {
    group: 'skills at scale',
    name: 'what 1,000 skills with 150-line bodies add to harness -p hi, median wall',
    value: Math.round(add * 10) / 10,
    unit: 'ms',
    detail: `each SKILL.md about 15 KB (discovery decodes only the frontmatter); ${(add / bare).toFixed(2)}x node -e ''; N=${N}; ${machine}`,
  };
};
const floorRow = (n) => {
  const add = median(runs[`floor${n}`]) - bare;
  return {
    group: 'skills at scale',
    name: `floor: a bare loop reading the same ${n.toLocaleString('en')} SKILL.md files, median wall above node -e ''`,
    value: Math.round(add * 10) / 10,
    unit: 'ms',
    detail: `reference, not the harness: node -e with readdir + open/read/close + one regex per file, nothing else (${(add / bare).toFixed(2)}x node -e ''; the harness adds ${(median(runs[n]) - base).toFixed(1)} ms); N=${N}; ${machine}`,
  };
};
const rows = [
  added(1_000, 0.5),
  floorRow(1_000),
  added(10_000, 6),
  floorRow(10_000),
  longRow(),
  byteRow(10),
  byteRow(1_000),
  byteRow(10_000),
];
process.stdout.write(`${JSON.stringify({ rows })}\n`);
