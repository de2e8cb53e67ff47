/**
 * Test support: a TCP proxy in front of the mock server that holds a streamed reply back after
 * its first text delta holding a line end, until the test releases it: a slow model, seen from
 * the harness, with the real mock behind it. Everything else passes through untouched.
 */
import { connect, createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';

export interface HoldProxy {
  /** The URL to give the harness (ANTHROPIC_BASE_URL). */
  url: string;
  /** True once a reply is being held. */
  readonly holding: boolean;
  /** Sends what was held, and everything after it. */
  release(): void;
  close(): Promise<void>;
}

/** A text_delta whose text holds a line end (`\n` inside the JSON string), through the end of its SSE event. */
const LINE_END_DELTA = /"type":"text_delta","text":"(?:[^"\\]|\\.)*?\\n(?:[^"\\]|\\.)*"[^\n]*\n\n/;

export async function holdProxy(upstream: string): Promise<HoldProxy> {
  const target = new URL(upstream);
  const sockets = new Set<Socket>();
  let held = false;
  let released = false;
  const waiting: (() => void)[] = [];
  const server: Server = createServer((client) => {
    sockets.add(client);
    const up = connect(Number(target.port), target.hostname);
    sockets.add(up);
    client.pipe(up);
    let seen = '';
    up.on('data', (data: Buffer) => {
      if (held || released) {
        if (released) client.write(data);
        else waiting.push(() => client.write(data));
        return;
      }
      seen += data.toString('latin1');
      const m = LINE_END_DELTA.exec(seen);
      if (!m) {
        client.write(data);
        return;
      }
      // Forward through the end of that event; hold the rest of this read and everything after.
      const cut = m.index + m[0].length - (seen.length - data.length);
      held = true;
      client.write(data.subarray(0, cut));
      const rest = data.subarray(cut);
      waiting.push(() => client.write(rest));
    });
    const end = (): void => {
      client.destroy();
      up.destroy();
    };
    up.on('close', () => (released || !held ? client.end() : waiting.push(() => client.end())));
    up.on('error', end);
    client.on('error', end);
    client.on('close', () => up.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get holding() {
      return held && !released;
    },
    release() {
      released = true;
      for (const send of waiting.splice(0)) send();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
