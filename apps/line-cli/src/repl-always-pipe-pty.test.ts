/**
 * "always" on a piped command in the REPL (tmux): the rule covers the command before the pipe,
 * and a read-only filter after it (`| tail -N`) asks nothing, so the same command with another
 * `tail` count runs without a second question.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock } from './test-support/cli.js';
import { killTmuxServers, onTmux } from './test-support/tmux.js';

afterEach(async () => {
  killTmuxServers();
  await cleanup();
});

describe('"always" on `npm test 2>&1 | tail -40` (REPL, tmux)', () => {
  it('then `npm test 2>&1 | tail -12` runs without a question', async () => {
    const box = makeSandbox();
    writeFileSync(
      join(box.work, 'package.json'),
      JSON.stringify({ name: 'p', scripts: { test: 'echo suite-ran-ok' } }),
    );
    const server = await mock(
      new ScriptBuilder()
        .toolUse('bash', { command: 'npm test 2>&1 | tail -40' })
        .text('first run done')
        .toolUse('bash', { command: 'npm test 2>&1 | tail -12' })
        .text('second run done')
        .build(),
    );
    // The question is the subject: without the sandbox, which would run the command without one.
    const term = onTmux(box.root, ['-C', box.work, '--no-sandbox'], childEnv(box, server), 'pipe');
    await term.waitFor('/help for commands');
    term.keys('run the tests', 'Enter');
    const asked = await term.waitFor('[p]roject / [n]o (message)');
    expect(asked).toContain('npm test 2>&1 | tail -40');
    term.keys('a', 'Enter');
    await term.waitFor('first run done');
    term.keys('again, shorter', 'Enter');
    const screen = await term.waitFor('second run done');
    const after = screen.slice(screen.indexOf('again, shorter'));
    expect(after).not.toContain('[n]o (message)');
    expect(after).toContain('npm test 2>&1 | tail -12');
    const results = server.messageRequests().map((r) => JSON.stringify(r.body));
    expect(results.at(-1)).toContain('suite-ran-ok');
    term.keys('/exit', 'Enter');
  });
});
