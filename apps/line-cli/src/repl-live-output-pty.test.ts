/** A running command's output reaches the REPL's screen while the command still runs (tmux). */
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

describe('live output in the REPL', () => {
  it("shows a command's first line before the command ends, then the rest and the exit line when it does", async () => {
    const box = makeSandbox();
    // The command prints one line, then waits for a file the test creates: nothing depends on timing.
    const command = 'echo first-line; while [ ! -f go ]; do sleep 0.05; done; echo second-line';
    const server = await mock(new ScriptBuilder().toolUse('bash', { command }).text('All done.').build());
    const term = onTmux(box.root, ['-C', box.work, '--allowed-tools', 'Bash'], childEnv(box, server));
    await term.waitFor('/help for commands');
    term.keys('-l', 'run it');
    term.keys('Enter');
    // The call line holds the whole command; its output lines sit indented under it.
    const running = await term.waitFor('     first-line');
    expect(running).not.toContain('     second-line');
    expect(running).not.toContain('exit 0');
    expect(running).toMatch(/running bash/);
    writeFileSync(join(box.work, 'go'), '');
    const done = await term.waitFor('All done.');
    const lines = done.split('\n');
    const at = (text: string): number => lines.findIndex((l) => l.includes(text));
    expect(at('     first-line')).toBeLessThan(at('     second-line'));
    expect(at('     second-line')).toBeLessThan(at('⎿  exit 0'));
  });
});
