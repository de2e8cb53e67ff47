/**
 * The redirect target of a login: an HTTP listener on 127.0.0.1 at a port the system picks,
 * answering `/callback` once. The `state` must match what the authorization request carried (a
 * page elsewhere cannot feed a code in); anything else gets a 400 and the wait goes on.
 */
import type * as Http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

// Required on first use, never at import: the bins bundle this package, and a run that logs in
// to no server must not load the HTTP server (the start-up module tests check it).
const http = (): typeof Http => createRequire(import.meta.url)('node:http') as typeof Http;

export type CallbackResult = { ok: true; code: string } | { ok: false; message: string };

export interface Loopback {
  redirectUrl: string;
  /** Resolves with the code, the server's error, or a timeout/abort message. */
  wait(state: string, timeoutMs: number, signal?: AbortSignal): Promise<CallbackResult>;
  close(): Promise<void>;
}

const page = (text: string) =>
  `<!doctype html><meta charset="utf-8"><title>coding-harness</title><p>${text.replace(/[<>&]/g, '')}</p>`;

export async function startLoopback(): Promise<Loopback> {
  let deliver: ((result: CallbackResult) => void) | undefined;
  let expected: string | undefined;
  const server = http().createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const reply = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(page(text));
    };
    if (url.pathname !== '/callback' || deliver === undefined) return reply(404, 'Not found.');
    if (url.searchParams.get('state') !== expected)
      return reply(400, 'This login link does not match the one started.');
    const error = url.searchParams.get('error');
    const code = url.searchParams.get('code');
    if (error !== null) {
      const detail = url.searchParams.get('error_description');
      deliver({ ok: false, message: `the authorization server refused: ${error}${detail ? ` (${detail})` : ''}` });
      return reply(200, 'Login refused. You can close this tab.');
    }
    if (code === null) return reply(400, 'The callback carries no code.');
    deliver({ ok: true, code });
    reply(200, 'Logged in. You can close this tab and return to the terminal.');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    redirectUrl: `http://127.0.0.1:${port}/callback`,
    wait(state, timeoutMs, signal) {
      expected = state;
      return new Promise((resolve) => {
        const finish = (result: CallbackResult) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          deliver = undefined;
          resolve(result);
        };
        const onAbort = () => finish({ ok: false, message: 'the login was cancelled' });
        const timer = setTimeout(
          () =>
            finish({
              ok: false,
              message: `no browser came back to the callback within ${Math.round(timeoutMs / 1000)} s`,
            }),
          timeoutMs,
        );
        signal?.addEventListener('abort', onAbort, { once: true });
        deliver = finish;
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
