// A stdio server in a process group of its own: a real server (the fixture, started through a
// `sh` wrapper that also leaves a `sleep` in the group, as npx or uvx leave their real server),
// its group checked in /proc, and every process of the group gone after close or a crash.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from './connection.js';
import type { Connection } from './connection.js';
import { FIXTURE } from './testing/servers.test.util.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** The process group of `pid`, from /proc (field 5 of stat, after the command in parentheses). */
const pgid = (pid: number): number => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[2]);

async function wrapped(): Promise<{
  connection: Connection;
  leader: number;
  sleeper: number;
  closed: Promise<string>;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-group-'));
  undo.push(() => rmSync(dir, { recursive: true, force: true }));
  let closedWith: (why: string) => void = () => undefined;
  const closed = new Promise<string>((resolve) => {
    closedWith = resolve;
  });
  const script = `sleep 1000 & echo $! > "$PIDS/sleep"; echo $$ > "$PIDS/leader"; exec "${process.execPath}" "${FIXTURE}"`;
  const connection = await connect({
    name: 'grouped',
    config: { type: 'stdio', command: '/bin/sh', args: ['-c', script], env: { PIDS: dir } },
    env: { PATH: process.env.PATH },
    cwd: dir,
    onToolsChanged: () => undefined,
    onClosed: (why) => closedWith(why),
  });
  const leader = Number(readFileSync(join(dir, 'leader'), 'utf8'));
  const sleeper = Number(readFileSync(join(dir, 'sleep'), 'utf8'));
  undo.push(() => {
    for (const pid of [leader, sleeper]) if (alive(pid)) process.kill(pid, 'SIGKILL');
  });
  return { connection, leader, sleeper, closed };
}

describe.skipIf(process.platform === 'win32')('stdio servers in their own process group', () => {
  it("the server leads a group of its own (a Ctrl-C to the harness's group does not reach it); close ends the whole group", async () => {
    const { connection, leader, sleeper } = await wrapped();
    expect(pgid(leader)).toBe(leader);
    expect(pgid(sleeper)).toBe(leader);
    expect(pgid(leader)).not.toBe(pgid(process.pid));
    await connection.close();
    await expect.poll(() => [alive(leader), alive(sleeper)], { timeout: 10_000 }).toEqual([false, false]);
  });

  it('a server that crashes takes what it started in its group with it', async () => {
    const { connection, leader, sleeper, closed } = await wrapped();
    await connection.client.callTool({ name: 'die', arguments: {} }).catch(() => undefined);
    expect(await closed).toBe('the connection closed');
    await expect.poll(() => [alive(leader), alive(sleeper)], { timeout: 10_000 }).toEqual([false, false]);
    await connection.close();
  });

  it("a harness that dies of an uncaught exception ends its servers' groups on the way out", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-group-crash-'));
    undo.push(() => rmSync(dir, { recursive: true, force: true }));
    const connection = fileURLToPath(new URL('../dist/connection.js', import.meta.url));
    const script = `sleep 1000 & echo $! > "$PIDS/sleep"; echo $$ > "$PIDS/leader"; exec "${process.execPath}" "${FIXTURE}"`;
    const harness = `
      const { connect } = await import(${JSON.stringify(connection)});
      await connect({
        name: 'grouped',
        config: { type: 'stdio', command: '/bin/sh', args: ['-c', ${JSON.stringify(script)}], env: { PIDS: ${JSON.stringify(dir)} } },
        env: { PATH: process.env.PATH },
        cwd: ${JSON.stringify(dir)},
        onToolsChanged: () => {},
        onClosed: () => {},
      });
      throw new Error('harness crashed');`;
    const stderr = await new Promise<string>((resolve) =>
      execFile(process.execPath, ['--input-type=module', '-e', harness], (_error, _out, err) => resolve(err)),
    );
    expect(stderr).toContain('harness crashed');
    const leader = Number(readFileSync(join(dir, 'leader'), 'utf8'));
    const sleeper = Number(readFileSync(join(dir, 'sleep'), 'utf8'));
    undo.push(() => {
      for (const pid of [leader, sleeper]) if (alive(pid)) process.kill(pid, 'SIGKILL');
    });
    await expect.poll(() => [alive(leader), alive(sleeper)], { timeout: 10_000 }).toEqual([false, false]);
  });
});
