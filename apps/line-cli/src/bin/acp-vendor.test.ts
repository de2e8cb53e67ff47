/**
 * The ACP SDK as the bin ships it (build.mjs: a vendor bundle beside the bin's bundle, run through
 * its own code cache): `--acp` loads it, and a `-p` run never reads it, so the usual start-up pays
 * nothing for the editor front end.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, run, start } from '../test-support/cli.js';

afterEach(cleanup);

const cached = (dir: string): string[] => readdirSync(join(dir, 'coding-harness'));

describe('the ACP vendor bundle (dist/bin/harness-acp.cjs)', () => {
  it('is loaded by --acp only: a -p run leaves no code cache for it, an --acp run does', async () => {
    const box = makeSandbox();
    const cache = join(box.root, 'cache');
    mkdirSync(cache);
    const server = await mock(new ScriptBuilder().text('hello').build());
    const env = { ...childEnv(box, server), XDG_CACHE_HOME: cache };
    const print = await run(['-C', box.work, '-p', 'hi'], { env });
    expect(print.stdout).toBe('hello\n');
    expect(cached(cache).some((f) => f.startsWith('harness-bundle.'))).toBe(true);
    expect(cached(cache).some((f) => f.startsWith('harness-acp-bundle.'))).toBe(false);

    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: 1 } };
    const agent = start(['--acp'], { env });
    agent.write(`${JSON.stringify(init)}\n`);
    await agent.waitFor('"id":1', { timeoutMs: 30_000 });
    agent.child.stdin.end();
    const acp = await agent.exited;
    expect(acp.code).toBe(0);
    expect(JSON.parse(acp.stdout)).toMatchObject({ id: 1, result: { protocolVersion: 1 } });
    expect(cached(cache).some((f) => f.startsWith('harness-acp-bundle.'))).toBe(true);
  });
});
