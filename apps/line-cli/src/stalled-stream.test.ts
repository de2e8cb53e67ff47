import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, run } from './test-support/cli.js';

afterEach(cleanup);

describe('harness -p: a stream that goes silent mid-reply', () => {
  it('is abandoned after HARNESS_STREAM_IDLE_TIMEOUT_MS and retried; the user sees the retry and the run succeeds', async () => {
    const box = makeSandbox();
    // Four events (message_start, ping, a text block's start and first delta), then silence for good.
    const server = await mock(
      new ScriptBuilder()
        .fault({ kind: 'stall_stream', afterEvents: 4 })
        .text('A long answer that arrives after the retry.')
        .build(),
    );
    const res = await run(['-C', box.work, '-p', 'hi'], {
      env: childEnv(box, server, { HARNESS_STREAM_IDLE_TIMEOUT_MS: '500' }),
    });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('A long answer that arrives after the retry.\n');
    expect(res.stderr).toMatch(
      /retrying in [\d.]+s \(attempt 1\/5\): connection: the reply from http:\/\/127\.0\.0\.1:\d+ stalled: no data for 0\.5 s/,
    );
    const [stalled, retried] = server.messageRequests();
    // The first request was given up by the client (the mock never ended it), the second answered.
    expect(stalled?.finishedAt).toBeDefined();
    expect(retried?.rejected).toBeUndefined();
    expect(server.messageRequests()).toHaveLength(2);
  });

  it('a value that is not a number is named on stderr and the default applies', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('fine').build());
    const res = await run(['-C', box.work, '-p', 'hi'], {
      env: childEnv(box, server, { HARNESS_STREAM_IDLE_TIMEOUT_MS: 'soon' }),
    });
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('HARNESS_STREAM_IDLE_TIMEOUT_MS="soon" is not a whole number of milliseconds');
  });
});
