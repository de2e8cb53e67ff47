import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, requestsArrived, run } from './test-support/cli.js';
import { killTmuxServers, onTmux } from './test-support/tmux.js';

afterEach(async () => {
  killTmuxServers();
  await cleanup();
});

describe('getting back to a session in the REPL (tmux)', () => {
  it('--resume without an id lists the sessions most recent first; the picked one is replayed with a "resumed" line and continued', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder().text('answer about apples').text('answer about pears').text('still apples').build(),
    );
    const env = childEnv(box, server);
    expect((await run(['-C', box.work, '-p', 'tell me about apples'], { env })).code).toBe(0);
    expect((await run(['-C', box.work, '-p', 'tell me about pears'], { env })).code).toBe(0);

    const term = onTmux(box.root, ['-C', box.work, '--resume'], env);
    const list = await term.waitFor('resume which? [1-2');
    const lines = list.split('\n');
    const pears = lines.findIndex((l) => /^\s+1\s.*tell me about pears/.test(l));
    const apples = lines.findIndex((l) => /^\s+2\s.*tell me about apples/.test(l));
    expect(pears).toBeGreaterThan(0);
    expect(apples).toBe(pears + 1);
    term.keys('-l', 'maybe');
    term.keys('Enter');
    await term.waitFor('please answer a number from the list');
    term.keys('2', 'Enter');
    const shown = await term.waitFor('── resumed session');
    expect(shown).toContain('› tell me about apples');
    expect(shown).toContain('answer about apples');
    expect(shown).toMatch(/resumed session \S+ · 1 turn so far/);
    const id = /resumed session (\S+)/.exec(shown)?.[1] ?? '';
    // The banner names it (wrapped at words on a terminal: a break may fall between any two of them).
    expect(shown.replace(/\n/g, ' ')).toContain(`session ${id} · /help`);

    term.keys('-l', 'and more?');
    term.keys('Enter');
    await requestsArrived(server, 3);
    await term.waitFor('still apples');
    const sent = JSON.stringify(body(server.messageRequests()[2]).messages);
    expect(sent).toContain('tell me about apples');
    expect(sent).not.toContain('pears');
    term.keys('C-d');
    await term.waitFor(`session ${id} · resume it with: harness --resume ${id}`);
  });

  it('/resume in a running REPL picks a session and goes on in it', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder().text('answer about apples').text('answer about pears').text('back to apples').build(),
    );
    const env = childEnv(box, server);
    expect((await run(['-C', box.work, '-p', 'tell me about apples'], { env })).code).toBe(0);
    expect((await run(['-C', box.work, '-p', 'tell me about pears'], { env })).code).toBe(0);
    const term = onTmux(box.root, ['-C', box.work], env);
    await term.waitFor('/help for commands');
    term.keys('-l', '/resume');
    term.keys('Enter');
    await term.waitFor('resume which? [1-2');
    term.keys('2', 'Enter');
    await term.waitFor('── resumed session');
    term.keys('-l', 'and then?');
    term.keys('Enter');
    await requestsArrived(server, 3);
    await term.waitFor('back to apples');
    const sent = JSON.stringify(body(server.messageRequests()[2]).messages);
    expect(sent).toContain('tell me about apples');
    expect(sent).not.toContain('pears');
  });

  it('--continue replays the last session of the work root before the first prompt', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('the word is kumquat').build());
    const env = childEnv(box, server);
    expect((await run(['-C', box.work, '-p', 'pick a word'], { env })).code).toBe(0);
    const term = onTmux(box.root, ['-C', box.work, '--continue'], env);
    const shown = await term.waitFor('── resumed session');
    const at = (text: string): number => shown.indexOf(text);
    expect(at('› pick a word')).toBeGreaterThan(at('/help for commands'));
    expect(at('the word is kumquat')).toBeGreaterThan(at('› pick a word'));
    expect(at('── resumed session')).toBeGreaterThan(at('the word is kumquat'));
  });
});
