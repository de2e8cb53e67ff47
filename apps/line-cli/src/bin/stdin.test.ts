import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, body, childEnv, cleanup, makeSandbox, mock } from '../test-support/cli.js';
import { stdinKind } from './stdin.js';

const spawned = new Set<ReturnType<typeof spawn>>();
afterEach(async () => {
  for (const child of spawned) child.kill('SIGKILL');
  spawned.clear();
  await cleanup();
});

describe('stdinKind', () => {
  it('tells /dev/null and a regular file from anything else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stdin-kind-'));
    try {
      writeFileSync(join(dir, 'f.txt'), 'x');
      const devNull = openSync('/dev/null', 'r');
      const file = openSync(join(dir, 'f.txt'), 'r');
      const dirFd = openSync(dir, 'r');
      expect([stdinKind(devNull), stdinKind(file), stdinKind(dirFd), stdinKind(987_654)]).toEqual([
        'null',
        'file',
        'stream',
        'stream',
      ]);
      for (const fd of [devNull, file, dirFd]) closeSync(fd);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Runs the bin with stdin opened from `path` (a real file descriptor, as `< path` in a shell). */
function runWithStdinFrom(
  path: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string }> {
  const fd = openSync(path, 'r');
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: [fd, 'pipe', 'pipe'] });
  closeSync(fd);
  spawned.add(child);
  let stdout = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout })));
}

describe('the bin reads stdin redirected from a file or /dev/null', () => {
  it('< /dev/null: the prompt alone, no wait', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('only the prompt').build());
    const res = await runWithStdinFrom('/dev/null', ['-C', box.work, '-p', 'hi'], childEnv(box, server));
    expect(res).toEqual({ code: 0, stdout: 'only the prompt\n' });
    expect(JSON.stringify(body(server.messageRequests()[0]).messages)).toContain('"text":"hi"');
  });

  it('< file: the prompt and the file, as with a pipe', async () => {
    const box = makeSandbox();
    writeFileSync(join(box.root, 'in.txt'), 'contents of the file\n');
    const server = await mock(new ScriptBuilder().text('read it').build());
    const res = await runWithStdinFrom(
      join(box.root, 'in.txt'),
      ['-C', box.work, '-p', 'explain'],
      childEnv(box, server),
    );
    expect(res.code).toBe(0);
    expect(JSON.stringify(body(server.messageRequests()[0]).messages)).toContain('explain\\ncontents of the file');
  });
});
