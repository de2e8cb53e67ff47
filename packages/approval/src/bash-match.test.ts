import { describe, expect, it } from 'vitest';
import { allowingPatterns, denyMatch } from './bash-match.js';
import type { BashPattern } from './bash-match.js';
import { splitForAllow } from './shell/allow-walk.js';
import { alwaysBashPattern } from './always.js';

const prefix = (p: string): BashPattern => ({ form: 'prefix', prefix: p });
const exact = (command: string): BashPattern => ({ form: 'exact', command });
const allows = (command: string, ...patterns: BashPattern[]) => allowingPatterns(command, patterns) !== undefined;
const deny = (command: string, ...patterns: BashPattern[]) => denyMatch(command, patterns)?.type;

describe('a prefix rule', () => {
  it('allows the prefix itself and the prefix followed by arguments', () => {
    expect(allows('git diff', prefix('git diff'))).toBe(true);
    expect(allows('git diff --stat src', prefix('git diff'))).toBe(true);
    expect(allows('  git   diff   HEAD  ', prefix('git diff'))).toBe(true);
    expect(allows('git diff "a b" \'c\'', prefix('git diff'))).toBe(true);
  });

  it('compares words after quote removal, not text', () => {
    expect(allows('"git" diff', prefix('git diff'))).toBe(true);
    expect(allows('git "diff --stat"', prefix('git diff'))).toBe(false);
  });

  it('does not allow a longer word that merely starts the same', () => {
    expect(allows('git difftool', prefix('git diff'))).toBe(false);
    expect(allows('git', prefix('git diff'))).toBe(false);
  });
});

describe('command lines (security)', () => {
  it.each([
    'git diff && rm -rf /',
    'git diff; rm -rf /',
    'git diff || rm -rf /',
    'git diff | sh',
    'git diff & rm -rf /',
    'git diff\nrm -rf /',
    'git diff `rm -rf /`',
    'git diff $(rm -rf /)',
    'git diff "$(rm -rf /)"',
    'git diff <(rm -rf /)',
    'git diff > ~/.bashrc',
    'git diff >> ~/.bashrc',
    'git diff > out.txt',
    'git diff >/dev/null/../../x',
    'git diff &>file',
    'git diff && (rm -rf /)',
    'git diff && { rm -rf /; }',
    'if git diff; then rm -rf /; fi',
    'for x in a; do rm -rf /; done',
    'git diff "unterminated',
  ])('a prefix rule for git diff does not allow %j', (command) => {
    expect(allows(command, prefix('git diff'))).toBe(false);
  });

  it('allows a command line when every command is allowed, by any of the rules', () => {
    expect(allows('git diff && npm test', prefix('git diff'), exact('npm test'))).toBe(true);
    expect(allows('git status | head -5', prefix('git status'), prefix('head'))).toBe(true);
    expect(allows('git status | head -5', prefix('git status'))).toBe(true);
    expect(allows('git status | tee out', prefix('git status'))).toBe(false);
    expect(allows('if git diff --quiet; then npm test; fi', prefix('git diff'), prefix('npm test'))).toBe(true);
  });

  it('treats fd duplication, /dev/null and reading a plain file as harmless', () => {
    expect(allows('npm test 2>&1', prefix('npm test'))).toBe(true);
    expect(allows('npm test >/dev/null 2>&1', prefix('npm test'))).toBe(true);
    expect(allows('npm test &>/dev/null', prefix('npm test'))).toBe(true);
    expect(allows('wc -l < src/a.ts', prefix('wc'))).toBe(true);
    expect(allows("cat <<'EOF'\n$(id)\nEOF", prefix('cat'))).toBe(true);
  });

  it('an exact rule equal to the whole command allows it as written', () => {
    expect(allows('make && make install', exact('make && make install'))).toBe(true);
    expect(allows('echo $(date)', exact('echo $(date)'))).toBe(true);
  });

  it('says why a command cannot be judged command by command', () => {
    expect(splitForAllow('echo $(id)')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('word 2 is not a literal'),
    });
    expect(splitForAllow('echo hi > out.txt')).toMatchObject({
      ok: false,
      reason: 'it redirects output to a file (out.txt)',
    });
    expect(splitForAllow('echo "hi')).toMatchObject({ ok: false, reason: expect.stringContaining('does not parse') });
    expect(splitForAllow('a && b ;')).toEqual({
      ok: true,
      commands: [
        { words: ['a'], assigns: false },
        { words: ['b'], assigns: false },
      ],
    });
  });
});

