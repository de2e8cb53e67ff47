/**
 * `/expand` on a real terminal (tmux): the whole result goes to `$PAGER`, which owns the keys and
 * the screen while it runs; the REPL takes them back when it exits. The pager here is a script
 * that records what it read and then reads one line from the terminal itself.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock } from './test-support/cli.js';
import { killTmuxServers, onTmux } from './test-support/tmux.js';

afterEach(async () => {
  killTmuxServers();
  await cleanup();
});

const READY = '/help for commands';
const LONG = "seq 1 5000 | sed 's/^/log line /'; echo 'warning: flaky' >&2; exit 3";

/** Polls `file` until `test` accepts its text (15 s at most). */
async function fileUntil(file: string, test: (text: string) => boolean): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (test(text)) return text;
    if (Date.now() > deadline) throw new Error(`timed out waiting on ${file}; it holds:\n${text.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('/expand in the REPL (tmux)', () => {
  it('pipes the whole output of a long command to $PAGER, which gets the keys until it exits', async () => {
    const box = makeSandbox();
    const got = join(box.root, 'pager-got.txt');
    const pager = join(box.root, 'pager.sh');
    writeFileSync(
      pager,
      `cat > '${got}.part' && mv '${got}.part' '${got}'\necho PAGER-WAITING\nread -r answer < /dev/tty\necho "key: $answer" >> '${got}'\n`,
    );
    const server = await mock(new ScriptBuilder().toolUse('bash', { command: LONG }).text('it failed').build());
    const term = onTmux(
      box.root,
      ['-C', box.work, '--allowed-tools', 'Bash'],
      childEnv(box, server, { PAGER: `sh '${pager}'` }),
    );
    await term.waitFor(READY);
    term.keys('-l', 'run it');
    term.keys('Enter');
    await term.waitFor('it failed');
    await term.waitFor('tokens in');
    expect(term.screen()).toContain('… 4,986 more lines (/expand shows all)');

    term.keys('-l', '/expand');
    term.keys('Enter');
    const text = await fileUntil(got, (t) => t !== '');
    const lines = text.split('\n');
    expect(lines[0]).toBe(`● bash: ${LONG}  (exit 3 · 5,001 lines · /expand 1 of 1)`);
    expect(lines.slice(1, 3)).toEqual(['log line 1', 'log line 2']);
    expect(lines.filter((l) => /^log line \d+$/.test(l))).toHaveLength(5000);
    expect(lines).toContain('warning: flaky');
    expect(lines.find((l) => l.startsWith('[exit 3 · 5,001 lines'))).toMatch(
      /the model got 30,0\d\d characters of it\]$/,
    );

    // The pager reads the terminal: what is typed now is its, not a message for the model.
    await term.waitFor('PAGER-WAITING');
    term.keys('-l', 'typed into the pager');
    term.keys('Enter');
    await fileUntil(got, (t) => t.includes('key: typed into the pager'));

    // The REPL has the terminal back.
    term.keys('-l', '/status');
    term.keys('Enter');
    await term.waitFor('mode     default');
    expect(server.messageRequests()).toHaveLength(2);
  });
});
