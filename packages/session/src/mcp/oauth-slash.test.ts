// `/mcp login NAME` through the session's MCP runtime against a real OAuth-protected MCP server
// (the mcp package's test server: the 1.x SDK's auth router and bearer middleware). The test's
// "browser" loads the authorization URL the slash result names and follows it to the callback.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { oauthDir, oauthFile } from '@coding-harness/mcp';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpRuntime } from './runtime.js';
import type { McpRuntime } from './runtime.js';
import { mcpSlash } from './slash.js';

const require = createRequire(import.meta.url);
const UTIL = join(
  dirname(require.resolve('@coding-harness/mcp/package.json')),
  'src/testing/oauth-server.test.util.ts',
);
/** What the test uses of the mcp package's OAuth test server (loaded by path: test files are not exported). */
interface Util {
  startOAuthMcpServer(): Promise<{
    url: string;
    counts: Record<string, number>;
    close(): Promise<void>;
  }>;
  playBrowser(url: string): Promise<number>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

async function setup() {
  const util = (await import(UTIL)) as Util;
  const server = await util.startOAuthMcpServer();
  cleanups.push(() => server.close());
  const home = mkdtempSync(join(tmpdir(), 'oauth-session-'));
  cleanups.push(() => rmSync(home, { recursive: true, force: true }));
  const notices: string[] = [];
  const runtime: McpRuntime = createMcpRuntime({
    servers: [
      { name: 'remote', scope: 'flag', source: 'test', config: { type: 'http', url: server.url, headers: {} } },
    ],
    env: { XDG_STATE_HOME: join(home, 'state') },
    home,
    workroot: home,
    startupMessages: notices,
  });
  cleanups.push(() => runtime.close());
  return { util, server, home, runtime, notices };
}

const until = async (test: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !test(); i += 1) await new Promise((r) => setTimeout(r, 25));
  if (!test()) throw new Error(`timed out waiting for ${what}`);
};

describe('/mcp login', () => {
  it('shows needs-auth, logs in through the loopback, stores the token 0600 and reconnects', async () => {
    const { util, server, home, runtime, notices } = await setup();
    await until(() => runtime.status()[0]?.state !== 'pending', 'the first connection');
    const listed = await mcpSlash(runtime, '');
    expect(listed.servers[0]).toMatchObject({ name: 'remote', state: 'needs-auth', tools: 0 });
    expect(notices.some((n) => n.includes('needs login: run /mcp login remote and authenticate'))).toBe(true);

    let browser: Promise<number> | undefined;
    const started = await mcpSlash(runtime, 'login remote', {
      open: (url) => {
        browser = util.playBrowser(url);
      },
      timeoutMs: 10_000,
    });
    expect(started.message).toMatch(
      /^log in to remote: open http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+ in a browser \(opened\)/,
    );
    expect(await browser).toBe(200);
    await until(() => runtime.status()[0]?.state === 'connected', 'the reconnection');
    expect(notices.some((n) => n === 'MCP server remote: logged in; reconnecting')).toBe(true);
    expect((await mcpSlash(runtime, '')).servers[0]).toMatchObject({ state: 'connected', tools: 1 });
    const file = oauthFile(oauthDir({ XDG_STATE_HOME: join(home, 'state') }, home), server.url);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(server.counts).toMatchObject({ registrations: 1, authorizations: 1, codeExchanges: 1 });

    const out = await mcpSlash(runtime, 'logout remote');
    expect(out.message).toBe(`logged out of remote (removed ${file})`);
    expect(out.servers[0]).toMatchObject({ state: 'needs-auth' });
    expect(existsSync(file)).toBe(false);
  });

  it('names what it cannot log in to', async () => {
    const { runtime } = await setup();
    expect((await mcpSlash(runtime, 'login nowhere')).message).toBe('no MCP server nowhere in this session');
    expect((await mcpSlash(runtime, 'logout nowhere')).message).toBe('no MCP server nowhere in this session');
    expect((await mcpSlash(runtime, 'login')).message).toMatch(
      /takes nothing, "reconnect <name>", "login <name>" or "logout <name>"/,
    );
  });
});
