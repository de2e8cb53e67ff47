/**
 * `/memory project` in `harness-tui` (tmux, the built bin, the mock server): the file opens in
 * `$VISUAL` (a fake editor script that appends a line and says whether it got a terminal), the
 * screen is handed over and drawn again when the editor exits, and the session goes on.
 */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, hasTmux } from './tmux.test.helper.js';
import { onCleanup, runCleanups, sandbox, startTui } from './tui-run.test.helper.js';

afterEach(runCleanups);

const IDLE = /│ idle\s*$/m;

describe('harness-tui /memory in the editor (tmux)', () => {
  it.skipIf(!hasTmux)(
    'runs $VISUAL on the file with the terminal, then draws the screen again and goes on',
    async () => {
      const box = sandbox('harness-tui-memed-');
      writeFileSync(join(box.work, 'CLAUDE.md'), 'PROJECT-RULES\n');
      const editor = join(box.root, 'fake-editor.sh');
      writeFileSync(
        editor,
        '#!/bin/sh\nif [ -t 0 ]; then t=tty; else t=notty; fi\necho "added by the editor ($t)" >> "$1"\n',
      );
      chmodSync(editor, 0o755);
      const server = await startMockServer({ script: new ScriptBuilder().text('Still here.').build() });
      onCleanup(() => server.close());
      const tmux = startTui(box, server.url, 'memed', ['--no-sandbox'], { VISUAL: editor });
      await tmux.waitFor([IDLE]);
      tmux.type('/memory project');
      tmux.press('Enter');
      await tmux.waitFor(['saved; it applies from the next session', IDLE], 30_000);
      expect(readFileSync(join(box.work, 'CLAUDE.md'), 'utf8')).toBe('PROJECT-RULES\nadded by the editor (tty)\n');
      tmux.type('hello');
      tmux.press('Enter');
      await tmux.waitFor(['Still here.', IDLE], 30_000);
      tmux.type('/exit');
      tmux.press('Enter');
      await tmux.waitFor(['EXITED:0'], 30_000);
    },
    E2E_TIMEOUT_MS,
  );
});
