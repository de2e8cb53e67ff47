/**
 * `harness-tui` end to end for what a person does all day: paste, switch to plan mode with
 * Shift-Tab, cancel with Esc, leave with the conversation in the scrollback, and find the last
 * prompt again with Up in the next run. The BUILT bin in tmux against the mock server, with a temp
 * home, config, state and work root; nothing reaches the internet.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, hasTmux, type TmuxSession } from './tmux.test.helper.js';
import { BIN, onCleanup, runCleanups, sandbox as makeBox, startTui as start } from './tui-run.test.helper.js';

afterEach(runCleanups);
const sandbox = () => makeBox('harness-tui-daily-');

/** The bin with the daily test's one allowed command (`sleep`), then `extra`. */
function startTui(box: ReturnType<typeof sandbox>, url: string, name: string, extra: string[] = []): TmuxSession {
  return start(box, url, `daily-${name}`, ['--allowed-tools', 'Bash(sleep:*)', ...extra]);
}

const IDLE = /│ idle\s*$/m;
const PASTED = 'first pasted line\nsecond: 2 + 2\nthird line';

describe('harness-tui for daily use (tmux)', () => {
  it.skipIf(!hasTmux)(
    'a paste is one request, Alt-Enter a new line, Shift-Tab to plan mode refuses the next write without a question, Esc cancels, the transcript and the resume command stay in the scrollback, Up finds the last prompt in the next run, --resume opens a picker, /resume switches sessions in place',
    async () => {
      expect(existsSync(BIN), `${BIN} is missing: build first (pnpm build)`).toBe(true);
      const box = sandbox();
      const server = await startMockServer({
        script: new ScriptBuilder()
          .text('Three lines received.')
          .text('Two lines received.')
          .toolUse('write_file', { path: 'plan.txt', content: 'written\n' }, { text: 'Writing the plan.' })
          .text('Plan mode kept it from being written.')
          .toolUse('bash', { command: 'sleep 30' }, { text: 'Waiting for the build.' })
          .text('Back again.')
          .build(),
      });
      onCleanup(() => server.close());
      const tmux = startTui(box, server.url, 'one');
      await tmux.waitFor([IDLE]);

      // A three-line paste is a label in the input; Enter sends one request holding every line.
      tmux.paste(PASTED);
      const labelled = await tmux.waitFor(['› [pasted 3 lines]']);
      expect(labelled).not.toContain('third line');
      expect(server.messageRequests()).toHaveLength(0);
      tmux.press('Enter');
      await tmux.waitFor(['Three lines received.', IDLE]);
      expect(server.messageRequests()).toHaveLength(1);
      expect(JSON.stringify(server.messageRequests()[0]?.body)).toContain(JSON.stringify(PASTED).slice(1, -1));
      // The TUI is an interactive session: the system prompt and the tools get the 1-hour TTL.
      const first = server.messageRequests()[0]!.body as {
        system: { cache_control?: unknown }[];
        tools: { cache_control?: unknown }[];
      };
      expect(first.system.at(-1)!.cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });
      expect(first.tools.at(-1)!.cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });

      // Alt-Enter (ESC CR) is a new line, not a send.
      tmux.type('line one');
      tmux.press('M-Enter');
      tmux.type('line two');
      await tmux.waitFor([/^ {2}line two/m]);
      expect(server.messageRequests()).toHaveLength(1);
      tmux.press('Enter');
      await tmux.waitFor(['Two lines received.', IDLE]);
      expect(JSON.stringify(server.messageRequests()[1]?.body)).toContain('line one\\nline two');

      // Shift-Tab twice: accept-edits, then plan; the write is refused by the mode, never asked.
      tmux.press('BTab');
      await tmux.waitFor(['⏵⏵ accept edits']);
      tmux.press('BTab');
      await tmux.waitFor(['⏸ plan mode']);
      tmux.type('write the plan');
      tmux.press('Enter');
      const refused = await tmux.waitFor(['Plan mode kept it from being written.', IDLE]);
      expect(refused).not.toContain('Allow write_file?');
      expect(refused).toContain('● write_file plan.txt');
      expect(refused).toContain('Plan mode: the session is read-only'); // the reason, under the call
      expect(existsSync(join(box.work, 'plan.txt'))).toBe(false);
      expect(JSON.stringify(server.messageRequests()[3]?.body)).toContain('Plan mode: the session is read-only');
      tmux.press('BTab');
      await tmux.waitFor([/^(?![\s\S]*plan mode)[\s\S]*│ idle\s*$/m]); // back to the default mode

      // A long command: the rule says how to cancel; Esc does.
      tmux.type('wait a while');
      tmux.press('Enter');
      await tmux.waitFor(['Waiting for the build.', /running bash \(\d+s.* · esc to cancel\)/]);
      tmux.press('Escape');
      const cancelled = await tmux.waitFor(['cancelled', IDLE]);
      expect(cancelled).not.toContain('esc to cancel');
      expect(server.messageRequests()).toHaveLength(5);

      // Leaving: the alternate screen is gone, the conversation and the resume command stay.
      tmux.press('C-d');
      await tmux.waitFor(['EXITED:0']);
      expect(tmux.pane('#{alternate_on}')).toBe('0');
      const scrollback = tmux.history();
      for (const line of ['› first pasted line', 'Three lines received.', '● write_file plan.txt', 'cancelled'])
        expect(scrollback).toContain(line);
      const resume = /resume it with: harness-tui -C \S+ --resume (\S+)/.exec(scrollback);
      expect(resume, scrollback).not.toBeNull();
      expect(scrollback).toContain(`session ${resume?.[1]}`);
      tmux.kill();

      // The next run in the same work root: Up brings back the last prompt (the shared history).
      const again = startTui(box, server.url, 'two');
      await again.waitFor([IDLE]);
      again.press('Up');
      await again.waitFor([/^› wait a while/m]);
      // Older: "write the plan", the two-line prompt (Up first climbs to its first line), the paste.
      again.press('Up', 'Up', 'Up', 'Up');
      await again.waitFor([/^› first pasted line$/m, /^ {2}third line/m]);
      again.press('C-c'); // clears the input; Ctrl-D then quits
      await again.waitFor(['press Ctrl-C again to quit']);
      again.press('C-d');
      await again.waitFor(['EXITED:0']);
      again.kill();

      // --resume without an id: a picker of this work root's sessions (the first run's, with its
      // first prompt), then that session on the screen.
      const picking = startTui(box, server.url, 'three', ['--resume']);
      const list = await picking.waitFor(['Resume a session', `› `, 'first pasted line']);
      expect(list).toContain(resume?.[1] ?? '?');
      picking.press('Enter');
      await picking.waitFor([`resumed session ${resume?.[1]}`, 'Three lines received.', IDLE]);

      // /clear and one turn make a second session; /resume lists both, and picking the older one
      // continues it in place: the screen stays up and shows that conversation.
      picking.type('/clear');
      picking.press('Enter');
      await picking.waitFor(['new conversation']);
      picking.type('a new topic');
      picking.press('Enter');
      await picking.waitFor(['Back again.', IDLE]);
      picking.type('/resume');
      picking.press('Enter');
      await picking.waitFor(['Resume a session', /› .*a new topic/, 'first pasted line']);
      picking.press('Down');
      await picking.waitFor([/› .*first pasted line/]);
      picking.press('Enter');
      const reopened = await picking.waitFor([`resumed session ${resume?.[1]}`, 'Three lines received.', IDLE]);
      expect(reopened).not.toContain('a new topic');
      expect(picking.pane('#{alternate_on}')).toBe('1'); // the same screen, not a new one
      picking.press('C-d');
      await picking.waitFor(['EXITED:0']);
      const left = picking.history();
      expect(left).toContain('Three lines received.');
      expect(left).toContain(`resume it with: harness-tui -C ${box.work} --resume ${resume?.[1]}`);
    },
    E2E_TIMEOUT_MS,
  );
});
