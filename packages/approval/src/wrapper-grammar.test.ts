import { describe, expect, it } from 'vitest';
import { createPolicy } from './policy.js';
import { bash } from './requests.test-helpers.js';
import { TOOLS } from './rule-tools.test-helpers.js';
import { readOptions } from './programs/getopt.js';
import { WRAPPERS } from './programs/wrappers.js';

const verdict = (command: string): string =>
  createPolicy({ tools: TOOLS, allow: ['Bash'], deny: ['Bash(shred:*)'] }).decide(bash(command)).type;

describe('wrappers are read with their own option grammar (deny rules see through them)', () => {
  it.each([
    // option clusters and split strings
    "env -iS 'shred f'",
    "env -vS'shred f'",
    "env -0iS 'shred f'",
    "env --split='shred f'",
    "env -u HOME -S 'shred f'",
    // script -c in a cluster, and after its operand (script permutes its arguments)
    "script -qc 'shred f' /dev/null",
    "script -q -e -c 'shred f'",
    "script out.log --command='shred f'",
    // bash and sh with options before the script
    "bash -x -c 'shred f'",
    "bash -c -x 'shred f'",
    "bash -o errexit -c 'shred f'",
    "bash -co pipefail 'shred f'",
    "bash +o posix -c 'shred f'",
    "bash --norc --noprofile -c 'shred f'",
    "bash --rcfile /dev/null -c 'shred f'",
    "sh -ec 'shred f'",
    // su and runuser: -c in a cluster, after the user, or the user's shell given the words
    "su -lc 'shred f'",
    "su - root -c 'shred f'",
    "su root -c 'shred f'",
    "su -s /bin/sh root -c 'shred f'",
    "su --session-command='shred f' root",
    "runuser -lc 'shred f' bob",
    'runuser -u bob -- shred f',
    'runuser -u bob shred f',
    // sudo -i / -s, with clustered valued options
    'sudo -i shred f',
    'sudo -s shred f',
    'sudo -iu root shred f',
    'sudo -u root -i shred f',
    'sudo -Hu root shred f',
    'sudo -E FOO=1 shred f',
    'sudo --login --user=root shred f',
    // others
    'nice -10 shred f',
    'timeout -k1 5 shred f',
    'xargs -0r shred',
    'xargs -IX shred X',
    "flock /tmp/l -c 'shred f'",
    "flock -n /tmp/l --command 'shred f'",
    'stdbuf -oL shred f',
    'setsid -f shred f',
    'busybox shred f',
  ])('Bash(shred:*) denies %j', (command) => {
    expect(verdict(command)).toBe('deny');
  });

  it.each([
    'sudo --frobnicate root shred f',
    'env -Z x shred f',
    "env -S 'shr\\_ed f'",
    'su root',
    'script',
    'chroot /srv',
    'bash -c "$x"',
    'sudo -u "$who" -i',
  ])('an unclear wrapper %j asks when a deny rule exists', (command) => {
    expect(verdict(command)).toBe('ask');
  });

  it('a wrapper acting on a process runs no command', () => {
    expect(verdict('ionice -p 1 -c 3')).toBe('allow');
    expect(verdict('taskset -p 1')).toBe('allow');
  });

  it('reads clusters, attached values, abbreviations and the end of the options like getopt', () => {
    const sudo = WRAPPERS['sudo']?.grammar;
    if (!sudo) throw new Error('no sudo row');
    const reading = readOptions(['sudo', '-iuroot', '--preserve-e=HOME', '--chd', '/x', '--', '-y'], 1, sudo);
    expect(reading.options).toEqual([
      { name: '-i' },
      { name: '-u', value: 'root' },
      { name: '--preserve-env', value: 'HOME' },
      { name: '--chdir', value: '/x' },
    ]);
    expect(reading.operands).toEqual(['-y']);
    expect(reading.unclear).toBeUndefined();
    expect(readOptions(['sudo', '--p', 'x'], 1, sudo).unclear).toMatch(/--p is not one/);
  });
});
