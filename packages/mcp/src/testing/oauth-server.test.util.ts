/**
 * A real OAuth-protected MCP server for the tests, in-process on 127.0.0.1: the 1.x SDK's
 * authorization-server router (metadata, dynamic registration, authorize, token with PKCE
 * checks), its bearer-token middleware with protected-resource metadata, and a streamable HTTP
 * MCP server with one tool behind it. The "user" approves every authorization at once; the test
 * plays the browser. Express comes from the SDK's own dependencies (it is how the SDK serves auth).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { mcpAuthRouter, getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type { OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { z } from 'zod';

const sdkRequire = createRequire(createRequire(import.meta.url).resolve('@modelcontextprotocol/sdk/package.json'));
/** The little of express used here (its types are not installed; the SDK's handlers are express middleware). */
type Req = IncomingMessage & { body?: unknown };
type Res = ServerResponse & { status(code: number): { end(): void } };
type Handler = (req: Req, res: Res, next: () => void) => unknown;
interface ExpressApp {
  use(...handlers: unknown[]): void;
  post(path: string, ...handlers: unknown[]): void;
  get(path: string, ...handlers: unknown[]): void;
  listen(port: number, host: string, ready: () => void): Server;
}
interface Express {
  (): ExpressApp;
  json(): Handler;
}
const express = sdkRequire('express') as Express;

interface Grant {
  clientId: string;
  expiresAt: number;
}

/** What the tests look at: how many of each step the server saw. */
export interface OAuthCounts {
  registrations: number;
  authorizations: number;
  codeExchanges: number;
  refreshes: number;
  unauthorized: number;
  toolCalls: number;
}

export interface OAuthMcpServer {
  /** Streamable HTTP. */
  url: string;
  /** The same server over the legacy SSE transport. */
  sseUrl: string;
  counts: OAuthCounts;
  /** Every access token issued so far stops working (the next request gets 401). */
  expireAccessTokens(): void;
  close(): Promise<void>;
}

function provider(counts: OAuthCounts): OAuthServerProvider & { access: Map<string, Grant> } {
  const clients = new Map<string, OAuthClientInformationFull>();
  const codes = new Map<string, { clientId: string; challenge: string }>();
  const access = new Map<string, Grant>();
  const refresh = new Map<string, string>();
  const clientsStore: OAuthRegisteredClientsStore = {
    getClient: async (id) => clients.get(id),
    registerClient: async (client) => {
      counts.registrations += 1;
      const full = client as OAuthClientInformationFull;
      clients.set(full.client_id, full);
      return full;
    },
  };
  const issue = (clientId: string) => {
    const token = randomUUID();
    const refreshToken = randomUUID();
    access.set(token, { clientId, expiresAt: Date.now() + 3_600_000 });
    refresh.set(refreshToken, clientId);
    return { access_token: token, token_type: 'bearer', expires_in: 3600, refresh_token: refreshToken };
  };
  return {
    clientsStore,
    access,
    async authorize(client, params, res) {
      counts.authorizations += 1;
      if (!client.redirect_uris.includes(params.redirectUri)) throw new Error('unregistered redirect_uri');
      const code = randomUUID();
      codes.set(code, { clientId: client.client_id, challenge: params.codeChallenge });
      const target = new URL(params.redirectUri);
      target.searchParams.set('code', code);
      if (params.state !== undefined) target.searchParams.set('state', params.state);
      res.redirect(target.href);
    },
    async challengeForAuthorizationCode(_client, code) {
      const found = codes.get(code);
      if (!found) throw new Error('unknown code');
      return found.challenge;
    },
    async exchangeAuthorizationCode(client, code) {
      const found = codes.get(code);
      if (!found || found.clientId !== client.client_id) throw new Error('code not issued to this client');
      codes.delete(code);
      counts.codeExchanges += 1;
      return issue(client.client_id);
    },
    async exchangeRefreshToken(client, token) {
      if (refresh.get(token) !== client.client_id) throw new Error('unknown refresh token');
      refresh.delete(token);
      counts.refreshes += 1;
      return issue(client.client_id);
    },
    async verifyAccessToken(token) {
      const grant = access.get(token);
      if (!grant) throw new Error('unknown token');
      return { token, clientId: grant.clientId, scopes: [], expiresAt: Math.floor(grant.expiresAt / 1000) };
    },
  };
}

function mcpServer(counts: OAuthCounts): McpServer {
  const server = new McpServer({ name: 'oauth-fixture', version: '1.0.0' });
  server.registerTool(
    'add',
    { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } },
    async ({ a, b }) => {
      counts.toolCalls += 1;
      return { content: [{ type: 'text', text: String(a + b) }] };
    },
  );
  return server;
}

/** Starts the server on a free port; `close()` ends it and every connection. */
export async function startOAuthMcpServer(): Promise<OAuthMcpServer> {
  const counts: OAuthCounts = {
    registrations: 0,
    authorizations: 0,
    codeExchanges: 0,
    refreshes: 0,
    unauthorized: 0,
    toolCalls: 0,
  };
  const app = express();
  const http: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const mcpUrl = new URL('/mcp', base);
  const oauth = provider(counts);
  // The whole origin is the protected resource: /mcp and /sse are the same server.
  app.use(mcpAuthRouter({ provider: oauth, issuerUrl: new URL(base), resourceServerUrl: new URL(base) }));
  const bearer = requireBearerAuth({
    verifier: oauth,
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(new URL(base)),
  });
  const sse = new Map<string, SSEServerTransport>();
  app.get('/sse', bearer, async (_req: Req, res: Res) => {
    const transport = new SSEServerTransport('/messages', res);
    sse.set(transport.sessionId, transport);
    res.on('close', () => sse.delete(transport.sessionId));
    await mcpServer(counts).connect(transport);
  });
  app.post('/messages', bearer, express.json(), async (req: Req, res: Res) => {
    const id = new URL(req.url ?? '', base).searchParams.get('sessionId') ?? '';
    const transport = sse.get(id);
    if (transport === undefined) return void res.status(404).end();
    await transport.handlePostMessage(req, res, req.body);
  });
  app.use('/mcp', (_req: Req, res: Res, next: () => void) => {
    res.on('finish', () => {
      if (res.statusCode === 401) counts.unauthorized += 1;
    });
    next();
  });
  app.post('/mcp', express.json(), bearer, async (req: Req, res: Res) => {
    // Stateless: a server and transport per request.
    const server = mcpServer(counts);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  app.get('/mcp', bearer, (_req: Req, res: Res) => {
    res.status(405).end();
  });
  return {
    url: mcpUrl.href,
    sseUrl: new URL('/sse', base).href,
    counts,
    expireAccessTokens() {
      for (const grant of oauth.access.values()) grant.expiresAt = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** The browser: follows the authorization URL's redirect to the loopback callback and loads it. */
export async function playBrowser(authorizationUrl: string): Promise<number> {
  const first = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = first.headers.get('location');
  if (location === null) throw new Error(`the authorization endpoint answered ${first.status} without a redirect`);
  const back = await fetch(location);
  await back.text();
  return back.status;
}
