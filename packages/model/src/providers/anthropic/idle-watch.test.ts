import { afterEach, describe, expect, it } from 'vitest';
import type { ModelEvent } from '../../index.js';
import { lightHttpFetch } from './http-fetch.js';
import { createAnthropicProvider } from './provider.js';
import { closeWireServers, replyEvents, REQUEST, sse, wireServer } from './testing/wire-server.test.util.js';

afterEach(closeWireServers);

async function collect(url: string, fetch: typeof lightHttpFetch | undefined, idleMs: number) {
  const provider = createAnthropicProvider({
    apiKey: 'k',
    baseURL: url,
    streamIdleTimeoutMs: idleMs,
    ...(fetch ? { fetch } : {}),
  });
  const seen: ModelEvent[] = [];
  const started = Date.now();
  for await (const e of provider.stream(REQUEST, new AbortController().signal)) seen.push(e);
  return { seen, ms: Date.now() - started };
}

/** The first `n` events of a reply, then nothing: the connection stays open and silent. */
const firstEvents = (n: number): string =>
  replyEvents('never finished').split('\n\n').slice(0, n).join('\n\n') + '\n\n';

describe.each([
  ['the SDK’s own fetch', undefined],
  ['lightHttpFetch', lightHttpFetch],
] as const)('a stream that goes silent, over %s', (_name, fetch) => {
  it('is abandoned after the idle timeout as a connection failure (which the loop retries)', async () => {
    const { url } = await wireServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(firstEvents(3));
    });
    const { seen, ms } = await collect(url, fetch, 300);
    const last = seen.at(-1);
    expect(last?.type).toBe('error');
    if (last?.type !== 'error') return;
    expect(last.error.kind).toBe('connection');
    expect(last.error.message).toMatch(/stalled: no data for 0\.3 s after it started/);
    expect(ms).toBeGreaterThanOrEqual(280);
    expect(ms).toBeLessThan(10_000);
  });

  it('pings keep a slow reply alive: only silence counts, not the absence of content', async () => {
    const { url } = await wireServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(firstEvents(2));
      let pings = 0;
      const timer = setInterval(() => {
        res.write(sse('ping', {}));
        if (++pings < 8) return;
        clearInterval(timer);
        res.end(replyEvents('after a long think').split('\n\n').slice(2).join('\n\n'));
      }, 100);
    });
    const { seen } = await collect(url, fetch, 300);
    expect(seen.at(-1)?.type).toBe('done');
  });

  it('0 turns the watch off', async () => {
    const { url } = await wireServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(firstEvents(2));
      setTimeout(() => res.end(replyEvents('late').split('\n\n').slice(2).join('\n\n')), 500);
    });
    const { seen } = await collect(url, fetch, 0);
    expect(seen.at(-1)?.type).toBe('done');
  });
});
