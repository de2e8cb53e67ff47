// OAuth for remote MCP servers against a real OAuth-protected MCP server in-process (the 1.x SDK's
// authorization router and bearer middleware, a streamable HTTP MCP server behind it). The test
// plays the browser: it loads the authorization URL and follows the redirect to the loopback.
import { lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, chmodSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpManager } from './manager.js';
import type { McpChange, McpManager } from './manager.js';
import { oauthLogin } from './oauth-login.js';
import { oauthDir, oauthFile } from './oauth-store.js';
import { configured } from './testing/servers.test.util.js';
import { playBrowser, startOAuthMcpServer } from './testing/oauth-server.test.util.js';
import type { OAuthMcpServer } from './testing/oauth-server.test.util.js';

const managers: McpManager[] = [];
const servers: OAuthMcpServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function setup() {
  const server = await startOAuthMcpServer();
  servers.push(server);
  const home = mkdtempSync(join(tmpdir(), 'oauth-home-'));
  dirs.push(home);
  const dir = oauthDir({ XDG_STATE_HOME: join(home, 'state') }, home);
  return { server, dir, file: oauthFile(dir, server.url) };
}

function manager(url: string, dir: string, type: 'http' | 'sse' = 'http') {
  const changes: McpChange[] = [];
  const m = createMcpManager({
    servers: [configured('remote', { type, url, headers: {} })],
    env: {},
    refusedVars: [],
    cwd: process.cwd(),
    maxOutputTokens: 1_000,
    onChange: (change) => changes.push(change),
    oauthDir: dir,
    timeoutMs: 10_000,
  });
  managers.push(m);
  return { m, changes, started: m.start() };
}

async function login(url: string, file: string) {
  let browser: Promise<number> | undefined;
  const shown: string[] = [];
  const result = await oauthLogin({
    serverUrl: url,
    file,
    timeoutMs: 10_000,
    onAuthorizationUrl: (at) => {
      shown.push(at);
      browser = playBrowser(at);
    },
  });
  return { result, shown, callbackStatus: await browser };
}

const add = (m: McpManager) => m.client('remote')?.callTool({ name: 'add', arguments: { a: 2, b: 3 } });

describe('MCP OAuth', () => {
  it('401 → needs login; login → discovery, registration, PKCE code, token (0600); tools listed and called', async () => {
    const { server, dir, file } = await setup();
    const first = manager(server.url, dir);
    await first.started;
    const status = first.m.status()[0];
    expect(status?.state).toBe('needs-auth');
    expect(first.changes.some((c) => c.type === 'state' && /needs login: run \/mcp login remote/.test(c.notice))).toBe(
      true,
    );
    expect(server.counts.unauthorized).toBeGreaterThan(0);
    // A plain connection neither registers nor starts an authorization: nobody is at a browser.
    expect(server.counts.registrations).toBe(0);
    expect(server.counts.authorizations).toBe(0);

    const { result, shown, callbackStatus } = await login(server.url, file);
    expect(result).toEqual({ ok: true });
    expect(callbackStatus).toBe(200);
    const authUrl = new URL(shown[0] ?? '');
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(server.counts).toMatchObject({ registrations: 1, authorizations: 1, codeExchanges: 1 });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.serverUrl).toBe(server.url);
    expect(typeof saved.tokens.access_token).toBe('string');
    expect(typeof saved.client.client_id).toBe('string');

    expect(await first.m.reconnect('remote')).toBe(true);
    expect(first.m.status()[0]).toMatchObject({ state: 'connected', toolCount: 1 });
    expect(first.m.tools().map((t) => t.name)).toEqual(['mcp__remote__add']);
    expect((await add(first.m))?.content).toEqual([{ type: 'text', text: '5' }]);
  });

  it('a second start reuses the stored token; an expired token is refreshed through the SDK', async () => {
    const { server, dir, file } = await setup();
    expect((await login(server.url, file)).result).toEqual({ ok: true });
    const before = JSON.parse(readFileSync(file, 'utf8')).tokens.access_token;

    const second = manager(server.url, dir);
    await second.started;
    expect(second.m.status()[0]?.state).toBe('connected');
    expect(server.counts).toMatchObject({ registrations: 1, authorizations: 1, codeExchanges: 1, refreshes: 0 });

    server.expireAccessTokens();
    expect((await add(second.m))?.content).toEqual([{ type: 'text', text: '5' }]);
    expect(server.counts.refreshes).toBe(1);
    expect(server.counts.authorizations).toBe(1);
    const after = JSON.parse(readFileSync(file, 'utf8')).tokens.access_token;
    expect(after).not.toBe(before);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('works the same over the legacy SSE transport', async () => {
    const { server, dir } = await setup();
    const file = oauthFile(dir, server.sseUrl);
    const first = manager(server.sseUrl, dir, 'sse');
    await first.started;
    expect(first.m.status()[0]?.state).toBe('needs-auth');
    expect((await login(server.sseUrl, file)).result).toEqual({ ok: true });
    expect(await first.m.reconnect('remote')).toBe(true);
    expect(first.m.status()[0]).toMatchObject({ state: 'connected', transport: 'sse', toolCount: 1 });
    expect((await add(first.m))?.content).toEqual([{ type: 'text', text: '5' }]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a token file readable by others, or one that is not a regular file, naming it', async () => {
    const { server, dir, file } = await setup();
    expect((await login(server.url, file)).result).toEqual({ ok: true });
    chmodSync(file, 0o644);
    const wide = manager(server.url, dir);
    await wide.started;
    expect(wide.m.status()[0]?.state).toBe('failed');
    expect(wide.m.status()[0]?.error).toContain(`${file}: the MCP OAuth token file is readable by others (mode 644)`);

    const real = join(dirname(file), 'elsewhere.json');
    writeFileSync(real, readFileSync(file), { mode: 0o600 });
    rmSync(file);
    symlinkSync(real, file);
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
    const linked = manager(server.url, dir);
    await linked.started;
    expect(linked.m.status()[0]?.error).toContain(`${file}: the MCP OAuth token file is not a regular file`);
  });

  it('a callback whose state does not match is refused and the login waits on', async () => {
    const { server, file } = await setup();
    let status = 0;
    const result = await oauthLogin({
      serverUrl: server.url,
      file,
      timeoutMs: 2_000,
      onAuthorizationUrl: (at) => {
        const redirect = new URL(new URL(at).searchParams.get('redirect_uri') ?? '');
        redirect.searchParams.set('code', 'forged');
        redirect.searchParams.set('state', 'not-the-state');
        void fetch(redirect).then((r) => {
          status = r.status;
        });
      },
    });
    expect(status).toBe(400);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/login failed: no browser came back to the callback within 2 s/);
    expect(server.counts.codeExchanges).toBe(0);
  });
});
