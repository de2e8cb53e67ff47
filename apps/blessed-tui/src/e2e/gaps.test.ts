/**
 * `harness-tui` end to end for what the line REPL already did: the applied diff of an edit that
 * ran without a question. The BUILT bin in tmux against the mock server; nothing reaches the
 * internet.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { hasTmux } from './tmux.test.helper.js';
import { onCleanup, runCleanups, sandbox, startTui } from './tui-run.test.helper.js';

afterEach(runCleanups);

const IDLE = /│ idle\s*$/m;

describe('harness-tui gaps (tmux)', () => {
  it.skipIf(!hasTmux)(
    'accept-edits: an edit and a new file show their applied diffs under the result, green and red, without a question',
    async () => {
      const box = sandbox();
      writeFileSync(join(box.work, 'greet.ts'), "export const greet = (n: string) => 'hello ' + n;\n");
      const server = await startMockServer({
        script: new ScriptBuilder()
          .toolUse('read_file', { path: 'greet.ts' })
          .toolUse('edit_file', { path: 'greet.ts', old_string: "'hello '", new_string: "'Hello, '" })
          .toolUse('write_file', { path: 'new.txt', content: 'brand new\nsecond\n' })
          .text('Both done.')
          .build(),
      });
      onCleanup(() => server.close());
      const tmux = startTui(box, server.url, 'diff', ['--permission-mode', 'accept-edits']);
      await tmux.waitFor([IDLE]);
      tmux.type('fix it');
      tmux.press('Enter');
      const shown = await tmux.waitFor(['Both done.', IDLE]);
      expect(shown).not.toContain('Allow edit_file');
      const lines = shown.split('\n');
      const at = (text: string): number => lines.findIndex((l) => l.includes(text));
      const order = [
        '● edit_file greet.ts',
        '⎿ edited greet.ts',
        "-export const greet = (n: string) => 'hello '",
        "+export const greet = (n: string) => 'Hello, '",
        '● write_file new.txt',
        '⎿ created new.txt (2 lines)',
        '+brand new',
        '+second',
      ];
      const positions = order.map(at);
      expect(
        positions.every((p) => p >= 0),
        shown,
      ).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(readFileSync(join(box.work, 'new.txt'), 'utf8')).toBe('brand new\nsecond\n');
      const raw = tmux.tmux('capture-pane', '-p', '-e', '-t', 'e2e');
      expect(raw).toMatch(/\x1b\[31m\s+-export const greet/);
      expect(raw).toMatch(/\x1b\[32m\s+\+export const greet/);
      tmux.press('C-d');
      await tmux.waitFor(['EXITED:0']);
    },
    30_000,
  );
});
