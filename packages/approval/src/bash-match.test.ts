import { describe, expect, it } from 'vitest';
import { allowingPatterns, deniedByPattern, sessionPatterns, splitForAllow } from './bash-match.js';
import type { BashPattern } from './bash-match.js';

const prefix = (p: string): BashPattern => ({ form: 'prefix', prefix: p });
const exact = (command: string): BashPattern => ({ form: 'exact', command });
const allows = (command: string, ...patterns: BashPattern[]) => allowingPatterns(command, patterns) !== undefined;

describe('a prefix rule', () => {
  it('allows the prefix itself and the prefix followed by arguments', () => {
    expect(allows('git diff', prefix('git diff'))).toBe(true);
    expect(allows('git diff --stat src', prefix('git diff'))).toBe(true);
    expect(allows('  git   diff   HEAD  ', prefix('git diff'))).toBe(true);
  });

  it('does not allow a longer word that merely starts the same', () => {
    expect(allows('git difftool', prefix('git diff'))).toBe(false);
    expect(allows('git', prefix('git diff'))).toBe(false);
  });
});

describe('chained commands (security)', () => {
  it.each([
    'git diff && rm -rf /',
    'git diff; rm -rf /',
    'git diff || rm -rf /',
    'git diff | sh',
    'git diff & rm -rf /',
    'git diff\nrm -rf /',
    'git diff\rrm -rf /',
    'git diff `rm -rf /`',
    'git diff $(rm -rf /)',
    'git diff "$(rm -rf /)"',
    'git diff <(rm -rf /)',
    'git diff > ~/.bashrc',
    'git diff >> ~/.bashrc',
    'git diff >/dev/null/../../x',
    'git diff &>file',
    'git diff && (rm -rf /)',
    'git diff && { rm -rf /; }',
  ])('a prefix rule for git diff does not allow %j', (command) => {
    expect(allows(command, prefix('git diff'))).toBe(false);
  });

  it('allows a chain when every sub-command is allowed, by any of the rules', () => {
    expect(allows('git diff && npm test', prefix('git diff'), exact('npm test'))).toBe(true);
    expect(allows('git status | head -5', prefix('git status'), prefix('head'))).toBe(true);
    expect(allows('git status | head -5', prefix('git status'))).toBe(false);
  });

  it('treats fd duplication and /dev/null redirection as harmless', () => {
    expect(allows('npm test 2>&1', prefix('npm test'))).toBe(true);
    expect(allows('npm test >/dev/null 2>&1', prefix('npm test'))).toBe(true);
    expect(allows('npm test &>/dev/null', prefix('npm test'))).toBe(true);
  });

  it('an exact rule equal to the whole command allows it as written', () => {
    expect(allows('make && make install', exact('make && make install'))).toBe(true);
    expect(allows('echo $(date)', exact('echo $(date)'))).toBe(true);
  });

  it('says why a command cannot be judged piece by piece', () => {
    expect(splitForAllow('echo $(id)')).toEqual({ ok: false, reason: 'it uses command or process substitution' });
    expect(splitForAllow('echo hi > out.txt')).toEqual({ ok: false, reason: 'it redirects output to a file' });
    expect(splitForAllow('a && b ;')).toEqual({ ok: true, commands: ['a', 'b'] });
  });
});

describe('deny rules look everywhere they can', () => {
  it.each([
    'rm -rf build',
    'git status && rm -rf build',
    'echo $(rm -rf build)',
    'echo `rm x`',
    'sudo rm -rf build',
    'sudo -n rm x',
    'FOO=1 rm x',
    'env FOO=1 rm x',
    'timeout 5 rm x',
    '"rm" -rf build',
    '(rm x)',
    'true; { rm x; }',
  ])('deny rm:* catches %j', (command) => {
    expect(deniedByPattern(command, prefix('rm'))).toBe(true);
  });

  it('does not catch other commands', () => {
    expect(deniedByPattern('git rm --cached x', prefix('rm'))).toBe(false);
    expect(deniedByPattern('rmdir x', prefix('rm'))).toBe(false);
  });
});

describe('what "allow for the session" grants', () => {
  it.each([
    ['git status -s', [prefix('git status')]],
    ['ls -la src', [prefix('ls')]],
    ['npm test', [prefix('npm test')]],
    ['npm run build -- --watch', [prefix('npm run build')]],
    ['cargo build --release', [prefix('cargo build')]],
    ['kubectl get pods', [prefix('kubectl get')]],
    ['git status && npm test', [prefix('git status'), prefix('npm test')]],
    ['git -C sub status', [exact('git -C sub status')]],
    ['sudo apt update', [exact('sudo apt update')]],
    ['bash -c "rm -rf /"', [exact('bash -c "rm -rf /"')]],
    ['FOO=1 make', [exact('FOO=1 make')]],
    ['echo $(date)', [exact('echo $(date)')]],
    ['git', [exact('git')]],
  ])('%j grants %j', (command, expected) => {
    expect(sessionPatterns(command)).toEqual(expected);
  });

  it('a granted prefix allows the command it came from', () => {
    for (const command of ['git status -s', 'npm run build -- --watch', 'git status && npm test', 'sudo apt update']) {
      expect(allows(command, ...sessionPatterns(command))).toBe(true);
    }
  });
});
