import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, requestsArrived, run, start } from './test-support/cli.js';

afterEach(cleanup);

type Marked = { cache_control?: unknown };
const marks = (request: Parameters<typeof body>[0]) => {
  const b = body(request) as unknown as { system: Marked[]; tools: Marked[]; messages: { content: Marked[] }[] };
  return {
    system: b.system.at(-1)?.cache_control,
    tools: b.tools.at(-1)?.cache_control,
    newest: b.messages.at(-1)?.content.at(-1)?.cache_control,
  };
};

describe('prompt cache TTL by kind of session', () => {
  it('an interactive session (the REPL) marks the system prompt and the tools with the 1-hour TTL', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('hello').build());
    const cli = start(['-C', box.work], { env: childEnv(box, server) });
    await cli.waitFor('› ');
    cli.write('hi\n');
    await requestsArrived(server, 1);
    await cli.waitFor('hello');
    cli.write('/exit\n');
    expect((await cli.exited).code).toBe(0);
    expect(marks(server.messageRequests()[0])).toEqual({
      system: { type: 'ephemeral', ttl: '1h' },
      tools: { type: 'ephemeral', ttl: '1h' },
      newest: { type: 'ephemeral' },
    });
    expect(server.messageRequests()[0]?.rejected).toBeUndefined();
  });

  it('-p keeps 5 minutes, unless HARNESS_CACHE_TTL=1h says otherwise', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('one').text('two').build());
    expect((await run(['-C', box.work, '-p', 'hi'], { env: childEnv(box, server) })).code).toBe(0);
    expect(marks(server.messageRequests()[0])).toEqual({
      system: { type: 'ephemeral' },
      tools: { type: 'ephemeral' },
      newest: { type: 'ephemeral' },
    });
    const env = childEnv(box, server, { HARNESS_CACHE_TTL: '1h' });
    expect((await run(['-C', box.work, '-p', 'hi'], { env })).code).toBe(0);
    expect(marks(server.messageRequests()[1]).system).toEqual({ type: 'ephemeral', ttl: '1h' });
  });
});
