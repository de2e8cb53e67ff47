import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createPolicy } from './policy.js';
import { parseShell } from './shell/load.js';
import { bash } from './requests.test-helpers.js';
import { TOOLS } from './rule-tools.test-helpers.js';

const word = fc.stringMatching(/^[a-z][a-z0-9._-]{0,6}$/);
const plainArgs = fc.array(word, { maxLength: 3 }).map((a) => a.join(' '));

/** Pieces that make a word non-literal, or a command run another one. */
const expansion = fc.oneof(
  fc.constantFrom(
    '$x',
    '${x}',
    '${x@P}',
    "${v:=$'\\x41'}",
    '${!x}',
    '${#x}',
    '$((a[$(id)]))',
    '$[1]',
    '$(id)',
    '`id`',
    '<(id)',
    '>(id)',
    "$'a'",
    '$"a"',
    '*',
    '?',
    '[ab]',
    '{a,b}',
    '~',
    '~root',
  ),
  word.map((w) => `"$${w}"`),
);
const wrapper = fc.constantFrom(
  'env',
  'command',
  'builtin',
  'sudo',
  'timeout 5',
  'nice',
  'nohup',
  'xargs',
  'exec',
  'eval',
  'bash -c',
  'sh -c',
  'time',
  'X=1',
  'source',
  '.',
);

describe('allow rules (property)', () => {
  it('a prefix rule never allows a command with an expansion, substitution, glob or $-quote in any word', () => {
    fc.assert(
      fc.property(word, plainArgs, expansion, word, fc.boolean(), (program, before, marker, after, glue) => {
        const policy = createPolicy({ tools: TOOLS, allow: [`Bash(${program}:*)`] });
        const command = `${program} ${before} ${glue ? `${after}=${marker}` : marker}`;
        expect(policy.decide(bash(command)).type).toBe('ask');
      }),
      { numRuns: 1500 },
    );
  });

  it('a prefix rule for a program never allows it behind a wrapper', () => {
    fc.assert(
      fc.property(word, plainArgs, wrapper, (program, args, wrap) => {
        const policy = createPolicy({ tools: TOOLS, allow: [`Bash(${program}:*)`] });
        expect(policy.decide(bash(`${wrap} ${program} ${args}`)).type).toBe('ask');
      }),
      { numRuns: 500 },
    );
  });

  it('whatever does not parse is never allowed by any rule but Bash itself', () => {
    const shellish = fc
      .array(
        fc.constantFrom(...'ab $(){}[]|&;<>"\'`\\\n#=*'.split(''), 'if ', 'then ', 'fi', 'do ', 'done', '<<E', 'case '),
        { maxLength: 14 },
      )
      .map((a) => a.join(''));
    fc.assert(
      fc.property(fc.oneof(shellish, fc.string({ maxLength: 20 })), (command) => {
        fc.pre(!parseShell(command).ok);
        const first = command.trim().split(/\s+/)[0] || 'a';
        const policy = createPolicy({
          tools: TOOLS,
          allow: [`Bash(${first}:*)`, 'Bash(a:*)', 'Bash(b:*)'].filter((r) => !/[()\n*]/.test(r.slice(5, -3))),
        });
        expect(policy.decide(bash(command)).type).toBe('ask');
      }),
      { numRuns: 1500 },
    );
  });
});

/** Ways to hide a command inside another one; each wraps the command text it is given. */
const structures: ReadonlyArray<(inner: string) => string> = [
  (c) => `if true; then ${c}; fi`,
  (c) => `for i in 1; do ${c}; done`,
  (c) => `while false; do ${c}; done`,
  (c) => `case x in x) ${c};; esac`,
  (c) => `( ${c} )`,
  (c) => `{ ${c}; }`,
  (c) => `f() { ${c}; }`,
  (c) => `echo "$( ${c} )"`,
  (c) => `cat <( ${c} )`,
  (c) => `true && ${c}`,
  (c) => `false || ${c}`,
  (c) => `ls | ${c}`,
  (c) => `${c} & wait`,
];
/** Wrappers of a simple command. */
const wrappers = [
  'env A=1',
  'sudo -u x',
  'timeout 3',
  'nice -n 1',
  'command',
  'exec',
  'xargs',
  'eval',
  'nohup',
  'time',
  'builtin',
  'stdbuf -o L',
];
const quoteName = fc.constantFrom(
  (n: string) => n,
  (n: string) => `"${n}"`,
  (n: string) => `'${n}'`,
  (n: string) => `/usr/bin/${n}`,
  (n: string) => `$'${n}'`,
  (n: string) => `${n[0]}""${n.slice(1)}`,
  (n: string) => `\\${n}`,
);

describe('deny rules (property)', () => {
  it('a denied command name is denied at every nesting depth, however it is quoted or wrapped', () => {
    fc.assert(
      fc.property(
        fc.subarray(wrappers, { maxLength: 2 }),
        fc.array(fc.nat(structures.length - 1), { maxLength: 3 }),
        quoteName,
        plainArgs,
        (wraps, path, quote, args) => {
          const simple = [...wraps, quote('rm'), args].join(' ');
          const command = path.reduce((inner, i) => (structures[i] as (c: string) => string)(inner), simple);
          const decision = createPolicy({ tools: TOOLS, allow: ['Bash'], deny: ['Bash(rm:*)'] }).decide(bash(command));
          expect(decision.type).toBe('deny');
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('inside bash -c strings too (single-quoted, down to the nesting bound)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 }), plainArgs, (depth, args) => {
        let command = `rm ${args}`;
        for (let i = 0; i < depth; i += 1) command = `bash -c ${i === 0 ? `'${command}'` : JSON.stringify(command)}`;
        expect(createPolicy({ tools: TOOLS, allow: ['Bash'], deny: ['Bash(rm:*)'] }).decide(bash(command)).type).toBe(
          'deny',
        );
      }),
      { numRuns: 200 },
    );
  });

  it('a deny rule and a computed command name never give allow', () => {
    // ($'..' is not computed: deny rules decode it, so `$'a'` is the command a.)
    fc.assert(
      fc.property(
        expansion.filter((e) => !e.startsWith("$'")),
        plainArgs,
        fc.constantFrom<'default' | 'bypassPermissions' | 'acceptEdits'>('default', 'bypassPermissions', 'acceptEdits'),
        (name, args, mode) => {
          const policy = createPolicy({ tools: TOOLS, mode, allow: ['Bash'], deny: ['Bash(rm:*)'] });
          expect(policy.decide(bash(`${name} ${args}`)).type).not.toBe('allow');
        },
      ),
      { numRuns: 500 },
    );
  });
});
