import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPolicy } from './policy.js';
import { bash } from './requests.test-helpers.js';
import { TOOLS } from './rule-tools.test-helpers.js';

/**
 * Filters the policy lets a rule cover are run by real bash after a pipe, in an empty folder:
 * none may create a file there or keep running; and one option the table leaves out (a write, a
 * program, a file read, a follow) anywhere in a filter makes the command ask.
 */
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filters-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const policy = createPolicy({ tools: TOOLS, allow: ['Bash(printf:*)'] });

const options: Record<string, string[]> = {
  head: ['-n 3', '-5', '-c 10', '-q', '--lines=2', '-z'],
  tail: ['-n 3', '-12', '-c 10', '-v', '--bytes=4', '-n +2'],
  grep: ['-i', '-v', '-c', '-n', '-E', '-F', '-o', '-A 1', '-C2', '--count', '-m 1', '-5', '--color=never'],
  rg: ['-i', '-v', '-c', '-n', '-F', '-o', '-A 1', '--no-heading', '-m 1', '--color never', '-r X'],
  wc: ['-l', '-w', '-c', '-m', '-L', '--lines'],
  sort: ['-r', '-n', '-u', '-k 2', '-t ,', '-s', '--reverse', '-S 1M'],
  uniq: ['-c', '-d', '-u', '-i', '-f 1', '--count'],
  cat: ['-n', '-A', '-s', '-E', '--number'],
};
const patterned = new Set(['grep', 'rg']);

const filter = fc
  .constantFrom(...Object.keys(options))
  .chain((name) =>
    fc
      .subarray(options[name] as string[], { maxLength: 3 })
      .map((chosen) => [name, ...chosen, ...(patterned.has(name) ? ['a'] : [])].join(' ')),
  );

const forbidden = fc.constantFrom(
  'tee out',
  'sort -o out',
  'sort --output=out',
  'sort --compress-program=sh',
  'sort -T .',
  'uniq - out',
  'grep -f list',
  'grep -r a',
  'grep a file',
  'rg --pre=sh a',
  'rg -z a',
  'tail -f',
  'tail --follow',
  'head -n 3 file',
  'wc --files0-from=list',
  'cat out',
  'sh',
  'xargs touch',
);

const run = (command: string) =>
  spawnSync('/bin/bash', ['-c', command], { cwd: dir, env: { PATH: '/usr/bin:/bin' }, timeout: 5000 });

describe('harmless filters, run by real bash', () => {
  it('every filter a rule covers ends and writes nothing', () => {
    fc.assert(
      fc.property(fc.array(filter, { minLength: 1, maxLength: 3 }), (filters) => {
        const command = `printf 'a,2\\nb,1\\na,2\\n' 2>&1 | ${filters.join(' | ')}`;
        expect({ command, decision: policy.decide(bash(command)).type }).toEqual({ command, decision: 'allow' });
        const result = run(command);
        expect({ command, signal: result.signal, files: fs.readdirSync(dir) }).toEqual({
          command,
          signal: null,
          files: [],
        });
      }),
      { numRuns: 120 },
    );
  }, 120_000);

  it('one left-out filter anywhere in the pipeline makes it ask', () => {
    fc.assert(
      fc.property(fc.array(filter, { maxLength: 2 }), forbidden, fc.nat(2), (filters, bad, at) => {
        const stages = [...filters];
        stages.splice(Math.min(at, stages.length), 0, bad);
        const command = `printf a | ${stages.join(' | ')}`;
        expect({ command, decision: policy.decide(bash(command)).type }).toEqual({ command, decision: 'ask' });
      }),
      { numRuns: 200 },
    );
  });
});
