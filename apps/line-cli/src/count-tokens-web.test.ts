/**
 * count_tokens with the web fetch tool in the tools: the request carries the tool's opt-in
 * header as the message requests do (the strict mock, like the API, refuses it without), so
 * `/compact`'s before and after figures are the API's count, not the estimate a refusal falls
 * back to. Through the built `harness` REPL.
 */
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, start } from './test-support/cli.js';

afterEach(cleanup);

describe('count_tokens and the web fetch tool', () => {
  it('/compact counts with the web-fetch beta header; nothing is refused', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('hello there').text('Summary: we said hello.').build());
    const cli = start(['-C', box.work, '--no-sandbox', '--allowed-tools', 'WebFetch'], { env: childEnv(box, server) });
    await cli.waitFor('› ');
    cli.write('hi\n');
    await cli.waitFor('hello there');
    cli.write('/compact\n');
    await cli.waitFor(/compacted the conversation/, { stream: 'stderr' });
    cli.write('/exit\n');
    expect((await cli.exited).code).toBe(0);
    const counts = server.requests.filter((r) => r.path === '/v1/messages/count_tokens');
    expect(counts.length).toBeGreaterThan(0);
    for (const count of counts) {
      expect(count.rejected).toBeUndefined();
      expect(count.headers['anthropic-beta']).toContain('web-fetch-2025-09-10');
      expect((count.body as { tools: { type?: string }[] }).tools.map((t) => t.type)).toContain('web_fetch_20250910');
    }
    expect(server.requests.filter((r) => r.rejected)).toEqual([]);
  });
});
