import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resultText } from '@coding-harness/model';
import { bashTool, runBash } from './bash.js';
import { createToolContext } from './context.js';
import type { ToolContext } from './types.js';
import { runTool } from './testing/run-tool.test.util.js';

let root: string;
let ctx: ToolContext;
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'bash-')));
  ctx = createToolContext({ root });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

async function gone(pid: number): Promise<boolean> {
  // Polled for up to 30 s: the process is killed at once, but a busy machine may take a while to reap it.
  for (let i = 0; i < 1000 && alive(pid); i++) await new Promise((r) => setTimeout(r, 30));
  return !alive(pid);
}

/** Running (not gone, not a zombie waiting for a reaper). */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe('bash', () => {
  it('runs in the root with the environment and interleaves stdout and stderr', async () => {
    process.env.TOOLS_TEST_VAR = 'passed-through';
    const r = await runTool(bashTool, { command: 'pwd; echo out; echo err >&2; echo "$TOOLS_TEST_VAR"' }, ctx);
    expect(r.isError).toBe(false);
    expect(r.content).toBe(`${root}\nout\nerr\npassed-through\n\nExit code 0.`);
    expect(r.display).toBe('exit 0');
  });

  it('reports a non-zero exit code as an error result', async () => {
    const r = await runTool(bashTool, { command: 'echo nope; exit 3' }, ctx);
    expect(r).toMatchObject({ isError: true, display: 'exit 3' });
    expect(r.content).toContain('Exit code 3.');
  });

  it('reports the signal that killed the command', async () => {
    const r = await runTool(bashTool, { command: 'kill -USR1 $$' }, ctx);
    expect(r.display).toBe('signal SIGUSR1');
  });

  it('kills the whole process group on timeout', async () => {
    const pidFile = path.join(root, 'child.pid');
    // 2 s: time for bash to start and write the pid file even on a busy machine (the kill at the
    // timeout is what is tested; the command itself would run for 30 s).
    const r = await runTool(bashTool, { command: `sleep 30 & echo $! > ${pidFile}; wait`, timeout: 2_000 }, ctx);
    expect(r.isError).toBe(true);
    expect(r.content).toContain('timed out after 2000 ms');
    expect(await gone(Number(fs.readFileSync(pidFile, 'utf8')))).toBe(true);
  });

  it('kills the whole process group on abort', async () => {
    const ac = new AbortController();
    const pidFile = path.join(root, 'child.pid');
    const running = runTool(
      bashTool,
      { command: `sleep 30 & echo $! > ${pidFile}; wait` },
      { ...ctx, signal: ac.signal },
    );
    while (!fs.existsSync(pidFile) || fs.readFileSync(pidFile, 'utf8').trim() === '')
      await new Promise((r) => setTimeout(r, 20));
    ac.abort();
    const r = await running;
    expect(r).toMatchObject({ isError: true, display: 'cancelled' });
    expect(await gone(Number(fs.readFileSync(pidFile, 'utf8')))).toBe(true);
  });

  it('caps output keeping head and tail, saying how many bytes were cut', async () => {
    const r = await runTool(
      {
        execute: () =>
          runBash('for i in $(seq 1 2000); do echo "line $i"; done', root, 10_000, new AbortController().signal, 1000),
      } as never,
      {},
      ctx,
    );
    expect(r.content.startsWith('line 1\n')).toBe(true);
    expect(r.content).toContain('line 2000\n\nExit code 0.');
    const cut = /\[… (\d+) bytes of output cut …\]/.exec(r.content);
    const total = Array.from({ length: 2000 }, (_, i) => `line ${i + 1}\n`).join('').length;
    expect(Number(cut?.[1])).toBe(total - 1000);
  });

  it('rejects timeouts above the maximum through its schema', () => {
    expect(bashTool.validate({ command: 'true', timeout: 600_001 }).ok).toBe(false);
  });

  it('kills what the command left running in the background when it ends (sleep 100 &)', async () => {
    const pidFile = path.join(root, 'bg.pid');
    const r = await runTool(bashTool, { command: `sleep 100 & echo $! > ${pidFile}; echo started` }, ctx);
    expect(r.content).toContain('started');
    expect(await gone(Number(fs.readFileSync(pidFile, 'utf8')))).toBe(true);
  });

  // The grace before SIGKILL is KILL_GRACE_MS (bash.ts); how soon that answers is not timed here.
  it('answers an abort even when the command ignores SIGTERM (SIGKILL after the grace)', async () => {
    const ac = new AbortController();
    const mark = path.join(root, 'trapping');
    const running = runTool(
      bashTool,
      { command: `trap '' TERM; touch ${mark}; while true; do sleep 0.1; done` },
      { ...ctx, signal: ac.signal },
    );
    while (!fs.existsSync(mark)) await new Promise((r) => setTimeout(r, 10));
    ac.abort();
    expect(await running).toMatchObject({ isError: true, display: 'cancelled' });
  });

  it('never passes the harness credentials or the session secrets to the command', async () => {
    const env = {
      ...process.env,
      ANTHROPIC_API_KEY: 'sk-ant-fake-key-for-test',
      ANTHROPIC_AUTH_TOKEN: 'fake-auth-token-1234',
      DEPLOY_TOKEN: 'deploy-secret-5678',
      KEEP: 'kept-value',
    };
    const run = await runBash('printenv', root, 10_000, new AbortController().signal, 30_000, {
      env,
      secrets: ['deploy-secret-5678'],
    });
    const r = { ...run, content: resultText(run.content) };
    expect(r.isError).toBe(false);
    expect(r.content).toContain('KEEP=kept-value');
    expect(r.content).not.toContain('ANTHROPIC_API_KEY');
    expect(r.content).not.toContain('sk-ant-fake-key-for-test');
    expect(r.content).not.toContain('fake-auth-token-1234');
    expect(r.content).not.toContain('deploy-secret-5678');
  });
});

describe('PATH for commands', () => {
  it("holds absolute entries only: a repository's node_modules/.bin or . cannot choose which git runs", async () => {
    for (const dir of ['node_modules/.bin', '.']) {
      fs.mkdirSync(path.join(root, dir), { recursive: true });
      fs.writeFileSync(path.join(root, dir, 'git'), '#!/bin/sh\necho HIJACKED\n', { mode: 0o755 });
    }
    const env = { PATH: `node_modules/.bin::.:${process.env.PATH ?? ''}` };
    const r = await runBash('echo "$PATH"; git --version', root, 10_000, new AbortController().signal, 30_000, {
      env,
    });
    const text = resultText(r.content);
    expect(text).not.toContain('HIJACKED');
    expect(text).toMatch(/^git version /m);
    const seen = text.split('\n')[0] ?? '';
    expect(seen.split(':').every((entry) => entry.startsWith('/'))).toBe(true);
  });
});
