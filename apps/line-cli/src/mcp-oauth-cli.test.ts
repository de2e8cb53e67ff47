/**
 * OAuth-protected MCP server through the built bin (`harness -p`): with no stored token the
 * server is a "needs login" notice and the run ends (no browser, no hang); once a login has
 * stored tokens under the run's XDG state dir, the next run calls the server's tool with them.
 * The server is the mcp package's OAuth test server (the 1.x SDK's auth router), in this process.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { oauthDir, oauthFile, oauthLogin } from '@coding-harness/mcp';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, run, toolResults } from './test-support/cli.js';

const require = createRequire(import.meta.url);
const UTIL = join(
  dirname(require.resolve('@coding-harness/mcp/package.json')),
  'src/testing/oauth-server.test.util.ts',
);
/** What the test uses of the OAuth test server (loaded by path: test files are not exported). */
interface Util {
  startOAuthMcpServer(): Promise<{ url: string; counts: Record<string, number>; close(): Promise<void> }>;
  playBrowser(url: string): Promise<number>;
}

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  cleanup();
});

describe('harness -p with an OAuth-protected MCP server', () => {
  it('says the server needs a login and ends; after a login the tool is called with the stored token', async () => {
    const util = (await import(UTIL)) as Util;
    const remote = await util.startOAuthMcpServer();
    servers.push(remote);
    const box = makeSandbox();
    const config = JSON.stringify({ mcpServers: { remote: { type: 'http', url: remote.url } } });
    const call = () =>
      new ScriptBuilder()
        .toolUse('mcp_call', { tool: 'mcp__remote__add', arguments: { a: 2, b: 3 } })
        .text('done')
        .build();
    const model = await mock(call());
    const env = childEnv(box, model);
    const args = [
      '-C',
      box.work,
      '-p',
      'add',
      '--no-sandbox',
      '--mcp-config',
      config,
      '--allowed-tools',
      'mcp__remote',
    ];

    // --verbose: -p shows notices on stderr.
    const before = await run([...args, '--verbose'], { env });
    expect(before.code).toBe(0);
    expect(before.stderr).toContain('needs login: run /mcp login remote and authenticate');
    expect(JSON.stringify(toolResults(model.messageRequests()[1]))).toContain('(or it failed to start: see /mcp)');
    expect(remote.counts.registrations).toBe(0);

    let browser: Promise<number> | undefined;
    const file = oauthFile(oauthDir({ XDG_STATE_HOME: box.state }, box.home), remote.url);
    const login = await oauthLogin({
      serverUrl: remote.url,
      file,
      timeoutMs: 10_000,
      onAuthorizationUrl: (url) => {
        browser = util.playBrowser(url);
      },
    });
    expect(login).toEqual({ ok: true });
    expect(await browser).toBe(200);

    model.setScript(call());
    const sent = model.messageRequests().length;
    const after = await run(args, { env });
    expect(after.code).toBe(0);
    expect(after.stdout).toContain('done');
    expect(toolResults(model.messageRequests().slice(sent)[1])).toMatchObject([{ content: '5' }]);
    expect(remote.counts.toolCalls).toBe(1);
    expect(remote.counts.authorizations).toBe(1);
  });
});
