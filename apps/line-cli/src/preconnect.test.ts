/**
 * The REPL opens its API connection once the first prompt is up, and the first request goes over
 * it: through a counting TCP relay in front of the mock, one connection is open before anything
 * is typed, and it is the only one the session uses. `-p` does not open one ahead.
 */
import { createServer, connect } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import type { MockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, run, start, WAIT_MS } from './test-support/cli.js';

let relay: Server | undefined;
const open = new Set<Socket>();
afterEach(async () => {
  for (const s of open) s.destroy();
  open.clear();
  await new Promise((r) => relay?.close(r) ?? r(undefined));
  relay = undefined;
  await cleanup();
});

/** A TCP relay to the mock that counts the connections made to it. */
async function countingRelay(server: MockServer): Promise<{ url: string; connections: () => number }> {
  const target = new URL(server.url);
  let count = 0;
  relay = createServer((client) => {
    count++;
    const upstream = connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => open.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => relay!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(relay!.address() as AddressInfo).port}`, connections: () => count };
}

/** Waits until `ok()` (polled every 10 ms, for up to WAIT_MS on a busy machine). */
const until = async (ok: () => boolean, what: string): Promise<void> => {
  await vi.waitFor(() => expect(ok(), what).toBe(true), { timeout: WAIT_MS, interval: 10 });
};

describe('the API connection is opened ahead of the first request', () => {
  it('the REPL connects while the first prompt waits, and the first turn uses that connection', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('first answer').text('second answer').build());
    const link = await countingRelay(server);
    const cli = start(['-C', box.work], { env: childEnv(box, server, { ANTHROPIC_BASE_URL: link.url }) });
    await cli.waitFor('› ');
    await until(() => link.connections() === 1, 'a connection before anything was typed');
    expect(server.requests).toHaveLength(0);
    cli.write('hello\n');
    await cli.waitFor('first answer');
    cli.write('again\n');
    await cli.waitFor('second answer');
    cli.write('/exit\n');
    expect((await cli.exited).code).toBe(0);
    expect(server.messageRequests()).toHaveLength(2);
    expect(link.connections()).toBe(1);
  });

  it('-p sends at once and opens no connection ahead: one connection, one request', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('done').build());
    const link = await countingRelay(server);
    const res = await run(['-C', box.work, '-p', 'hi'], {
      env: childEnv(box, server, { ANTHROPIC_BASE_URL: link.url }),
    });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('done');
    expect(link.connections()).toBe(1);
  });
});
