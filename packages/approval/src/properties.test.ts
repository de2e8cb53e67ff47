import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatRule, parseRule, parseRuleList } from './rules.js';
import type { Rule } from './rules.js';
import { normalizeCommand } from './bash-match.js';
import { createPolicy } from './policy.js';
import { bash, request } from './requests.test-helpers.js';
import type { PermissionMode } from './types.js';
import { TOOLS } from './rule-tools.test-helpers.js';

const toolSpellings = [
  'Bash',
  'bash',
  'BASH',
  'Read',
  'read_file',
  'Write',
  'write_file',
  'Edit',
  'MultiEdit',
  'edit_file',
  'Glob',
  'glob',
  'Grep',
  'grep',
  'Skill',
  'skill',
  'Bsh',
  'WebFetch',
  '',
];
const specChars = fc.constantFrom(...'ab /.*:()-_~$&|;"\'\n\t\\'.split(''), ' ', ':*', ' *', '**', '//', './');
/** Strings shaped like rules (often valid, often nearly so) plus fully arbitrary ones. */
const ruleLike = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...toolSpellings),
      fc.option(fc.array(specChars, { maxLength: 12 }).map((a) => a.join(''))),
      fc.boolean(),
    )
    .map(([tool, spec, close]) => (spec === null ? tool : `${tool}(${spec}${close ? ')' : ''}`)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

describe('rule parsing (property)', () => {
  it('never throws, and always answers ok with a rule or an error naming the rule', () => {
    fc.assert(
      fc.property(ruleLike, (text) => {
        const parsed = parseRule(text, TOOLS);
        if (!parsed.ok) expect(parsed.error.startsWith(`invalid rule ${JSON.stringify(text.trim())}: `)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('format then parse gives back every rule that parsed', () => {
    fc.assert(
      fc.property(ruleLike, (text) => {
        const parsed = parseRule(text, TOOLS);
        if (!parsed.ok) return;
        const again = parseRule(formatRule(parsed.rule), TOOLS);
        expect(again).toEqual({ ok: true, rule: parsed.rule });
      }),
      { numRuns: 3000 },
    );
  });

  it('a list of formatted rules splits back into the same rules', () => {
    const valid = ruleLike
      .map((t) => parseRule(t, TOOLS))
      .filter((p): p is { ok: true; rule: Rule } => p.ok)
      .map((p) => p.rule);
    fc.assert(
      fc.property(
        fc.array(valid, { maxLength: 6 }),
        fc.constantFrom(' ', ', ', ',', '\n', ' ,\t'),
        (rules, separator) => {
          const texts = parseRuleList(rules.map(formatRule).join(separator));
          expect(texts.map((t) => parseRule(t, TOOLS))).toEqual(rules.map((rule) => ({ ok: true, rule })));
        },
      ),
      { numRuns: 500 },
    );
  });
});

const word = fc.stringMatching(/^[a-z][a-z0-9-]{0,5}$/);
const prefix = fc.tuple(word, fc.option(word)).map(([a, b]) => (b === null ? a : `${a} ${b}`));
// (a carriage return is no separator in bash: `a \rb` is one command with the word `\rb`)
const separator = fc.constantFrom('&&', '||', ';', '|', '&', '\n', ' && ', ' ; ', ' | ', '\n\n');
const args = fc.string({ unit: 'binary', maxLength: 12 });

describe('chained commands (property)', () => {
  it('a prefix rule never allows a command with a sub-command it does not cover', () => {
    fc.assert(
      fc.property(
        prefix,
        fc.array(args, { maxLength: 3 }),
        word,
        args,
        fc.array(separator, { minLength: 1, maxLength: 4 }),
        fc.nat(),
        (p, allowedArgs, foreign, foreignArgs, separators, position) => {
          const intruder = `${foreign} ${foreignArgs}`;
          fc.pre(!normalizeCommand(`${foreign} x`).startsWith(`${p} `) && foreign !== p);
          // An intruder the policy allows on its own (a read-only command such as `id` or `ls`) proves nothing here.
          fc.pre(createPolicy({ tools: TOOLS }).decide(bash(intruder)).type === 'ask');
          const pieces = allowedArgs.map((a) => `${p} ${a}`);
          pieces.splice(position % (pieces.length + 1), 0, intruder);
          const command = pieces.reduce((text, piece, i) =>
            i === 0 ? piece : `${text}${separators[i % separators.length] ?? ';'}${piece}`,
          );
          const policy = createPolicy({ tools: TOOLS, allow: [`Bash(${p}:*)`] });
          expect(policy.decide(bash(command)).type).toBe('ask');
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a prefix rule never allows command substitution, whatever surrounds it', () => {
    fc.assert(
      fc.property(
        prefix,
        args,
        fc.constantFrom('$(', '`', '<(', '>(', '"$(', "'`"),
        args,
        (p, before, marker, after) => {
          const policy = createPolicy({ tools: TOOLS, allow: [`Bash(${p}:*)`] });
          expect(policy.decide(bash(`${p} ${before}${marker}${after}`)).type).toBe('ask');
        },
      ),
      { numRuns: 1000 },
    );
  });
});

const anyRequest = fc.oneof(
  fc.tuple(fc.constantFrom('bash'), fc.string({ maxLength: 20 })).map(([, c]) => bash(c)),
  fc
    .tuple(
      fc.constantFrom('read_file', 'write_file', 'edit_file', 'glob', 'grep'),
      fc.constantFrom('src/a.ts', '/etc/x', 'lib/.env', 'a/../b'),
    )
    .map(([t, p]) => request(t, p)),
  fc.constantFrom('deploy', 'review').map((n) => request('skill', n)),
);

describe('deny wins (property)', () => {
  it('a deny rule for the tool beats every mode, allow rule, session grant and turn grant', () => {
    fc.assert(
      fc.property(
        anyRequest,
        fc.constantFrom<PermissionMode>('default', 'acceptEdits', 'bypassPermissions', 'plan'),
        fc.subarray(['Bash', 'Read', 'Write', 'Edit', 'Glob', 'Grep', 'Skill', 'Bash(git diff:*)', 'Write(src/**)']),
        (req, mode, allow) => {
          const policy = createPolicy({ tools: TOOLS, mode, allow, deny: [req.tool] });
          policy.recordAnswer(req, { type: 'session' });
          policy.grantForTurn(allow, 'skill any');
          expect(policy.decide(req).type).toBe('deny');
        },
      ),
      { numRuns: 500 },
    );
  });
});
