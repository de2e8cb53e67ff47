import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import type { MockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, requestsArrived } from './test-support/cli.js';
import { killTmuxServers, onTmux } from './test-support/tmux.js';

afterEach(async () => {
  killTmuxServers();
  await cleanup();
});

/** The text of the newest user message of request `i`. */
function userText(server: MockServer, i: number): string {
  const messages = body(server.messageRequests()[i]).messages.filter((m) => m.role === 'user');
  const last = messages.at(-1)?.content;
  if (typeof last === 'string') return last;
  return (last ?? [])
    .filter((b) => b.type === 'text')
    .map((b) => String(b.text))
    .join('');
}

const READY = '/help for commands';

describe('typing into the REPL on a real terminal (tmux)', () => {
  it('turns bracketed paste on, and a pasted block (CR, LF and CRLF line ends) is one message shown as [pasted N lines]', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('got all of it').build());
    const term = onTmux(box.root, ['-C', box.work], childEnv(box, server));
    await term.waitFor(READY);
    expect(term.raw()).toContain('\x1b[?2004h');
    term.keys('-l', 'summarize: ');
    term.paste('line one\rline two\nline three\r\nline four\rline five\r');
    await term.waitFor('summarize: [pasted 5 lines]');
    term.keys('Enter');
    await term.waitFor('got all of it');
    expect(server.messageRequests()).toHaveLength(1);
    expect(userText(server, 0)).toBe('summarize: line one\nline two\nline three\nline four\nline five');
    term.keys('C-d');
    await term.waitFor('harness --resume');
    expect(term.raw()).toContain('\x1b[?2004l');
  });

  it('Alt-Enter and \\ + Enter start a new line of the same message', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('first reply').text('second reply').build());
    const term = onTmux(box.root, ['-C', box.work], childEnv(box, server));
    await term.waitFor(READY);
    term.keys('-l', 'top line');
    term.keys('M-Enter');
    await term.waitFor('… ');
    term.keys('-l', 'bottom line');
    term.keys('Enter');
    await term.waitFor('first reply');
    term.keys('-l', 'left\\');
    term.keys('Enter');
    term.keys('-l', 'right');
    term.keys('Enter');
    await term.waitFor('second reply');
    expect(server.messageRequests()).toHaveLength(2);
    expect(userText(server, 0)).toBe('top line\nbottom line');
    expect(userText(server, 1)).toBe('left\nright');
  });

  it('keeps the prompt history of a work root across two runs (Up recalls the last prompts, a multi-line one whole)', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder().text('noted').text('noted both').text('noted again').text('and again').build(),
    );
    const env = childEnv(box, server);
    const first = onTmux(box.root, ['-C', box.work], env, 'first');
    await first.waitFor(READY);
    first.keys('-l', 'remember the milk');
    first.keys('Enter');
    await first.waitFor('noted');
    first.keys('-l', 'eggs');
    first.keys('M-Enter');
    first.keys('-l', 'and flour');
    first.keys('Enter');
    await first.waitFor('noted both');
    first.keys('C-d');
    await first.waitFor('harness --resume');

    const second = onTmux(box.root, ['-C', box.work], env, 'second');
    await second.waitFor(READY);
    second.keys('Up', 'Up');
    await second.waitFor('› remember the milk');
    second.keys('Enter');
    await requestsArrived(server, 3);
    await second.waitFor('noted again');
    expect(userText(server, 2)).toBe('remember the milk');
    second.keys('Up', 'Up');
    second.keys('Enter');
    await requestsArrived(server, 4);
    await second.waitFor('and again');
    expect(userText(server, 3)).toBe('eggs\nand flour');
  });

  it('Esc cancels a running turn like Ctrl-C, and the spinner says how', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder().fault({ kind: 'delay', ms: 8000 }).text('too late').text('the next turn').build(),
    );
    const term = onTmux(box.root, ['-C', box.work], childEnv(box, server));
    await term.waitFor(READY);
    term.keys('-l', 'take your time');
    term.keys('Enter');
    await term.waitFor('esc to cancel');
    term.keys('Escape');
    await term.waitFor('(cancelled)');
    term.keys('-l', 'again');
    term.keys('Enter');
    await term.waitFor('the next turn');
    expect(term.screen()).not.toContain('too late');
  });
});
