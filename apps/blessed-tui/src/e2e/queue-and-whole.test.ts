/**
 * `harness-tui` end to end: a message typed while a turn runs is queued and sent after the turn,
 * and a command's long output, cut for the model, is seen whole. The BUILT bin in tmux against
 * the mock server; the first command waits for a file the test creates, so nothing depends on
 * timing, only bounded polling.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { hasTmux } from './tmux.test.helper.js';
import { onCleanup, runCleanups, sandbox, startTui } from './tui-run.test.helper.js';

afterEach(runCleanups);

const IDLE = /│ idle\s*$/m;
const WAIT = 'for i in $(seq 600); do [ -e release ] && break; sleep 0.1; done; echo released';

/** The last user message of a recorded request, as JSON text. */
function lastUser(body: unknown): string {
  const messages = (body as { messages: { role: string; content: unknown }[] }).messages;
  return JSON.stringify(messages.findLast((m) => m.role === 'user')?.content);
}

describe('harness-tui queue and whole results (tmux)', () => {
  it.skipIf(!hasTmux)(
    'Enter during a turn queues the message, sent as the next turn once it ends; a cut 8,000-line output is seen whole in the viewer',
    async () => {
      const box = sandbox('harness-tui-queue-');
      const server = await startMockServer({
        script: new ScriptBuilder()
          .toolUse('bash', { command: WAIT }, { text: 'Waiting for the release.' })
          .text('The release came.')
          .text('Got the queued one.')
          .toolUse('bash', { command: 'seq 8000' }, { text: 'Counting.' })
          .text('Counted.')
          .build(),
      });
      onCleanup(() => server.close());
      const tmux = startTui(box, server.url, 'queue', ['--allowed-tools', 'Bash']);
      await tmux.waitFor([IDLE]);

      tmux.type('wait for the release');
      tmux.press('Enter');
      await tmux.waitFor(['Waiting for the release.', /running bash \d+s/], 30_000);
      tmux.type('then say you got this');
      tmux.press('Enter');
      const queued = await tmux.waitFor(['› then say you got this', 'queued: sent when this turn ends']);
      expect(queued).toMatch(/^›\s*$/m); // the input is empty again
      expect(server.messageRequests()).toHaveLength(1);

      writeFileSync(join(box.work, 'release'), '');
      const after = await tmux.waitFor(['Got the queued one.', IDLE], 30_000);
      expect(after).not.toContain('queued:');
      const requests = server.messageRequests();
      expect(requests).toHaveLength(3);
      // The command's result went first, with no queued text in it; the queued message is the next turn.
      expect(lastUser(requests[1]?.body)).toContain('released');
      expect(JSON.stringify(requests[1]?.body)).not.toContain('then say you got this');
      expect(lastUser(requests[2]?.body)).toContain('then say you got this');
      const rows = after.split('\n');
      expect(rows.findIndex((r) => r.includes('The release came.'))).toBeLessThan(
        rows.findIndex((r) => r.includes('› then say you got this')),
      );

      tmux.type('count to 8000');
      tmux.press('Enter');
      await tmux.waitFor(['Counted.', IDLE, '… 7,995 earlier lines'], 30_000);
      // The model got the start and the end of it: line 4000 is not in its copy.
      expect(lastUser(server.messageRequests()[4]?.body)).toContain('output cut');
      expect(lastUser(server.messageRequests()[4]?.body)).not.toContain('\\n4000\\n');
      tmux.press('C-o');
      await tmux.waitFor([/^ {4}8000\s*$/m, /^ {4}Exit code 0\.\s*$/m]);
      // Up past the last 200 lines: the count of those between the head and the tail.
      tmux.press('-N', '8', 'PPage');
      await tmux.waitFor(['… 7,602 lines not shown here · Ctrl-O again shows every one']);
      tmux.press('C-o');
      await tmux.waitFor(['● bash: seq 8000  [exit 0 · 8,000 lines', /^ {3}1 │ 1\s*$/m, 'lines 1–28 of 8,000']);
      // 148 pages of 27 lines down: line 4000, which the model never saw, is on screen.
      tmux.press('-N', '148', 'NPage');
      const middle = await tmux.waitFor(['lines 3,997–4,024 of 8,000', /^4000 │ 4000\s*$/m]);
      expect(middle).toMatch(/^3997 │ 3997\s*$/m);
      tmux.press('End');
      await tmux.waitFor([/^8000 │ 8000\s*$/m, 'lines 7,973–8,000 of 8,000']);
      tmux.press('q');
      const closed = await tmux.waitFor(['… 7,995 earlier lines', IDLE]);
      expect(closed).not.toContain('of 8,000');
      tmux.press('C-d');
      await tmux.waitFor(['EXITED:0']);
    },
    90_000,
  );
});
