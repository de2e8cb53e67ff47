/** Shift-Tab and the `/model` list in the REPL on a real terminal (tmux). */
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock } from './test-support/cli.js';
import { killTmuxServers, onTmux } from './test-support/tmux.js';

afterEach(async () => {
  killTmuxServers();
  await cleanup();
});

const READY = '/help for commands';

describe('REPL keys (tmux)', () => {
  it('Shift-Tab cycles the permission mode, shown in the prompt at once, keeping the line typed so far', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('never').build());
    const term = onTmux(box.root, ['-C', box.work], childEnv(box, server));
    await term.waitFor(READY);
    term.keys('-l', '/mod');
    term.keys('BTab');
    await term.waitFor('claude-sonnet-5-5 ⏵⏵ accept edits › /mod');
    term.keys('BTab');
    await term.waitFor('claude-sonnet-5-5 ⏸ plan mode › /mod');
    term.keys('-l', 'e');
    term.keys('Enter');
    await term.waitFor('mode: plan: plan mode');
    term.keys('BTab');
    term.keys('-l', '/mode');
    term.keys('Enter');
    await term.waitFor('mode: default: ');
    expect(server.requests).toHaveLength(0);
  });

  it('/model lists the models numbered; a number switches the next request, Enter keeps it', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('from haiku').build());
    const term = onTmux(box.root, ['-C', box.work], childEnv(box, server));
    await term.waitFor(READY);
    term.keys('-l', '/model');
    term.keys('Enter');
    const list = await term.waitFor('switch to which? [1-');
    expect(list).toMatch(/ {2}1 \* claude-sonnet-5-5 /);
    expect(list).toMatch(/ {2}3 {3}claude-haiku-5-5 /);
    term.keys('-l', '99');
    term.keys('Enter');
    await term.waitFor('please answer a number from 1 to');
    term.keys('-l', '3');
    term.keys('Enter');
    await term.waitFor('model: claude-haiku-5-5 from the next request (was claude-sonnet-5-5)');
    await term.waitFor('claude-haiku-5-5 › ');
    term.keys('-l', '/model');
    term.keys('Enter');
    await term.waitFor('Enter keeps claude-haiku-5-5]');
    term.keys('Enter');
    await term.waitFor('model: claude-haiku-5-5 (kept)');
    term.keys('-l', 'hello');
    term.keys('Enter');
    await term.waitFor('from haiku');
    expect((server.messageRequests()[0]?.body as { model: string }).model).toBe('claude-haiku-5-5');
  });
});
