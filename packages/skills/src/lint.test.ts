import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFifos } from './fifo.test-helper.js';
import { lint } from './lint.js';
import { fixSkillName } from './lint-fix.js';
import { put, useTempDirs, writeBasic, writeSkill } from './temp-tree.test-helper.js';
import { CLAUDE_CODE_FIELDS } from './fields-claude.js';

const temp = useTempDirs();
const fifo = useFifos();

describe('lint', () => {
  it('finds nothing in a clean folder of skills', async () => {
    const root = temp('skills-lint-');
    writeBasic(root, 'clean-a');
    writeBasic(root, 'clean-b');
    expect(await lint([root])).toEqual([]);
  });

  it('reports problems and notes for a folder of skills, a skill folder and a SKILL.md path', async () => {
    const root = temp('skills-lint-');
    writeSkill(root, 'bad_name', 'name: bad_name\ndescription: d');
    const colon = writeSkill(root, 'colon', 'name: colon\ndescription: Use when: x\nversion: 3');
    const empty = writeSkill(root, 'empty-body', 'name: empty-body\ndescription: d', '');
    const findings = await lint([root, colon, path.join(empty, 'SKILL.md')]);
    const summary = findings.map((f) => [path.basename(path.dirname(f.path)), f.severity, f.message.slice(0, 24)]);
    expect(summary).toEqual([
      ['bad_name', 'problem', 'the folder name "bad_nam'],
      ['colon', 'problem', 'line 3: a plain value ho'],
      ['colon', 'note', '`version` (a Claude Code'],
      ['empty-body', 'note', 'the body is empty: add t'],
      ['colon', 'problem', 'line 3: a plain value ho'],
      ['colon', 'note', '`version` (a Claude Code'],
      ['empty-body', 'note', 'the body is empty: add t'],
    ]);
  });

  it('reports a missing path and a folder with no skills', async () => {
    const base = temp('skills-lint-');
    fs.mkdirSync(path.join(base, 'nothing'));
    put(path.join(base, 'file.txt'), 'x');
    const findings = await lint([path.join(base, 'absent'), path.join(base, 'nothing'), path.join(base, 'file.txt')]);
    expect(findings.map((f) => [path.basename(f.path), f.severity])).toEqual([
      ['absent', 'problem'],
      ['nothing', 'note'],
      ['file.txt', 'problem'],
    ]);
  });

  it('names each Claude Code field with what the harness does, and an unknown key as refused', async () => {
    const root = temp('skills-lint-');
    const dir = writeSkill(
      root,
      'cc',
      'name: cc\ndescription: d\nwhen_to_use: on deploys\nmodel: haiku\nhooks:\n  Stop: []\nowner: me\nteam: x',
    );
    const file = path.join(dir, 'SKILL.md');
    const findings = await lint([root]);
    expect(findings).toEqual([
      {
        path: file,
        severity: 'note',
        message: `\`when_to_use\` (a Claude Code field, not in the Agent Skills specification): honoured: ${CLAUDE_CODE_FIELDS.when_to_use?.what}`,
      },
      {
        path: file,
        severity: 'note',
        message: `\`model\` (a Claude Code field, not in the Agent Skills specification): honoured: ${CLAUDE_CODE_FIELDS.model?.what}`,
      },
      {
        path: file,
        severity: 'note',
        message: `\`hooks\` (a Claude Code field, not in the Agent Skills specification): honoured: ${CLAUDE_CODE_FIELDS.hooks?.what}`,
      },
      {
        path: file,
        severity: 'note',
        message:
          '`owner`, `team`: neither the Agent Skills specification nor Claude Code defines these keys, and the reference validator and claude.ai refuse them (the harness keeps them unused); put custom data under `metadata`',
      },
    ]);
    const strict = await lint([root], { strict: true });
    expect(strict.filter((f) => f.severity === 'problem').map((f) => f.message.slice(0, 15))).toEqual([
      '`owner`, `team`',
    ]);
  });

  it('--strict fails on non-string metadata values and a description that is not a string; plain lint notes them', async () => {
    const root = temp('skills-lint-');
    writeSkill(root, 'meta', 'name: meta\ndescription: 42\nmetadata:\n  version: 1.2\n  owner: me');
    const loose = await lint([root]);
    expect(loose.map((f) => f.severity)).toEqual(['note', 'note']);
    const strict = await lint([root], { strict: true });
    expect(strict.map((f) => [f.severity, f.message.slice(0, 40)])).toEqual([
      ['problem', '`description` is the number 42, not a st'],
      ['problem', '`metadata` values must be strings (the r'],
    ]);
    expect(strict[1]?.message).toContain('quote `version` (the number 1.2)');
  });

  describe('--fix', () => {
    it('rewrites only the mismatched name line, keeping every other byte (BOM, CRLF, comments, body)', async () => {
      const root = temp('skills-lint-');
      const file = path.join(root, 'deploy', 'SKILL.md');
      const before =
        '\uFEFF---\r\n# the tool\r\nname: Deploy Tool   # old\r\ndescription: Ship it\r\nmetadata:\r\n  name: inner\r\n---\r\nBody name: x\r\n';
      put(file, before);
      const findings = await lint([root], { fix: true });
      expect(findings).toEqual([
        {
          path: file,
          severity: 'fixed',
          message: 'rewrote `name: Deploy Tool   # old` to `name: deploy` (the folder name)',
        },
      ]);
      expect(fs.readFileSync(file, 'utf8')).toBe(before.replace('name: Deploy Tool   # old', 'name: deploy'));
    });

    it('leaves a name it cannot rewrite on one line alone (a block scalar), and says why', async () => {
      const root = temp('skills-lint-');
      const file = path.join(root, 'deploy', 'SKILL.md');
      const before = '---\nname: >\n  Deploy\ndescription: d\n---\nbody\n';
      put(file, before);
      const findings = await lint([root], { fix: true });
      expect(findings.map((f) => [f.severity, f.message.slice(0, 60)])).toEqual([
        ['note', '--fix: has no one-line top-level `name:` in its frontmatter '],
        ['problem', '`name` is "Deploy" but the folder is "deploy": the folder na'],
      ]);
      expect(fs.readFileSync(file, 'utf8')).toBe(before);
    });

    it('fixes the file a linked SKILL.md points at (the link stays); never waits on, writes or replaces a FIFO or /dev/null', () => {
      const root = temp('skills-lint-');
      const real = path.join(root, 'shared', 'deploy.md');
      put(real, '---\nname: Deploy\ndescription: d\n---\n');
      const linked = path.join(root, 'deploy', 'SKILL.md');
      fs.mkdirSync(path.dirname(linked));
      fs.symlinkSync(real, linked);
      expect(fixSkillName(linked)).toMatchObject({ fixed: true, path: linked });
      expect(fs.lstatSync(linked).isSymbolicLink()).toBe(true);
      expect(fs.readFileSync(real, 'utf8')).toBe('---\nname: deploy\ndescription: d\n---\n');

      const before = fs.statSync('/dev/null');
      const nul = path.join(root, 'nul', 'SKILL.md');
      fs.mkdirSync(path.dirname(nul));
      fs.symlinkSync('/dev/null', nul);
      expect(fixSkillName(nul)).toMatchObject({ fixed: false, message: expect.stringMatching(/not a regular file/) });
      const piped = path.join(root, 'piped', 'SKILL.md');
      fs.mkdirSync(path.dirname(piped));
      fifo(piped);
      expect(fixSkillName(piped)).toMatchObject({ fixed: false, message: expect.stringMatching(/FIFO/) });
      expect(fifo.rescued()).toEqual([]);
      const after = fs.statSync('/dev/null');
      expect(after.isCharacterDevice()).toBe(true);
      expect([after.rdev, after.mode]).toEqual([before.rdev, before.mode]);
    });

    it('without --fix changes nothing', async () => {
      const root = temp('skills-lint-');
      const file = path.join(root, 'deploy', 'SKILL.md');
      put(file, '---\nname: Deploy\ndescription: d\n---\n');
      const findings = await lint([root]);
      expect(findings.map((f) => f.severity)).toEqual(['problem']);
      expect(fs.readFileSync(file, 'utf8')).toBe('---\nname: Deploy\ndescription: d\n---\n');
    });
  });
});
