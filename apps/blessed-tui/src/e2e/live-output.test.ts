/**
 * `harness-tui` end to end: a command's output reaches the screen while the command runs. The
 * BUILT bin in tmux against the mock server; the scripted model runs a bash command that prints a
 * line, then sleeps until the test lets it go on (a file appears), then prints another. The test
 * sees the first line on screen while the second cannot have been printed yet: no fixed waits, only
 * bounded polling.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { hasTmux } from './tmux.test.helper.js';
import { onCleanup, runCleanups, sandbox, startTui } from './tui-run.test.helper.js';

afterEach(runCleanups);

const IDLE = /│ idle\s*$/m;
// Prints `step-1`, sleeps until `release` exists (at most a minute), prints `step-2`. Its own text
// holds neither word, so what shows them on screen is its output.
const COMMAND =
  'echo step-$((0+1)); for i in $(seq 600); do [ -e release ] && break; sleep 0.1; done; echo step-$((1+1))';

describe('harness-tui live output (tmux)', () => {
  it.skipIf(!hasTmux)(
    "a command's first output line is on screen before the command ends; its result replaces the live lines",
    async () => {
      const box = sandbox('harness-tui-live-');
      const server = await startMockServer({
        script: new ScriptBuilder()
          .toolUse('bash', { command: COMMAND }, { text: 'Running the steps.' })
          .text('Both steps ran.')
          .build(),
      });
      onCleanup(() => server.close());
      // The question is part of the journey: without the sandbox, which would run the command unasked.
      const tmux = startTui(box, server.url, 'live', ['--no-sandbox']);
      await tmux.waitFor([IDLE]);
      tmux.type('run the steps');
      tmux.press('Enter');
      await tmux.waitFor(['Allow bash?', '[y] once']);
      tmux.press('y');
      const running = await tmux.waitFor([/^ {4}step-1\s*$/m, /⎿ running · \d+s/], 30_000);
      expect(running).not.toMatch(/^ {4}step-2/m);
      expect(running).toMatch(/running bash \d+s/);
      expect(server.messageRequests()).toHaveLength(1); // the command has not ended: no result sent yet

      writeFileSync(join(box.work, 'release'), '');
      const done = await tmux.waitFor(['Both steps ran.', IDLE], 30_000);
      expect(done).toMatch(/^ {4}step-2\s*$/m);
      expect(done).not.toContain('⎿ running ·');
      expect(JSON.stringify(server.messageRequests()[1]?.body)).toContain('step-1\\nstep-2');
      tmux.press('C-d');
      await tmux.waitFor(['EXITED:0']);
    },
    60_000,
  );
});
