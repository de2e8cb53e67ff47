/** The sandbox's network through the real bash tool: none at all, or only the allowed domains through the proxy. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainAllowed } from './domains.js';
import { makeWorld } from './sandbox.test-helper.js';
import type { World } from './sandbox.test-helper.js';

let server: http.Server;
let port: number;
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.headers.host ?? ''} ${req.url ?? ''}`);
    res.end('HELLO-FROM-HOST\n');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** An HTTP GET with bash alone (no curl needed): straight to host:port, or through the proxy variable's address. */
const direct = (host: string, p: number): string =>
  `exec 3<>/dev/tcp/${host}/${p} && printf 'GET /direct HTTP/1.0\\r\\nHost: x\\r\\n\\r\\n' >&3 && cat <&3`;
const viaProxy = (host: string, p: number): string =>
  `proxy=\${HTTP_PROXY#http://}; exec 3<>/dev/tcp/\${proxy%:*}/\${proxy##*:} && printf 'GET http://${host}:${p}/proxied HTTP/1.0\\r\\nHost: ${host}\\r\\n\\r\\n' >&3 && cat <&3`;
const tunnel = (host: string, p: number): string =>
  `proxy=\${HTTP_PROXY#http://}; exec 3<>/dev/tcp/\${proxy%:*}/\${proxy##*:} && printf 'CONNECT ${host}:${p} HTTP/1.1\\r\\n\\r\\nGET /tunnelled HTTP/1.0\\r\\nHost: x\\r\\n\\r\\n' >&3 && cat <&3`;

describe('no network unless a domain is allowed', () => {
  let w: World;
  beforeAll(() => {
    w = makeWorld();
  });
  afterAll(() => w.close());

  it('a command reaches nothing: the host server sees no request', async () => {
    seen.length = 0;
    const r = await w.bash(`${direct('127.0.0.1', port)}; echo "HTTP_PROXY=[$HTTP_PROXY]"`);
    expect(r.content).not.toContain('HELLO-FROM-HOST');
    expect(r.content).toContain('HTTP_PROXY=[]');
    expect(seen).toEqual([]);
  });
});

describe('allowed domains through the proxy', () => {
  let w: World;
  beforeAll(() => {
    w = makeWorld({ allowedDomains: [`localhost:${port}`], deniedDomains: [] });
  });
  afterAll(() => w.close());

  it('reaches an allowed host by plain HTTP and by CONNECT, and nothing directly', async () => {
    seen.length = 0;
    const r = await w.bash(
      `${viaProxy('localhost', port)}; echo; ${tunnel('localhost', port)}; echo; ${direct('127.0.0.1', port)}`,
    );
    expect(r.content.match(/HELLO-FROM-HOST/g)).toHaveLength(2);
    expect(seen).toEqual([`GET localhost /proxied`, 'GET x /tunnelled']);
  });

  it('refuses a host that is not allowed, names it in the result, and the server sees nothing', async () => {
    seen.length = 0;
    const r = await w.bash(`${viaProxy('127.0.0.1', port)}; ${tunnel('127.0.0.1', port)}; exit 7`);
    expect(seen).toEqual([]);
    expect(r.content).toContain('403 Forbidden');
    expect(r.content).toMatch(new RegExp(`The sandbox's proxy refused: 127\\.0\\.0\\.1:${port}`));
  });
});

describe('domain rules', () => {
  it.each([
    ['example.com', 443, ['example.com'], [], true],
    ['EXAMPLE.com.', 80, ['example.com'], [], true],
    ['api.example.com', 443, ['example.com'], [], false],
    ['api.example.com', 443, ['*.example.com'], [], true],
    ['example.com', 443, ['*.example.com'], [], false],
    ['evil-example.com', 443, ['*.example.com'], [], false],
    ['example.com', 8443, ['example.com:443'], [], false],
    ['bad.example.com', 443, ['*.example.com'], ['bad.example.com'], false],
    ['127.0.0.1', 80, ['localhost'], [], false],
  ] as const)('%s:%d with allowed %j, denied %j: %s', (host, p, allowed, denied, expected) => {
    expect(domainAllowed(host, p, allowed, denied)).toBe(expected);
  });
});
