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
 * The differential test of the approval subset: commands are generated from plain pieces and the
 * constructs bash and the parser are known to read differently (comments ending in a backslash,
 * carriage returns, here-documents with quoted or escaped delimiters, line continuations, Unicode
 * blanks), judged by a policy that allows only `echo` and `ok`, and every command it allows is run
 * by real bash exactly as the bash tool runs it. The marker programs m1..m4 on PATH each leave a
 * file when bash runs them as a command; no allowed command may leave one.
 */
let dir: string;
let marks: string;
let bin: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'differential-'));
  marks = path.join(dir, 'marks');
  bin = path.join(dir, 'bin');
  fs.mkdirSync(marks);
  fs.mkdirSync(bin);
  for (const name of ['m1', 'm2', 'm3', 'm4'])
    fs.writeFileSync(path.join(bin, name), `#!/bin/sh\n: > "$MARKS/${name}"\n`, { mode: 0o755 });
  fs.writeFileSync(path.join(bin, 'ok'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What bash ran of the markers, running `command` as the bash tool does (`exec 2>&1; …` under `bash -c`). */
function markersRun(command: string): string[] {
  for (const name of fs.readdirSync(marks)) fs.rmSync(path.join(marks, name));
  spawnSync('/bin/bash', ['-c', `exec 2>&1; ${command}`], {
    cwd: dir,
    env: { PATH: `${bin}:/usr/bin:/bin`, MARKS: marks },
    input: '',
    timeout: 5000,
  });
  return fs.readdirSync(marks);
}

const plain = fc.constantFrom(
  ' a',
  ' m1',
  ' "m2 x"',
  " 'm3'",
  '\necho b',
  '; ok',
  ' && echo c',
  ' | ok',
  ' || ok m4',
  ' 2>&1',
  ' | tail -1',
  ' |& grep -v m1',
);
const tricky = fc.constantFrom(
  ' #',
  ' # m1 \\',
  '#',
  '\\',
  '\\\n',
  '\r',
  '\r\n',
  '\n',
  '\nm1',
  '\nm2 x',
  ';m3',
  '&m4',
  ' <<EOF\nm1\nEOF\n',
  " <<'EOF'\nm1\nEOF\n",
  ' <<"EOF"\nm2\nEOF\n',
  ' <<E"O"F\nEOF\nm2\nE"O"F\n',
  ' <<E\\OF\nm3\nEOF\nm4\n',
  " <<E'O'F\nm1\nEOF\nE'O'F\n",
  ' <<-EOF\n\tm4\n\tEOF\n',
  ' <<EOF \\\nm2\nEOF\n',
  " $'\\n'm1",
  '\u00a0m1',
  '\u2028m2',
  '\u000bm3',
  '\fm4',
);
const command = fc
  .tuple(
    fc.constantFrom('echo', 'ok'),
    fc.array(fc.oneof({ weight: 3, arbitrary: plain }, { weight: 2, arbitrary: tricky }), {
      minLength: 1,
      maxLength: 10,
    }),
  )
  .map(([head, pieces]) => head + pieces.join(''));

describe('approval and bash agree on what an allowed command runs (differential, real bash)', () => {
  const policy = createPolicy({ tools: TOOLS, allow: ['Bash(echo:*)', 'Bash(ok:*)'] });

  it('the marker programs work, so a miss would show', () => {
    expect(markersRun('m1; echo x')).toEqual(['m1']);
    expect(policy.decide(bash('m1')).type).toBe('ask');
  });

  it('no command the policy allows runs a program the rules did not name', () => {
    let allowed = 0;
    fc.assert(
      fc.property(command, (text) => {
        if (policy.decide(bash(text)).type !== 'allow') return;
        allowed += 1;
        expect({ command: text, ran: markersRun(text) }).toEqual({ command: text, ran: [] });
      }),
      { numRuns: 600 },
    );
    // The generator must exercise the allow path, not only produce commands that ask.
    expect(allowed).toBeGreaterThan(50);
  }, 120_000);

  it.each([
    'echo a # m1 \\\nm1',
    'echo a\r\nm1',
    'echo a\rm1',
    'ok <<E"O"F\nEOF\nm2\nE"O"F\n',
    'ok <<E\\OF\nm3\nEOF\n',
    "ok <<E'O'F\nm1\nEOF\nE'O'F\n",
    'echo a\\\nm1',
    'echo "m2 x"#&m4',
    "echo 'a'#;m1",
  ])('the known disagreements ask: %j', (text) => {
    expect(policy.decide(bash(text)).type).toBe('ask');
  });
});
