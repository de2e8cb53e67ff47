import fs from 'node:fs';
import path from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock } from './test-support/cli.js';
import { killTmuxServers, onTmux } from './test-support/tmux.js';

afterEach(async () => {
  killTmuxServers();
  await cleanup();
});

const READY = '/help for commands';

function editScript() {
  return new ScriptBuilder()
    .toolUse('read_file', { path: 'greet.ts' })
    .toolUse('edit_file', { path: 'greet.ts', old_string: "'hello '", new_string: "'Hello, '" })
    .text('Fixed.')
    .build();
}

describe('an edit that ran without a question (tmux)', () => {
  it('accept-edits: the applied diff is under the edit result, red and green; NO_COLOR keeps the marks plain', async () => {
    const box = makeSandbox();
    fs.writeFileSync(path.join(box.work, 'greet.ts'), "export const greet = (n: string) => 'hello ' + n;\n");
    const server = await mock(editScript());
    const term = onTmux(box.root, ['-C', box.work, '--permission-mode', 'accept-edits'], childEnv(box, server));
    await term.waitFor(READY);
    term.keys('-l', 'fix the greeting');
    term.keys('Enter');
    const shown = await term.waitFor('Fixed.');
    const lines = shown.split('\n');
    const at = (text: string): number => lines.findIndex((l) => l.includes(text));
    const order = [
      '● edit_file greet.ts',
      '⎿  edited greet.ts',
      '@@ -1,1 +1,1 @@',
      "-export const greet = (n: string) => 'hello '",
      "+export const greet = (n: string) => 'Hello, '",
      'Fixed.',
    ];
    const positions = order.map(at);
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(shown).not.toContain('Allow edit_file');
    expect(term.raw()).toMatch(/\x1b\[32m\+export const greet/);
    expect(term.raw()).toMatch(/\x1b\[31m-export const greet/);

    fs.writeFileSync(path.join(box.work, 'greet.ts'), "export const greet = (n: string) => 'hello ' + n;\n");
    const again = await mock(editScript());
    const plain = onTmux(
      box.root,
      ['-C', box.work, '--permission-mode', 'accept-edits'],
      childEnv(box, again, { NO_COLOR: '1' }),
      'plain',
    );
    await plain.waitFor(READY);
    plain.keys('-l', 'fix the greeting');
    plain.keys('Enter');
    const text = await plain.waitFor('Fixed.');
    expect(text).toContain("     +export const greet = (n: string) => 'Hello, ' + n;");
    expect(plain.raw()).not.toMatch(/\x1b\[3\dm/);
  });
});
