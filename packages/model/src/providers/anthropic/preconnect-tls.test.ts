/**
 * `preconnect` over TLS: a child process trusts the test certificate (`NODE_EXTRA_CA_CERTS` is
 * read at start-up only) and uses the built `dist`, as a bin would. The handshake is done before
 * the first request, and both requests go over that one connection. Needs the package built
 * (`pnpm test` builds first).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const here = new URL('.', import.meta.url).pathname;
const tls = join(here, 'test-support', 'tls');
const dist = join(here, '..', '..', '..', 'dist', 'providers', 'anthropic');

/** Preconnects, waits for a line on stdin, then makes two requests and prints what they got. */
const CHILD = `
const { preconnect } = await import(${JSON.stringify(join(dist, 'preconnect.js'))});
const { lightHttpFetch } = await import(${JSON.stringify(join(dist, 'http-fetch.js'))});
const url = process.argv[1];
preconnect(url);
await new Promise((r) => process.stdin.once('data', r));
const first = await (await lightHttpFetch(url)).text();
const second = await (await lightHttpFetch(url)).text();
console.log(JSON.stringify({ first, second }));
process.exit(0);
`;

describe('preconnect over https', () => {
  it('finishes the TLS handshake before any request, and both requests go over that connection', async () => {
    expect(existsSync(join(dist, 'preconnect.js')), 'build the package first').toBe(true);
    let handshakes = 0;
    let requests = 0;
    const server = createServer(
      { key: readFileSync(join(tls, 'key.pem')), cert: readFileSync(join(tls, 'cert.pem')) },
      (_req, res) => {
        requests++;
        res.end(String(handshakes));
      },
    );
    server.on('secureConnection', () => handshakes++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `https://localhost:${(server.address() as AddressInfo).port}/`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD, url], {
      env: { PATH: process.env.PATH ?? '', NODE_EXTRA_CA_CERTS: join(tls, 'cert.pem') },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      const exited = new Promise<number | null>((r) => child.on('close', r));
      await vi.waitFor(() => expect(handshakes, err).toBe(1), { timeout: 30_000, interval: 20 });
      expect(requests).toBe(0); // the handshake came before any request
      child.stdin.write('go\n');
      expect(await exited, err).toBe(0);
      expect(JSON.parse(out)).toEqual({ first: '1', second: '1' });
      expect(handshakes).toBe(1);
    } finally {
      child.kill('SIGKILL');
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
