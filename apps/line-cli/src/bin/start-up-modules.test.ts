/**
 * What the bin loads at start-up, read from the child's own list of loaded internal modules on
 * real runs, so a change that brings a cost back fails here: a `-p` run with stdin from
 * /dev/null that runs no command builds no fs.ReadStream and loads neither node:crypto nor
 * node:child_process; `--version` starts no HTTP client (the web-global stand-ins do not run the
 * agent at load).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, childEnv, cleanup, makeSandbox, mock } from '../test-support/cli.js';

const temps: string[] = [];
const spawned = new Set<ReturnType<typeof spawn>>();
afterEach(async () => {
  for (const child of spawned) child.kill('SIGKILL');
  spawned.clear();
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
  await cleanup();
});

/** Runs the bin with stdin from /dev/null; resolves with stdout and the modules it loaded. */
async function modulesOf(args: string[], env: Record<string, string>): Promise<{ stdout: string; modules: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'harness-modules-'));
  temps.push(dir);
  const out = join(dir, 'modules.json');
  const script = join(dir, 'record.cjs');
  writeFileSync(
    script,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.moduleLoadList)));\n`,
  );
  const devNull = openSync('/dev/null', 'r');
  const child = spawn(process.execPath, ['--require', script, BIN, ...args], { env, stdio: [devNull, 'pipe', 'pipe'] });
  closeSync(devNull);
  spawned.add(child);
  let stdout = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  await new Promise((resolve) => child.on('close', resolve));
  return { stdout, modules: JSON.parse(readFileSync(out, 'utf8')) as string[] };
}

describe('what the bin loads at start-up', () => {
  it('harness -p hi < /dev/null: no fs.ReadStream for stdin, no node:crypto, no child_process', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('hello').build());
    const res = await modulesOf(['-C', box.work, '-p', 'hi'], childEnv(box, server));
    expect(res.stdout).toBe('hello\n');
    expect(res.modules).toContain('NativeModule _http_client');
    expect(res.modules).not.toContain('NativeModule internal/fs/streams');
    expect(res.modules).not.toContain('NativeModule crypto');
    expect(res.modules).not.toContain('NativeModule child_process');
  });

  it('harness --version: no HTTP client, no child_process', async () => {
    const box = makeSandbox();
    const res = await modulesOf(['--version'], childEnv(box, undefined));
    expect(res.stdout).toMatch(/^harness \d/);
    expect(res.modules).not.toContain('NativeModule _http_client');
    expect(res.modules).not.toContain('NativeModule child_process');
  });
});
