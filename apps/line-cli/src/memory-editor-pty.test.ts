/**
 * `/memory project` in the REPL on a real terminal (tmux): the file opens in `$VISUAL` (a fake
 * editor script that appends a line and checks it was given a terminal), the REPL waits for it
 * and takes the terminal back; a name that is no memory file is an error naming the choices.
 */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock } from './test-support/cli.js';
import { killTmuxServers, onTmux } from './test-support/tmux.js';

afterEach(async () => {
  killTmuxServers();
  await cleanup();
});

describe('/memory opens a memory file in the editor (tmux)', () => {
  it('runs $VISUAL on the file with the terminal, waits, and the REPL goes on', async () => {
    const box = makeSandbox();
    writeFileSync(join(box.work, 'CLAUDE.md'), 'PROJECT-RULES\n');
    const editor = join(box.root, 'fake-editor.sh');
    // Appends a line, and says whether its stdin is a terminal (an editor needs one).
    writeFileSync(
      editor,
      '#!/bin/sh\nif [ -t 0 ]; then t=tty; else t=notty; fi\necho "added by the editor ($t)" >> "$1"\n',
    );
    chmodSync(editor, 0o755);
    const server = await mock(new ScriptBuilder().text('ok').build());
    const repl = onTmux(box.root, ['-C', box.work, '--no-sandbox'], childEnv(box, server, { VISUAL: editor }), 'mem');
    await repl.waitFor('/help for commands');
    repl.keys('/memory project', 'Enter');
    await repl.waitFor('saved; it applies from the next session');
    expect(readFileSync(join(box.work, 'CLAUDE.md'), 'utf8')).toBe('PROJECT-RULES\nadded by the editor (tty)\n');
    repl.keys('/memory nowhere', 'Enter');
    await repl.waitFor('"nowhere" names no memory file: use user, project, local or the number /memory lists');
    repl.keys('hi', 'Enter');
    await repl.waitFor('ok');
  });
});
