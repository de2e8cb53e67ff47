import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPolicy } from './policy.js';
import { request } from './requests.test-helpers.js';
import { TOOLS } from './rule-tools.test-helpers.js';

let root: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'approval-paths-')));
  mkdirSync(join(root, 'secrets'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'secrets', 'key.pem'), 'k');
  writeFileSync(join(root, 'src', 'a.ts'), 'a');
  symlinkSync(join(root, 'secrets'), join(root, 'src', 'link'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** What a tool does before asking: the realpath of the target, relative to the root when inside. */
const resolved = (path: string) => {
  const real = realpathSync(join(root, path));
  const rel = relative(root, real);
  return rel.startsWith('..') ? real : rel === '' ? '.' : rel;
};

describe('4. path rules hold on resolved paths', () => {
  it('readFilter hides files a Read deny rule matches, found through ., a/../x or a symlink', () => {
    const policy = createPolicy({ tools: TOOLS, deny: ['Read(secrets/**)'], root });
    for (const walked of ['secrets/key.pem', './secrets/key.pem', 'src/../secrets/key.pem', 'src/link/key.pem']) {
      expect(policy.readFilter(realpathSync(join(root, walked)))).toBe(false);
    }
    expect(policy.readFilter(realpathSync(join(root, 'src', 'a.ts')))).toBe(true);
  });

  it('a Grep or Glob deny hides files from search too; an absolute rule matches absolute paths', () => {
    expect(
      createPolicy({ tools: TOOLS, deny: ['Grep(secrets/**)'], root }).readFilter(join(root, 'secrets', 'key.pem')),
    ).toBe(false);
    expect(
      createPolicy({ tools: TOOLS, deny: ['Glob(**/*.pem)'], root }).readFilter(join(root, 'secrets', 'key.pem')),
    ).toBe(false);
    expect(
      createPolicy({ tools: TOOLS, deny: [`Read(/${root}/secrets/**)`], root }).readFilter(
        join(root, 'secrets', 'key.pem'),
      ),
    ).toBe(false);
    expect(
      createPolicy({ tools: TOOLS, deny: ['Read(secrets/**)'], root }).readFilter('/elsewhere/secrets/key.pem'),
    ).toBe(true);
  });

  it('a Read deny also denies grep and glob on the denied directory, matched on the realpath', () => {
    const policy = createPolicy({ tools: TOOLS, deny: ['Read(secrets/**)'], root });
    expect(policy.decide(request('grep', resolved('src/link'))).type).toBe('deny');
    expect(policy.decide(request('glob', resolved('secrets'))).type).toBe('deny');
    expect(policy.decide(request('read_file', resolved('src/link/key.pem'))).type).toBe('deny');
    expect(policy.decide(request('grep', resolved('.'))).type).toBe('allow');
  });

  it('a deny rule still sees a raw a/../x target; an allow rule never reaches through ..', () => {
    const policy = createPolicy({ tools: TOOLS, allow: ['Edit(src/**)'], deny: ['Read(secrets/**)'], root });
    expect(policy.decide(request('read_file', 'src/../secrets/key.pem')).type).toBe('deny');
    expect(policy.decide(request('edit_file', 'src/../secrets/key.pem')).type).toBe('ask');
    expect(policy.decide(request('edit_file', 'src/a.ts')).type).toBe('allow');
  });

  it('relative allow rules match an absolute realpath inside the root', () => {
    const policy = createPolicy({ tools: TOOLS, allow: ['Edit(src/**)'], root });
    expect(policy.decide(request('edit_file', join(root, 'src', 'a.ts'))).type).toBe('allow');
    expect(policy.decide(request('edit_file', join(root, 'secrets', 'key.pem'))).type).toBe('ask');
  });
});
