/** A result seen whole: `/expand` with piped input, and `-p --verbose`'s command output. */
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, run } from './test-support/cli.js';

afterEach(cleanup);

const LONG = "seq 1 5000 | sed 's/^/log line /'; echo 'warning: flaky' >&2; exit 3";

describe('whole results', () => {
  it('-p --verbose writes every line a command printed on stderr; stdout holds only the answer', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder().toolUse('bash', { command: "seq 1 40 | sed 's/^/row /'" }).text('forty rows').build(),
    );
    const res = await run(['-C', box.work, '-p', 'count', '--verbose', '--allowed-tools', 'Bash'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('forty rows\n');
    const lines = res.stderr.split('\n');
    const rows = lines.filter((l) => /^ {5}row \d+$/.test(l)).map((l) => l.trim());
    expect(rows).toEqual(Array.from({ length: 40 }, (_, i) => `row ${i + 1}`));
    // The call line comes first and the exit line after the output.
    const at = (text: string): number => lines.findIndex((l) => l.includes(text));
    expect(at('● bash: seq 1 40')).toBeLessThan(at('row 1'));
    expect(at('row 40')).toBeLessThan(at('⎿  exit 0'));
    expect(res.stderr).not.toContain('more lines');
  });

  it('/expand with piped input prints the whole output of the last call, counted over all of it', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().toolUse('bash', { command: LONG }).text('it failed').build());
    const res = await run(['-C', box.work, '--allowed-tools', 'Bash'], {
      env: childEnv(box, server),
      stdin: 'run it\n/expand\n/expand 2\n',
    });
    expect(res.code).toBe(0);
    // The live view showed the first lines and the tail, pointing at /expand for the rest.
    expect(res.stdout).toContain('… 4,986 more lines (/expand shows all)');
    const lines = res.stdout.split('\n');
    // Piped output has no line end after the prompt: the heading follows it on its line.
    const heading = lines.findIndex((l) => l.endsWith(`› ● bash: ${LONG}  (exit 3 · 5,001 lines · /expand 1 of 1)`));
    expect(heading).toBeGreaterThan(0);
    expect(lines.slice(heading + 1, heading + 3)).toEqual(['log line 1', 'log line 2']);
    expect(lines).toContain('log line 2500');
    expect(lines).toContain('warning: flaky');
    expect(lines.find((l) => l.startsWith('[exit 3 · 5,001 lines,'))).toMatch(
      /the model got 30,0\d\d characters of it\]$/,
    );
    expect(res.stdout).toContain(
      '/expand: only the 1 latest results are kept: /expand 1 is the latest, /expand 1 the oldest',
    );
  });
});
