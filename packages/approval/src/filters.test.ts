import { describe, expect, it } from 'vitest';
import { createPolicy } from './policy.js';
import { alwaysRuleFor, alwaysRuleScope } from './always.js';
import { readOnlyCommandLine } from './bash-match.js';
import { bash } from './requests.test-helpers.js';
import { TOOLS } from './rule-tools.test-helpers.js';

const decide = (allow: string[], command: string, deny: string[] = []) =>
  createPolicy({ tools: TOOLS, allow, deny }).decide(bash(command)).type;

describe('a rule for a command also covers it followed by harmless filters', () => {
  it.each([
    'npm test 2>&1 | tail -12',
    'npm test 2>&1 | tail -n 40',
    'npm test | head',
    'npm test | head -n 20 -q',
    'npm test 2>&1 | grep -i fail | head -5',
    'npm test 2>&1 | grep -E "fail|error" -A 3',
    'npm test | grep -e -x -c',
    'npm test | grep -- -x',
    'npm test | rg -i error --no-heading',
    'npm test | rg -e error -C 2',
    'npm test | wc -l',
    'npm test | sort | uniq -c | sort -rn | head -3',
    'npm test | cat -n',
    'npm test >/dev/null 2>&1',
    'npm test 2>/dev/null | tail -1',
    'npm test |& tail -5',
    'npm test -- --watch=false 2>&1 | tail -30',
  ])('Bash(npm test:*) allows %j', (command) => {
    expect(decide(['Bash(npm test:*)'], command)).toBe('allow');
  });

  it.each([
    ['npm test | sh', 'a shell reads the output as commands'],
    ['npm test | bash -s', 'the same'],
    ['npm test | tee x', 'tee writes a file'],
    ['npm test > file', 'a write'],
    ['npm test | tail -3 > out', 'the filter writes a file'],
    ['npm test | xargs rm', 'xargs runs commands built from the output'],
    ['npm test | rg --pre=cmd x', 'rg --pre runs a program on each input'],
    ['npm test | rg --pre cmd x', 'the same, value in the next word'],
    ['npm test | rg -z x', 'rg -z runs decompression programs'],
    ['npm test | rg --hostname-bin=cmd x', 'rg --hostname-bin runs a program'],
    ['npm test | grep -f .env', 'grep -f reads a file by name'],
    ['npm test | grep -r x', 'grep -r searches the directory, not the pipe'],
    ['npm test | grep x secret.txt', 'a file operand'],
    ['npm test | grep --line x', 'an abbreviated long option'],
    ['npm test | sort -o out', 'sort -o writes a file'],
    ['npm test | sort --out=x', 'an abbreviation of --output'],
    ['npm test | sort --compress-program=sh', 'runs a program'],
    ['npm test | sort -T /tmp', 'writes temporary files'],
    ['npm test | uniq in out', 'uniq IN OUT writes OUT'],
    ['npm test | wc --files0-from=list', 'reads the files named in a file'],
    ['npm test | tail -f', 'never ends'],
    ['npm test | tail -12f', 'the old -NUMf form follows too'],
    ['npm test | tail +5', 'a file named +5, or an old form: unclear'],
    ['npm test | cat /etc/passwd', 'a file operand'],
    ['npm test | cat -', 'an operand'],
    ['npm test | grep -e --weird', 'a value that looks like a long option (refused, to stay simple)'],
    ['npm test | head < /etc/passwd', 'reads a file instead of the pipe'],
    ['npm test | head <<< x', 'reads a here-string instead of the pipe'],
    ['npm test | /tmp/evil/head', 'a program by path'],
    ['npm test | X=1 tail', 'an assignment'],
    ['npm test | tail $(id)', 'a substitution'],
    ['npm test | { tail; rm -rf x; }', 'a group'],
    ['tail -5 | npm test', 'the first stage of a pipeline is no filter'],
    ['npm test; tail -5 notes.txt', 'not after a pipe'],
    ['npm test && head -5 notes.txt', 'not after a pipe'],
    ['npm test --script-shell=/tmp/evil | tail', 'the command itself is not covered'],
  ])('Bash(npm test:*) asks for %j (%s)', (command) => {
    expect(decide(['Bash(npm test:*)'], command)).toBe('ask');
  });

  it('an exact rule covers its command followed by filters, and nothing else', () => {
    expect(decide(['Bash(make)'], 'make 2>&1 | tail -3')).toBe('allow');
    expect(decide(['Bash(make)'], 'make install | tail -3')).toBe('ask');
  });

  it('a deny rule for a filter still wins', () => {
    expect(decide(['Bash(npm test:*)'], 'npm test | tail -3', ['Bash(tail:*)'])).toBe('deny');
  });

  it('a read-only command followed by filters stays read-only', () => {
    expect(readOnlyCommandLine('git log --oneline | head -5')).toBe(true);
    expect(readOnlyCommandLine('git log | grep -f .env')).toBe(false);
    expect(readOnlyCommandLine('git log | tee out')).toBe(false);
  });
});

describe('"always" on a filtered command stores the command without its filters', () => {
  it.each([
    ['npm test 2>&1 | tail -40', 'bash(npm test:*)'],
    ['git log --oneline | head -20', 'bash(git log:*)'],
    ['make 2>&1 | tail -40', 'bash(make)'],
    ["grep -rn 'a b' src | wc -l", "bash(grep -rn 'a b' src)"],
    ['npm test | tee x', 'bash(npm test | tee x)'],
    ['make && make install | tail', 'bash(make && make install | tail)'],
  ])('%j stores %s', (command, rule) => {
    expect(alwaysRuleFor(bash(command))).toBe(rule);
  });

  it('the grant on `npm test 2>&1 | tail -40` covers `npm test 2>&1 | tail -12`, not `npm test | sh`', () => {
    const policy = createPolicy({ tools: TOOLS });
    expect(policy.decide(bash('npm test 2>&1 | tail -12')).type).toBe('ask');
    policy.recordAnswer(bash('npm test 2>&1 | tail -40'), { type: 'session' });
    expect(policy.decide(bash('npm test 2>&1 | tail -12')).type).toBe('allow');
    expect(policy.decide(bash('npm test | sh')).type).toBe('ask');
  });

  it('the grant on `make | tail -40` covers `make | head`, and the quoted words read back', () => {
    const policy = createPolicy({ tools: TOOLS });
    policy.recordAnswer(bash("grep -rn 'a b' src | wc -l"), { type: 'session' });
    expect(policy.decide(bash('grep -rn "a b" src | head -3')).type).toBe('allow');
    expect(policy.decide(bash("grep -rn 'a b' lib | head -3")).type).toBe('ask');
  });

  it('the question says that filters are covered', () => {
    expect(alwaysRuleScope(bash('npm test 2>&1 | tail -40'))).toMatch(/also followed by harmless filters \(\| head/);
    expect(alwaysRuleScope(bash('make 2>&1 | tail -40'))).toMatch(/^exactly "make", also followed by harmless/);
    expect(alwaysRuleScope(bash('make all'))).toMatch(/^exactly this command, as written, also followed/);
  });
});
