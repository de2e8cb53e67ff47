/**
 * The sandbox's network filter: a small HTTP proxy outside the sandbox, listening on a unix
 * socket that is bound into it (the sandbox itself has no network: `--unshare-net`). It takes
 * `CONNECT host:port` (HTTPS and any TCP a client tunnels) and absolute-form `GET http://host/…`
 * requests, lets through the hosts `domainAllowed` accepts, and answers 403 naming the host for
 * any other, remembering it so the command's result can say what was blocked. Host names are
 * resolved here, outside, so the sandbox needs no DNS.
 */
import net from 'node:net';
import { domainAllowed, normalizeHost } from './domains.js';

/** The request head a client may send before the proxy gives up on it. */
const MAX_HEAD_BYTES = 32 * 1024;
const CONNECT_TIMEOUT_MS = 30_000;

export interface ProxyOptions {
  /** The unix socket to listen on (in a private 0700 folder). */
  socketPath: string;
  /** Read at each request, so a rule added during the session applies to the next one. */
  allowed: () => readonly string[];
  denied: () => readonly string[];
}

export interface Proxy {
  /** `host:port` of every request refused since the last `takeBlocked()`. */
  takeBlocked(): string[];
  close(): Promise<void>;
}

/** A target's host and port (`example.com:443`, `[::1]:8080`), or undefined when it is not one. */
function hostPort(target: string): { host: string; port: number } | undefined {
  const m = /^(\[[0-9A-Fa-f:.]+\]|[^:/\s]+):(\d{1,5})$/.exec(target);
  if (!m) return undefined;
  const port = Number(m[2]);
  return port > 0 && port < 65536 ? { host: normalizeHost(m[1] as string), port } : undefined;
}

function answer(socket: net.Socket, status: string, text: string): void {
  const body = `${text}\n`;
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Harness-Sandbox: blocked\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Starts the proxy; resolves once it listens. */
export function startProxy(options: ProxyOptions): Promise<Proxy> {
  const blocked: string[] = [];
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const refuse = (client: net.Socket, host: string, port: number): void => {
    blocked.push(`${host}:${port}`);
    answer(
      client,
      '403 Forbidden',
      `The sandbox blocked ${host}:${port}: it is not among the allowed domains (--allowed-tools 'WebFetch(domain:${host})' or sandbox.network.allowedDomains allows it).`,
    );
  };
  const tunnel = (client: net.Socket, host: string, port: number, first: Buffer, reply: string | undefined): void => {
    const upstream = net.connect({ host, port, timeout: CONNECT_TIMEOUT_MS });
    track(upstream);
    upstream.once('timeout', () => {
      upstream.destroy();
      answer(client, '504 Gateway Timeout', `could not reach ${host}:${port} in time`);
    });
    upstream.once('connect', () => {
      upstream.setTimeout(0);
      if (reply !== undefined) client.write(reply);
      if (first.length > 0) upstream.write(first);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    upstream.once('error', (err) => {
      if (!client.destroyed) answer(client, '502 Bad Gateway', `could not reach ${host}:${port}: ${err.message}`);
    });
  };
  const handle = (client: net.Socket): void => {
    track(client);
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) {
        if (head.length > MAX_HEAD_BYTES)
          answer(client, '431 Request Header Fields Too Large', 'request head too large');
        return;
      }
      client.off('data', onData);
      client.pause();
      const lines = head.subarray(0, end).toString('latin1').split('\r\n');
      const rest = head.subarray(end + 4);
      const [method = '', target = ''] = (lines[0] ?? '').split(' ');
      if (method.toUpperCase() === 'CONNECT') {
        const dest = hostPort(target);
        if (!dest) return answer(client, '400 Bad Request', `not a host:port: ${target}`);
        if (!domainAllowed(dest.host, dest.port, options.allowed(), options.denied()))
          return refuse(client, dest.host, dest.port);
        tunnel(client, dest.host, dest.port, rest, 'HTTP/1.1 200 Connection Established\r\n\r\n');
        client.resume();
        return;
      }
      let url: URL;
      try {
        url = new URL(target);
      } catch {
        return answer(client, '400 Bad Request', 'the proxy takes CONNECT and absolute http:// requests only');
      }
      if (url.protocol !== 'http:') return answer(client, '400 Bad Request', `unsupported scheme ${url.protocol}`);
      const host = normalizeHost(url.hostname);
      const port = url.port === '' ? 80 : Number(url.port);
      if (!domainAllowed(host, port, options.allowed(), options.denied())) return refuse(client, host, port);
      const headers = lines.slice(1).filter((line) => !/^proxy-/i.test(line));
      const origin = `${method} ${url.pathname}${url.search} ${lines[0]?.split(' ')[2] ?? 'HTTP/1.1'}`;
      const forwarded = Buffer.concat([Buffer.from(`${[origin, ...headers].join('\r\n')}\r\n\r\n`, 'latin1'), rest]);
      tunnel(client, host, port, forwarded, undefined);
      client.resume();
    };
    client.on('data', onData);
  };
  const server = net.createServer(handle);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.socketPath, () => {
      server.off('error', reject);
      server.unref();
      resolve({
        takeBlocked: () => blocked.splice(0),
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
