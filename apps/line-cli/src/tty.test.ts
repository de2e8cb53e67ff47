import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, childEnv, cleanup, makeSandbox, mock } from './test-support/cli.js';

afterEach(cleanup);

const SCRIPT = '/usr/bin/script';
const SGR = /\x1b\[[0-9;]*m/;
const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Runs the REPL on a pseudo-terminal (util-linux `script` gives the child a pty), types one
 * prompt, waits for the answer and the usage line, then /exit. Returns everything it printed.
 */
async function onPty(work: string, env: Record<string, string>): Promise<string> {
  const cmd = [process.execPath, BIN, '-C', work].map(quote).join(' ');
  const child = spawn(SCRIPT, ['-qfec', cmd, '/dev/null'], { env, stdio: 'pipe' });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const seen = (re: RegExp): Promise<void> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${String(re)}; got:\n${out}`)), 15_000);
      const check = (): void => {
        if (!re.test(out)) return;
        clearTimeout(timer);
        child.stdout.off('data', check);
        resolve();
      };
      child.stdout.on('data', check);
      check();
    });
  await seen(/\/help for commands/);
  child.stdin.write('say hello\r');
  await seen(/tokens in [\d,]+ \(\d+% cache read\) · out/);
  child.stdin.write('/exit\r');
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code).toBe(0);
  return out;
}

describe.skipIf(!existsSync(SCRIPT))('harness on a terminal (pty through script(1))', () => {
  it('colours, the spinner while waiting and the dim usage line after the turn', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('Hello on a terminal.').build());
    const out = await onPty(box.work, childEnv(box, server));
    expect(out).toContain('Hello on a terminal.');
    expect(out).toMatch(SGR);
    expect(out).toMatch(/\x1b\[2mtokens in [\d,]+ \(\d+% cache read\) · out [\d,]+ · ~\$[\d.]+\x1b\[22m/);
    expect(out).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] \d+\.\ds/);
  });

  it('NO_COLOR: the same session without any colour codes', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('Plain on a terminal.').build());
    const out = await onPty(box.work, childEnv(box, server, { NO_COLOR: '1' }));
    expect(out).toContain('Plain on a terminal.');
    expect(out).toMatch(/tokens in [\d,]+ \(\d+% cache read\)/);
    expect(out).not.toMatch(SGR);
  });
});
