import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtinRuleNames } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSettings } from './load.js';
import { addProjectAllowRules, claudeRuleText } from './project-rules.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function work(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'harness-always-')));
  dirs.push(d);
  return d;
}

describe('"always for this project" rules', () => {
  it("are spelled in Claude Code's syntax", () => {
    const tools = builtinRuleNames([]);
    expect(claudeRuleText('bash(git status:*)', tools)).toBe('Bash(git status:*)');
    expect(claudeRuleText('write_file(a.txt)', tools)).toBe('Write(a.txt)');
    expect(claudeRuleText('grep', tools)).toBe('Grep');
  });

  it('create .claude/settings.local.json (0644) that the loader reads back', async () => {
    const root = work();
    const file = join(root, '.claude', 'settings.local.json');
    expect(await addProjectAllowRules(file, root, ['Bash(npm test:*)'])).toBeUndefined();
    expect(statSync(file).mode & 0o777).toBe(0o644);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ permissions: { allow: ['Bash(npm test:*)'] } });
    const loaded = await loadSettings({ home: join(root, 'nohome'), workroot: root, env: {}, trusted: true });
    expect(loaded.settings.allow).toEqual([{ value: 'Bash(npm test:*)', file, scope: 'local' }]);
  });

  it('keep the comments, other keys and rules of an existing file, and add a rule once', async () => {
    const root = work();
    const file = join(root, '.claude', 'settings.local.json');
    mkdirSync(join(root, '.claude'));
    const before =
      '// mine\n{\n  "model": "x", // keep me\n  "permissions": {\n    "allow": [\n      "Read" // reading is fine\n    ]\n  }\n}\n';
    writeFileSync(file, before, { mode: 0o600 });
    expect(await addProjectAllowRules(file, root, ['Bash(git status:*)'])).toBeUndefined();
    expect(await addProjectAllowRules(file, root, ['Bash(git status:*)'])).toBeUndefined();
    const after = readFileSync(file, 'utf8');
    expect(after).toContain('// mine');
    expect(after).toContain('// keep me');
    expect(after).toContain('// reading is fine');
    expect(after.match(/git status/g)).toHaveLength(1);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const loaded = await loadSettings({ home: join(root, 'nohome'), workroot: root, env: {}, trusted: true });
    expect(loaded.settings.allow.map((r) => r.value)).toEqual(['Read', 'Bash(git status:*)']);
    expect(loaded.settings.model?.value).toBe('x');
  });

  it('never rewrite a file that does not parse, a link, or a .claude folder that leads outside the work root', async () => {
    const root = work();
    const file = join(root, '.claude', 'settings.local.json');
    mkdirSync(join(root, '.claude'));
    writeFileSync(file, '{ "permissions": ');
    expect(await addProjectAllowRules(file, root, ['Read'])).toBe(
      `${file} does not parse as a JSON object; the rule was not written (fix the file first)`,
    );
    expect(readFileSync(file, 'utf8')).toBe('{ "permissions": ');

    const elsewhere = work();
    const target = join(elsewhere, 'settings.json');
    writeFileSync(target, '{}\n');
    rmSync(file);
    symlinkSync(target, file);
    expect(await addProjectAllowRules(file, root, ['Read'])).toBe(
      `${file} is a symbolic link; the rule was not written there`,
    );
    expect(readFileSync(target, 'utf8')).toBe('{}\n');

    rmSync(join(root, '.claude'), { recursive: true });
    symlinkSync(elsewhere, join(root, '.claude'));
    expect(await addProjectAllowRules(join(root, '.claude', 'settings.local.json'), root, ['Read'])).toBe(
      `${join(root, '.claude')} leads outside the work root (${elsewhere}); the rule was not written`,
    );
    expect(readFileSync(target, 'utf8')).toBe('{}\n');
  });
});
