import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Anthropic from '@anthropic-ai/sdk';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-args.js';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const example = path.join(packageDir, 'examples', 'hello.yaml');

let dir: string;
let buildDir: string;
let cli: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  // The CLI runs as a real child process, bundled from the current sources into this suite's own
  // temp dir: never dist/, which the build task owns and another suite may be packing meanwhile.
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-anthropic-cli-build-'));
  cli = path.join(buildDir, 'cli.mjs');
  await build({
    entryPoints: [path.join(packageDir, 'src', 'cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: cli,
    logLevel: 'silent',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
}, 120_000);
afterAll(() => fs.rmSync(buildDir, { recursive: true, force: true }));
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-anthropic-cli-'));
});
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

function spawnCli(args: string[]): ChildProcess {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return child;
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const newline = out.indexOf('\n');
      if (newline >= 0) resolve(out.slice(0, newline));
    });
    child.once('exit', (code) => reject(new Error(`cli exited with ${code} before printing a line`)));
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, stderr })));
}

describe('mock-anthropic CLI', () => {
  it('serves the example script, logs requests, and stops on SIGTERM', async () => {
    const log = path.join(dir, 'requests.jsonl');
    const child = spawnCli(['--script', example, '--port', '0', '--log', log]);
    const done = exited(child);
    const line = await firstLine(child);
    const match = /^mock-anthropic listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
    expect(match).not.toBeNull();

    const client = new Anthropic({ apiKey: 'test', baseURL: match![1], maxRetries: 0 });
    const params = {
      model: 'claude-haiku-5-5',
      max_tokens: 100,
      messages: [{ role: 'user' as const, content: 'hello' }],
    };
    const first = await client.messages.create(params);
    expect(first.content[0]).toMatchObject({ type: 'text' });
    const second = await client.messages.stream(params).finalMessage();
    expect(second.stop_reason).toBe('tool_use');
    expect(second.content.find((b) => b.type === 'tool_use')).toMatchObject({
      name: 'read_file',
      input: { path: 'README.md' },
    });
    expect(fs.readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(2);

    child.kill('SIGTERM');
    expect((await done).code).toBe(0);
  });

  it('exits 2 naming the script file when it is missing or invalid', async () => {
    const missing = path.join(dir, 'missing.yaml');
    const result = await exited(spawnCli(['--script', missing]));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(missing);

    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ turns: [{ content: [{ type: 'text' }] }] }));
    const invalid = await exited(spawnCli(['--script', bad]));
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain(bad);
    expect(invalid.stderr).toContain('turns.0.content.0');
  });

  it('exits 2 at once when --log is a FIFO nobody reads, instead of hanging on the first request', async () => {
    const fifo = path.join(dir, 'log.fifo');
    execFileSync('mkfifo', [fifo]);
    const result = await exited(spawnCli(['--script', example, '--port', '0', '--log', fifo]));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--log: cannot write ${fifo}: it is a FIFO that nobody reads`);
    expect(fs.lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('exits 2 naming the flag on bad flags', async () => {
    const unknown = await exited(spawnCli(['--script', example, '--colour']));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--colour');
    const port = await exited(spawnCli(['--script', example, '--port', 'eighty']));
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('--port');
  });
});

describe('parseCliArgs', () => {
  it('accepts the documented flags and defaults the port to 0', () => {
    expect(parseCliArgs(['--script', 'a.yaml'])).toEqual({
      ok: true,
      options: { script: 'a.yaml', port: 0, log: undefined, lenient: false, oldAccount: false },
    });
    expect(
      parseCliArgs(['--script', 'a.yaml', '--port', '8080', '--log', 'l.jsonl', '--lenient', '--old-account']),
    ).toEqual({
      ok: true,
      options: { script: 'a.yaml', port: 8080, log: 'l.jsonl', lenient: true, oldAccount: true },
    });
  });

  it('names the flag at fault', () => {
    expect(parseCliArgs([])).toEqual({ ok: false, message: expect.stringContaining('--script') });
    for (const port of ['-1', '65536', '1.5', '', 'x'])
      expect(parseCliArgs(['--script', 'a', '--port', port])).toEqual({
        ok: false,
        message: expect.stringContaining('--port'),
      });
    expect(parseCliArgs(['--script', 'a', 'extra'])).toMatchObject({ ok: false });
  });
});
