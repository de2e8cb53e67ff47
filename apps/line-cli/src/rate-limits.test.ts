import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, run } from './test-support/cli.js';

afterEach(cleanup);

describe('harness -p: a 429 is the spend cap only when the body says so', () => {
  it('a 429 without retry-after and without the spend-limit code is retried and the run succeeds', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder().fault({ kind: 'rate_limit', retryAfterSeconds: null }).text('after the backoff').build(),
    );
    const res = await run(['-C', box.work, '-p', 'hi'], { env: childEnv(box, server) });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('after the backoff\n');
    expect(res.stderr).toMatch(/retrying in [\d.]+s \(attempt 1\/5\): rate_limit 429: rate limited/);
    expect(res.stderr).toContain('backing off');
    expect(res.stderr).not.toContain('spend cap');
    expect(server.messageRequests()).toHaveLength(2);
  });

  it('the spend cap (error_code enforced_spend_limit_reached) fails at once with exit 1', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder()
        .fault({ kind: 'http_error', status: 429, errorCode: 'enforced_spend_limit_reached' })
        .text('never')
        .build(),
    );
    const res = await run(['-C', box.work, '-p', 'hi'], { env: childEnv(box, server) });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("the organisation's spend cap is reached");
    expect(res.stderr).not.toContain('retrying');
    expect(server.messageRequests()).toHaveLength(1);
  });
});
