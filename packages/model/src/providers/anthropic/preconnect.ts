/**
 * Opening the connection to the API ahead of the first request. A REPL or TUI waits seconds for
 * the first prompt, and the TCP and TLS handshakes (two or three round trips, and Node's CA store,
 * built on the first TLS connection of a process: ~20-30 ms of CPU) need nothing the user types.
 * `preconnect(url)` starts them; the keep-alive agents of `http-fetch.ts` hand the socket to the
 * first request for that origin through `Agent#createConnection` (Node's documented hook for
 * supplying a request's socket), after which it is an ordinary pooled keep-alive socket. Node
 * begins a socket's connect only once the main thread yields (a DNS answer or the next tick), so
 * it overlaps with waiting, not with synchronous work such as skills discovery.
 *
 * What a caller may rely on: it never throws and never fails a request (a connection that fails
 * or closes before it is used is dropped, and the request connects as it would have); an unused
 * one never keeps the process alive (it is unref'd until a request takes it); at most one waits
 * per origin. Only the light fetch uses it: the SDK's own fetch (undici, with a proxy set) keeps
 * its own connections.
 */
import { createRequire } from 'node:module';
import type * as Net from 'node:net';
import type { Socket } from 'node:net';
import type * as Tls from 'node:tls';

/** A connection opened ahead and its listener that drops it on error or close. */
interface Warm {
  socket: Socket;
  drop: () => void;
}

/** Connections opened ahead, by origin key (`https:api.anthropic.com:443`), until a request takes one. */
const warm = new Map<string, Warm>();

function originKey(protocol: string, host: string, port: number): string {
  return `${protocol}${host}:${port}`;
}

function defaultPort(protocol: string): number {
  return protocol === 'https:' ? 443 : 80;
}

/**
 * Starts connecting to `url`'s origin (http or https) now, for the first request there to use.
 * A second call for an origin that already has one waiting does nothing. Anything unusable (not a
 * URL, another protocol) is ignored.
 */
export function preconnect(url: string | URL): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return;
  }
  const { protocol, hostname } = parsed;
  if (protocol !== 'https:' && protocol !== 'http:') return;
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const port = parsed.port === '' ? defaultPort(protocol) : Number(parsed.port);
  const key = originKey(protocol, host, port);
  if (warm.has(key)) return;
  // Loaded here, not at the top: a run that never preconnects (`-p`, the plain-HTTP mock, a proxy)
  // pays nothing for TLS.
  const require = createRequire(import.meta.url);
  const net = require('node:net') as typeof Net;
  const socket: Socket =
    protocol === 'https:'
      ? (require('node:tls') as typeof Tls).connect({ host, port, servername: net.isIP(host) ? undefined : host })
      : net.connect({ host, port });
  socket.unref();
  const drop = (): void => {
    if (warm.get(key)?.socket === socket) warm.delete(key);
    socket.destroy();
  };
  socket.on('error', drop);
  socket.on('close', drop);
  socket.on('end', drop);
  warm.set(key, { socket, drop });
}

/**
 * The connection `preconnect` opened for this origin, handed over once (then it is the request's:
 * ref'd again, its own listeners gone), or undefined when there is none or it is no longer usable.
 */
export function takeWarmSocket(
  protocol: string,
  host: string | null | undefined,
  port: number | string | null | undefined,
): Socket | undefined {
  if (!host) return undefined;
  const key = originKey(
    protocol,
    host.startsWith('[') ? host.slice(1, -1) : host,
    port ? Number(port) : defaultPort(protocol),
  );
  const entry = warm.get(key);
  if (entry === undefined) return undefined;
  warm.delete(key);
  const { socket, drop } = entry;
  socket.off('error', drop);
  socket.off('close', drop);
  socket.off('end', drop);
  if (socket.destroyed || !socket.writable) {
    socket.destroy();
    return undefined;
  }
  socket.ref();
  return socket;
}

/** Closes every connection still waiting for a request (a front end's shutdown, tests). */
export function closeWarmSockets(): void {
  for (const { socket } of [...warm.values()]) socket.destroy();
  warm.clear();
}

/** The connections waiting for a request (for tests and diagnostics; do not write to them). */
export function warmSockets(): readonly Socket[] {
  return [...warm.values()].map((w) => w.socket);
}