describe('deny rules look everywhere', () => {
  it.each([
    'rm -rf build',
    'git status && rm -rf build',
    'echo $(rm -rf build)',
    'echo `rm x`',
    'sudo rm -rf build',
    'sudo -n -u root rm x',
    'FOO=1 rm x',
    'env -u BAR FOO=1 rm x',
    'timeout -s KILL 5 rm x',
    '"rm" -rf build',
    '(rm x)',
    'true; { rm x; }',
  ])('deny rm:* catches %j', (command) => {
    expect(deny(command, prefix('rm'))).toBe('deny');
  });

  it('does not catch other commands', () => {
    expect(deny('git rm --cached x', prefix('rm'))).toBeUndefined();
    expect(deny('rmdir x', prefix('rm'))).toBeUndefined();
    expect(deny('echo rm', prefix('rm'))).toBeUndefined();
  });

  it('is unsure (so the policy asks) where a command is hidden from view', () => {
    expect(deny('$x -rf /', prefix('rm'))).toBe('unsure');
    expect(deny('git $sub --force', prefix('git push'))).toBe('unsure');
    expect(deny('sh ./script.sh', prefix('rm'))).toBe('unsure');
    expect(deny('echo "rm x" | bash', prefix('rm'))).toBe('unsure');
    expect(deny('eval "$cmd"', prefix('rm'))).toBe('unsure');
    expect(deny('rm "x', prefix('rm'))).toBe('deny');
    expect(deny('ls "x', prefix('rm'))).toBe('unsure');
    // env reads options only before its first assignment: here it would run a program named -u.
    expect(deny('env FOO=1 -u BAR rm x', prefix('rm'))).toBe('unsure');
  });
});

describe('what "always" stores for a command', () => {
  it.each([
    ['git status -s', prefix('git status')],
    ['ls -la src', exact('ls -la src')],
    ['npm test', prefix('npm test')],
    ['npm run build -- --watch', prefix('npm run build')],
    // No table of cargo's, kubectl's, make's options: a prefix would cover `--config`, `-f evil.mk`, `-exec`.
    ['cargo build --release', exact('cargo build --release')],
    ['make test', exact('make test')],
    ['go test ./...', exact('go test ./...')],
    ['gh pr list', exact('gh pr list')],
    ['apt-get install -y jq', exact('apt-get install -y jq')],
    ['cargo run --bin x', exact('cargo run --bin x')],
    ['kubectl get pods', exact('kubectl get pods')],
    ['git status && npm test', exact('git status && npm test')],
    ['git -C sub status', exact('git -C sub status')],
    ['git -c core.pager=x log', exact('git -c core.pager=x log')],
    ['git lg', exact('git lg')],
    ['npm exec foo', exact('npm exec foo')],
    ['npx vitest run', exact('npx vitest run')],
    ['node -e "1"', exact('node -e "1"')],
    ['python3 x.py', exact('python3 x.py')],
    ['sudo apt update', exact('sudo apt update')],
    ['env A=1 npm test', exact('env A=1 npm test')],
    ['bash -c "rm -rf /"', exact('bash -c "rm -rf /"')],
    ['FOO=1 make', exact('FOO=1 make')],
    ['echo $(date)', exact('echo $(date)')],
    ['git', exact('git')],
  ])('%j stores %j', (command, expected) => {
    expect(alwaysBashPattern(command)).toEqual(expected);
  });

  it('the stored pattern allows the command it came from', () => {
    for (const command of [
      'git status -s',
      'npm run build -- --watch',
      'git status && npm test',
      'sudo apt update',
      'ls -la',
    ]) {
      expect(allows(command, alwaysBashPattern(command))).toBe(true);
    }
  });
});
