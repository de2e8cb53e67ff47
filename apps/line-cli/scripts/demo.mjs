#!/usr/bin/env node
// `pnpm demo`: a real `harness` session against the scripted API server, offline, in seconds.
// It starts the mock in-process, copies a demo work root and a demo "home" (holding a personal
// skill with a bundled reference) to temp dirs, runs the built `harness -p "/demo-skill ..."`
// as a child, then stops the server and removes the temp dirs.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const app = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(app, 'dist/bin/harness.cjs');
if (!existsSync(bin)) {
  process.stderr.write(
    'demo: apps/line-cli is not built; run `pnpm demo` from the repository root (it builds first)\n',
  );
  process.exit(2);
}
const { loadScriptFile, startMockServer } = await import('@coding-harness/mock-anthropic');

const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'harness-demo-')));
const home = join(tmp, 'home');
const work = join(tmp, 'work');
cpSync(join(app, 'demo/home'), home, { recursive: true });
cpSync(join(app, 'demo/workroot'), work, { recursive: true });
mkdirSync(join(tmp, 'state'));
const skillDir = join(home, '.agents/skills/demo-skill');
const scriptFile = join(tmp, 'script.yaml');
writeFileSync(scriptFile, readFileSync(join(app, 'demo/script.yaml'), 'utf8').replaceAll('{{SKILL_DIR}}', skillDir));
const server = await startMockServer({ script: loadScriptFile(scriptFile) });
const before = readFileSync(join(work, 'notes.txt'), 'utf8');

const say = (text) => process.stdout.write(`${text}\n`);
const prompt = '/demo-skill notes.txt';
const args = ['-C', work, '-p', prompt, '--allowed-tools', 'Edit', '--output-format', 'text', '--verbose'];
say('== harness offline demo: a scripted model served on 127.0.0.1, no API key, no network');
say(`   work root: ${work}`);
say(`   skill:     ${skillDir}  (a personal skill, outside the work root)`);
say(`   command:   harness ${args.map((a) => (/[\s"]/.test(a) ? JSON.stringify(a) : a)).join(' ')}`);
say('   (tool calls and their results are on stderr; the final answer on stdout)\n');

const child = spawn(process.execPath, [bin, ...args], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    PATH: process.env.PATH ?? '',
    HOME: home,
    XDG_CONFIG_HOME: join(tmp, 'config'),
    XDG_STATE_HOME: join(tmp, 'state'),
    ANTHROPIC_BASE_URL: server.url,
    ...(process.env.NO_COLOR ? { NO_COLOR: process.env.NO_COLOR } : {}),
    ...(process.env.TERM ? { TERM: process.env.TERM } : {}),
  },
});
const code = await new Promise((resolve) => child.on('close', (c, signal) => resolve(c ?? (signal ? 1 : 0))));

const after = readFileSync(join(work, 'notes.txt'), 'utf8');
say('\n== notes.txt in the work root, before and after');
const beforeLines = before.split('\n');
after.split('\n').forEach((line, i) => {
  if (line !== beforeLines[i]) say(`   - ${beforeLines[i] ?? ''}\n   + ${line}`);
});
if (after === before) say('   (unchanged)');
say(
  `== the mock answered ${server.messageRequests().length} model requests; the skill call itself was made by the harness, not the model`,
);
await server.close();
rmSync(tmp, { recursive: true, force: true });
process.exitCode = code === 0 && after !== before ? 0 : 1;
