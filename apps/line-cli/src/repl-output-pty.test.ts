import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock } from './test-support/cli.js';
import { killTmuxServers, onTmux } from './test-support/tmux.js';

afterEach(async () => {
  killTmuxServers();
  await cleanup();
});

const READY = '/help for commands';
const REPLY = [
  '# The plan',
  '',
  'Run it **twice**, then `check`.',
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
  '',
].join('\n');

describe('what the REPL draws on a real terminal (tmux)', () => {
  it('renders markdown (no ** or # left, the code fence highlighted), and NO_COLOR keeps the structure without colour', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text(REPLY).text(REPLY).build());
    const term = onTmux(box.root, ['-C', box.work], childEnv(box, server));
    await term.waitFor(READY);
    term.keys('-l', 'plan please');
    term.keys('Enter');
    const shown = await term.waitFor('const answer: number = 42;');
    await term.waitFor('tokens in');
    expect(shown).toContain('Run it twice, then check.');
    expect(shown).not.toContain('**twice**');
    expect(shown).not.toContain('```');
    // Highlighted: the keyword and the number each have a colour of their own.
    expect(term.raw()).toMatch(/\x1b\[[0-9;]+mconst\x1b\[[0-9;]*m/);

    const plain = onTmux(box.root, ['-C', box.work], childEnv(box, server, { NO_COLOR: '1' }), 'plain');
    await plain.waitFor(READY);
    plain.keys('-l', 'plan please');
    plain.keys('Enter');
    const shown2 = await plain.waitFor('  const answer: number = 42;');
    // No colour to mark code with: its backticks stay; bold has nothing to show it by.
    expect(shown2).toContain('Run it twice, then `check`.');
    expect(shown2).not.toContain('```');
    expect(shown2).not.toContain('# The plan');
    expect(plain.raw()).not.toMatch(/\x1b\[[0-9;]*m/);
  });

  it("shows a failing command's output as it ran (its first lines, then its tail with stderr under the exit line), then the model's reply", async () => {
    const box = makeSandbox();
    const command = "for i in $(seq 1 20); do echo step $i; done; echo 'boom: no such target' >&2; exit 3";
    const server = await mock(
      new ScriptBuilder().toolUse('bash', { command }, { text: 'Building.' }).text('It failed.').build(),
    );
    const term = onTmux(box.root, ['-C', box.work, '--allowed-tools', 'Bash'], childEnv(box, server));
    await term.waitFor(READY);
    term.keys('-l', 'build it');
    term.keys('Enter');
    const shown = await term.waitFor('It failed.');
    const lines = shown.split('\n');
    const at = (text: string): number => lines.findIndex((l) => l.includes(text));
    const order = [
      'Building.',
      '● bash',
      '     step 1',
      '     step 10',
      '⎿  exit 3',
      '… 6 more lines',
      'step 17',
      'step 20',
      '     boom: no such target',
      'It failed.',
    ];
    const positions = order.map(at);
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(at('step 16')).toBe(-1);
    expect(at('step 11')).toBe(-1);
  });
});
