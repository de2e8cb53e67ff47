#!/usr/bin/env node
// The OS sandbox: how many approval questions an ordinary development session asks with it and
// without it (the built `harness -p` against the mock, a scripted model running tests, a build,
// ls, cat, git status/diff/log, a formatter and a repository script; in -p every question is a
// permission denial, so `permission_denials` counts them), and what the sandbox adds to one
// command (bash -c true through the bash tool's runBash, with and without it; and with a network
// domain allowed, which starts the in-sandbox proxy bridge). Prints one JSON line of rows.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { createSandbox, runBash, sandboxOptions } from '@coding-harness/tools';

const N = Number(process.env.BENCH_RUNS ?? 31);
const bin = join(dirname(fileURLToPath(import.meta.url)), '../dist/bin/harness.cjs');
if (!existsSync(bin)) throw new Error(`build first: ${bin} is missing`);
const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'harness-sandbox-bench-')));
const machine = `${cpus().length} cores, Node ${process.versions.node}, load average ${loadavg()[0].toFixed(1)}`;

/** A small project: tests, a build, a formatter and a script, committed to git. */
function project(dir) {
  mkdirSync(join(dir, 'src'), { recursive: true });
  mkdirSync(join(dir, 'scripts'), { recursive: true });
  const scripts = { test: 'node test.js', build: 'node build.js', format: 'node scripts/format.js' };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'demo', version: '1.0.0', scripts }, null, 2)}\n`);
  writeFileSync(join(dir, 'src', 'add.js'), 'module.exports = (a, b) =>   a + b;\n');
  writeFileSync(
    join(dir, 'test.js'),
    "const add = require('./src/add');\nif (add(1, 2) !== 3) process.exit(1);\nconsole.log('1 passed');\n",
  );
  writeFileSync(
    join(dir, 'build.js'),
    "const fs = require('fs');\nfs.mkdirSync('dist', { recursive: true });\nfs.copyFileSync('src/add.js', 'dist/add.js');\nconsole.log('built');\n",
  );
  writeFileSync(
    join(dir, 'scripts', 'format.js'),
    "const fs = require('fs');\nconst f = 'src/add.js';\nfs.writeFileSync(f, fs.readFileSync(f, 'utf8').replace(/ +/g, ' '));\nconsole.log('formatted');\n",
  );
  writeFileSync(join(dir, 'scripts', 'check.sh'), '#!/bin/sh\necho "checked $(ls src | wc -l) files"\n', {
    mode: 0o755,
  });
  writeFileSync(join(dir, '.gitignore'), 'dist/\nnode_modules/\n');
  const git = (...args) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('-c', 'user.email=b@example.com', '-c', 'user.name=b', 'add', '-A');
  git('-c', 'user.email=b@example.com', '-c', 'user.name=b', 'commit', '-qm', 'init');
}

const COMMANDS = [
  'ls -la',
  'cat package.json',
  'git status',
  'npm test',
  'npm run build',
  'npm run format',
  'git diff --stat',
  'git log --oneline -3',
  'sh scripts/check.sh',
  'node test.js && git status --short',
];

/** Runs the scripted session with these extra flags; returns [questions, failed calls, exit code]. */
async function session(flags) {
  const base = mkdtempSync(join(tmp, 'session-'));
  const work = join(base, 'work');
  for (const d of ['home', 'state', 'config', 'work']) mkdirSync(join(base, d));
  project(work);
  let script = new ScriptBuilder();
  for (const command of COMMANDS) script = script.toolUse('bash', { command });
  const server = await startMockServer({ script: script.text('done').build() });
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: join(base, 'home'),
    XDG_STATE_HOME: join(base, 'state'),
    XDG_CONFIG_HOME: join(base, 'config'),
    ANTHROPIC_BASE_URL: server.url,
  };
  const out = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, '-C', work, '-p', 'go', '--output-format', 'json', ...flags], { env });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, text }));
  });
  await server.close();
  const result = JSON.parse(out.text.trim().split('\n').pop());
  return { questions: result.permission_denials.length, code: out.code };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Median wall time of `bash -c true` through runBash, with the given sandbox (or none), N runs after one warm-up. */
async function commandTime(sandbox) {
  const signal = new AbortController().signal;
  const opts = sandbox ? { sandbox } : {};
  const first = await runBash('true', tmp, 10_000, signal, 30_000, opts);
  if (first.isError) throw new Error(`bash -c true failed: ${first.content}`);
  const times = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await runBash('true', tmp, 10_000, signal, 30_000, opts);
    times.push(performance.now() - t);
  }
  return median(times);
}

const on = await session([]);
const off = await session(['--no-sandbox']);
const home = join(tmp, 'home');
mkdirSync(home, { recursive: true });
const plain = await commandTime(undefined);
const sandbox = createSandbox(sandboxOptions({ root: tmp, home }));
if (!sandbox.active) throw new Error(`no sandbox here: ${JSON.stringify(sandbox.status())}`);
const boxed = await commandTime(sandbox);
await sandbox.close();
const networked = createSandbox(sandboxOptions({ root: tmp, home, allowedDomains: ['example.com'] }));
const withProxy = await commandTime(networked);
await networked.close();
rmSync(tmp, { recursive: true, force: true });

const rows = [
  {
    group: 'sandbox',
    name: `approval questions in a ${COMMANDS.length}-command development session, sandbox on`,
    value: on.questions,
    unit: 'questions',
    target: '0',
    met: on.questions === 0,
    detail: `harness -p against the mock, scripted: ${COMMANDS.join(' · ')}; exit ${on.code}`,
  },
  {
    group: 'sandbox',
    name: `approval questions in the same session, --no-sandbox`,
    value: off.questions,
    unit: 'questions',
    target: '',
    detail: `the same script; read-only commands (ls, git status/diff/log) run unasked without the sandbox too; exit ${off.code}`,
  },
  {
    group: 'sandbox',
    name: 'what the sandbox adds to one command (bash -c true), median',
    value: Math.round((boxed - plain) * 10) / 10,
    unit: 'ms',
    target: '< 20 ms',
    met: boxed - plain < 20,
    detail: `runBash: ${boxed.toFixed(1)} ms in bubblewrap, ${plain.toFixed(1)} ms without; N=${N}; ${machine}`,
  },
  {
    group: 'sandbox',
    name: 'what a command with an allowed network domain adds (the proxy bridge), median',
    value: Math.round((withProxy - plain) * 10) / 10,
    unit: 'ms',
    target: '',
    detail: `${withProxy.toFixed(1)} ms: node starts inside the sandbox to bridge 127.0.0.1:3128 to the proxy's socket; only with a WebFetch(domain:…) rule; N=${N}`,
  },
];
process.stdout.write(`${JSON.stringify({ rows })}\n`);
