/**
 * `/rewind` in the REPL on a terminal (tmux), through the built bin against the mock: the
 * numbered list, the two questions, and the files put back (an edit_file edit, a file a command
 * created), then the model told with the next message.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, requestsArrived } from './test-support/cli.js';
import { killTmuxServers, onTmux } from './test-support/tmux.js';

afterEach(async () => {
  killTmuxServers();
  await cleanup();
});

describe('/rewind in the REPL (tmux)', () => {
  it('lists the turns, asks which and what, and puts back an edit and removes a file a command made', async () => {
    const box = makeSandbox();
    writeFileSync(join(box.work, 'notes.txt'), 'first draft\n');
    const server = await mock(
      new ScriptBuilder()
        .toolUse('read_file', { path: 'notes.txt' })
        .toolUse('edit_file', { path: 'notes.txt', old_string: 'first', new_string: 'second' })
        .toolUse('bash', { command: 'echo built > artifact.txt' })
        .text('edited and built')
        .text('understood')
        .build(),
    );
    const env = childEnv(box, server);
    const term = onTmux(box.root, ['-C', box.work, '--permission-mode', 'bypassPermissions'], env);
    await term.waitFor('/help for commands');
    term.keys('-l', 'revise the notes');
    term.keys('Enter');
    await term.waitFor('edited and built');
    expect(readFileSync(join(box.work, 'notes.txt'), 'utf8')).toBe('second draft\n');
    expect(existsSync(join(box.work, 'artifact.txt'))).toBe(true);

    term.keys('-l', '/rewind');
    term.keys('Enter');
    const list = await term.waitFor('rewind to before which turn? [1, Enter to cancel]');
    expect(list).toMatch(/ 1 {2}revise the notes {2}\(artifact\.txt, notes\.txt\)/);
    term.keys('1', 'Enter');
    await term.waitFor('put back what?');
    term.keys('Enter');
    const done = await term.waitFor('the model is told with your next message');
    expect(done).toContain('rewound files and conversation to before: revise the notes');
    expect(done).toContain('restored: notes.txt');
    expect(done).toContain('removed: artifact.txt');
    expect(readFileSync(join(box.work, 'notes.txt'), 'utf8')).toBe('first draft\n');
    expect(existsSync(join(box.work, 'artifact.txt'))).toBe(false);

    term.keys('-l', 'where are we?');
    term.keys('Enter');
    await requestsArrived(server, 5);
    await term.waitFor('understood');
    const sent = body(server.messageRequests()[4]) as { messages: { role: string }[] };
    expect(sent.messages.map((m) => m.role)).toEqual(['user', 'system']);
    expect(JSON.stringify(sent.messages)).toContain('Removed (created after that point): artifact.txt');
  });
});
