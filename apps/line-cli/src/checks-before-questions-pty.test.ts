/**
 * On a real terminal (tmux, 120x40), the built `harness` REPL puts no question for a call that
 * would be refused anyway (a write outside the work root, an edit of a file never read), and
 * `/model` switches the model of the next request.
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import {
  body,
  childEnv,
  cleanup,
  makeSandbox,
  mock,
  requestsArrived,
  resultText,
  toolResults,
} from './test-support/cli.js';
import { killTmuxServers, onTmux } from './test-support/tmux.js';

afterEach(async () => {
  killTmuxServers();
  await cleanup();
});

describe('the REPL on a real terminal (tmux): checks before questions, /model', () => {
  it('a write outside the root and an edit of an unread file are refused with no question; the model is told why', async () => {
    const box = makeSandbox();
    fs.writeFileSync(join(box.work, 'a.txt'), 'one\n');
    const server = await mock(
      new ScriptBuilder()
        .toolUses([
          { name: 'write_file', input: { path: '../outside.txt', content: 'x' } },
          { name: 'edit_file', input: { path: 'a.txt', old_string: 'one', new_string: 'two' } },
        ])
        .text('Both refused.')
        .build(),
    );
    const term = onTmux(box.root, ['-C', box.work], childEnv(box, server));
    await term.waitFor('/help for commands');
    term.keys('change things', 'Enter');
    const screen = await term.waitFor('Both refused.');
    expect(screen).not.toContain('[n]o (message)');
    expect(screen).toContain('● write_file ../outside.txt');
    expect(screen).toContain('● edit_file a.txt');
    const results = toolResults(server.messageRequests()[1]);
    expect(results.map((r) => r.is_error)).toEqual([true, true]);
    expect(resultText(results[0]!)).toContain('outside the work root');
    expect(resultText(results[1]!)).toContain('has not been read in this session');
    expect(fs.existsSync(join(box.root, 'outside.txt'))).toBe(false);
    expect(fs.readFileSync(join(box.work, 'a.txt'), 'utf8')).toBe('one\n');
  });

  it('/model switches the model of the next request and the prompt shows it', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('first').text('second').build());
    const term = onTmux(box.root, ['-C', box.work], childEnv(box, server));
    await term.waitFor('/help for commands');
    term.keys('/model claude-haiku-5-5', 'Enter');
    await term.waitFor('model: claude-haiku-5-5 from the next request (was claude-sonnet-5-5)');
    await term.waitFor('claude-haiku-5-5 ›');
    term.keys('hello', 'Enter');
    await requestsArrived(server, 1);
    await term.waitFor('first');
    expect(body(server.messageRequests()[0])).toMatchObject({ model: 'claude-haiku-5-5' });
  });
});
