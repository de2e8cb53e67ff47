/**
 * The REPL's question about a trusted repository's `.mcp.json` server (built bin, mock API, the
 * mcp package's fixture server): an unclear answer asks again, "y" starts it and records it, so
 * the next run asks nothing; closed input is "no".
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, run, start } from './test-support/cli.js';

afterEach(cleanup);

const require = createRequire(import.meta.url);
const FIXTURE = join(dirname(require.resolve('@coding-harness/mcp/package.json')), 'src/testing/fixture-server.mjs');

describe("the REPL's MCP server question", () => {
  it('asks about an unapproved .mcp.json server of a trusted repository; "y" starts it and is remembered', async () => {
    const box = makeSandbox();
    writeFileSync(
      join(box.work, '.mcp.json'),
      JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE] } } }),
    );
    const server = await mock(new ScriptBuilder().text('unused').build());
    const env = childEnv(box, server);
    const cli = start(['-C', box.work, '--trust'], { env });
    await cli.waitFor('Use this MCP server? [y]es / [n]o / [a]ll');
    expect(cli.stdout()).toContain("New MCP server in this repository's");
    expect(cli.stdout()).toContain(`runs: ${process.execPath} ${FIXTURE}`);
    cli.write('maybe\n');
    await cli.waitFor('please answer y (yes), n (no) or a (all)');
    cli.write('y\n');
    await cli.waitFor('/help for commands');
    // The server starts in the background: /mcp until it says connected.
    let connected = false;
    for (let i = 0; i < 30 && !connected; i += 1) {
      const from = cli.stdout().length;
      cli.write('/mcp\n');
      connected = await cli.waitFor(/fx: connected/, { from, timeoutMs: 1_000 }).then(
        () => true,
        () => false,
      );
    }
    expect(connected).toBe(true);
    cli.child.stdin.end();
    expect((await cli.exited).code).toBe(0);

    const second = await run(['-C', box.work], { env, stdin: '/mcp\n' });
    expect(second.stdout).not.toContain('Use this MCP server?');
    expect(second.stderr).not.toContain('not approved yet');
  });

  it('closed input is "no": the server waits and the start-up line names --approve-mcp', async () => {
    const box = makeSandbox();
    writeFileSync(join(box.work, '.mcp.json'), JSON.stringify({ mcpServers: { fx: { command: 'never-started' } } }));
    const server = await mock(new ScriptBuilder().text('unused').build());
    const res = await run(['-C', box.work, '--trust'], { env: childEnv(box, server), stdin: '' });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Use this MCP server?');
    expect(`${res.stdout}${res.stderr}`).toContain('harness --approve-mcp fx approves it');
  });
});
