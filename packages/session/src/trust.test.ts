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
import type { Skill } from '@coding-harness/skills';
import { afterEach, describe, expect, it } from 'vitest';
import { applyProjectTrust } from './project-trust.js';
import type { TrustQuestion } from './project-trust.js';
import { readTrust, recordTrust, repositoryKey, trustDecision, trustFile } from './trust.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function temp(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'harness-trust-')));
  dirs.push(d);
  return d;
}

function skill(name: string, source: Skill['source'], allowedTools: string[]): Skill {
  return {
    name,
    description: `${name} skill`,
    dir: `/x/${name}`,
    file: `/x/${name}/SKILL.md`,
    source,
    root: '/x',
    allowedTools,
    userInvocable: true,
    disableModelInvocation: false,
    extra: {},
  };
}
const SKILLS = [
  skill('deploy', 'project', ['bash(git push:*)']),
  skill('notes', 'project', []),
  skill('mine', 'personal', ['bash(ls:*)']),
  skill('extra', 'explicit', ['edit_file']),
];

describe('the trust file', () => {
  it('lives in the XDG config dir, else ~/.config', () => {
    expect(trustFile({ XDG_CONFIG_HOME: '/cfg' }, '/home/u')).toBe('/cfg/coding-harness/trust.json');
    expect(trustFile({}, '/home/u')).toBe('/home/u/.config/coding-harness/trust.json');
  });

  it('is keyed by the git top-level (symlinks resolved), else the work root', () => {
    const root = temp();
    mkdirSync(join(root, 'repo', '.git'), { recursive: true });
    mkdirSync(join(root, 'repo', 'src', 'deep'), { recursive: true });
    symlinkSync(join(root, 'repo'), join(root, 'link'));
    expect(repositoryKey(join(root, 'repo', 'src', 'deep'))).toBe(join(root, 'repo'));
    expect(repositoryKey(join(root, 'link', 'src'))).toBe(join(root, 'repo'));
    mkdirSync(join(root, 'plain'));
    expect(repositoryKey(join(root, 'plain'))).toBe(join(root, 'plain'));
  });

  it('a repository nested in a trusted one is its own decision; a .git above home is no repository', () => {
    const root = temp();
    mkdirSync(join(root, 'repo', '.git'), { recursive: true });
    mkdirSync(join(root, 'repo', 'vendor', 'lib', '.git'), { recursive: true });
    const file = join(root, 'trust.json');
    expect(recordTrust(file, repositoryKey(join(root, 'repo')), 'trusted')).toBeUndefined();
    const nested = repositoryKey(join(root, 'repo', 'vendor', 'lib'));
    expect(nested).toBe(join(root, 'repo', 'vendor', 'lib'));
    expect(trustDecision(file, nested).decision).toBeUndefined();
    mkdirSync(join(root, 'home', 'me', 'work'), { recursive: true });
    mkdirSync(join(root, 'home', '.git'));
    expect(repositoryKey(join(root, 'home', 'me', 'work'), join(root, 'home', 'me'))).toBe(
      join(root, 'home', 'me', 'work'),
    );
  });

  it('records decisions with mode 0600, keeps the others, and reads them back', () => {
    const file = join(temp(), 'cfg', 'coding-harness', 'trust.json');
    expect(recordTrust(file, '/repo/a', 'trusted', new Date('2026-12-01T00:00:00Z'))).toBeUndefined();
    expect(recordTrust(file, '/repo/b', 'never')).toBeUndefined();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readTrust(file)).toEqual({
      ok: true,
      entries: {
        '/repo/a': { decision: 'trusted', at: '2026-12-01T00:00:00.000Z' },
        '/repo/b': { decision: 'never', at: expect.any(String) },
      },
    });
    expect(trustDecision(file, '/repo/b')).toEqual({ decision: 'never' });
    expect(trustDecision(file, '/repo/c')).toEqual({});
  });

  it('a malformed file is a problem naming it, trusts nothing, and is not overwritten', () => {
    const file = join(temp(), 'trust.json');
    writeFileSync(file, '{"repositories": {"/repo/a": {"decision": "trusted"');
    expect(trustDecision(file, '/repo/a')).toEqual({ problem: expect.stringContaining(file) });
    expect(recordTrust(file, '/repo/a', 'trusted')).toContain(file);
    expect(readFileSync(file, 'utf8')).toBe('{"repositories": {"/repo/a": {"decision": "trusted"');
    writeFileSync(
      file,
      '{"repositories": {"/repo/a": {"decision": "yes please", "at": "x"}, "__proto__": {"decision": "trusted", "at": "x"}}}',
    );
    expect(trustDecision(file, '/repo/a')).toEqual({});
  });
});

describe('applyProjectTrust', () => {
  it('untrusted with no question (-p): project skills lose allowed-tools, the others keep theirs, one message names --trust', async () => {
    const file = join(temp(), 'trust.json');
    const res = await applyProjectTrust({ skills: SKILLS, repo: '/repo', file, trustFlag: false });
    expect(res.trusted).toBe(false);
    expect(res.skills.map((s) => [s.name, s.allowedTools])).toEqual([
      ['deploy', []],
      ['notes', []],
      ['mine', ['bash(ls:*)']],
      ['extra', ['edit_file']],
    ]);
    expect(res.messages).toHaveLength(1);
    expect(res.messages[0]).toContain('/deploy');
    expect(res.messages[0]).toContain('--trust');
  });

  it('--trust records trust and keeps every grant; a later run finds it', async () => {
    const file = join(temp(), 'trust.json');
    const first = await applyProjectTrust({ skills: SKILLS, repo: '/repo', file, trustFlag: true });
    expect(first).toMatchObject({ trusted: true, messages: [] });
    expect(first.skills).toBe(SKILLS);
    const later = await applyProjectTrust({
      skills: SKILLS,
      repo: '/repo',
      file,
      trustFlag: false,
      ask: () => Promise.reject(new Error('must not ask')),
    });
    expect(later.trusted).toBe(true);
  });

  it('asks once when undecided; "never" and "trust" are recorded, "not now" is not', async () => {
    const file = join(temp(), 'trust.json');
    const questions: TrustQuestion[] = [];
    const askWith = (answer: 'trust' | 'not-now' | 'never') => (q: TrustQuestion) => {
      questions.push(q);
      return Promise.resolve(answer);
    };
    const notNow = await applyProjectTrust({
      skills: SKILLS,
      repo: '/r1',
      file,
      trustFlag: false,
      ask: askWith('not-now'),
    });
    expect(notNow.trusted).toBe(false);
    expect(questions[0]).toEqual({ repo: '/r1', skills: [{ name: 'deploy', allowedTools: ['bash(git push:*)'] }] });
    expect(trustDecision(file, '/r1')).toEqual({});
    await applyProjectTrust({ skills: SKILLS, repo: '/r2', file, trustFlag: false, ask: askWith('never') });
    expect(trustDecision(file, '/r2')).toEqual({ decision: 'never' });
    const again = await applyProjectTrust({
      skills: SKILLS,
      repo: '/r2',
      file,
      trustFlag: false,
      ask: askWith('trust'),
    });
    expect(again.trusted).toBe(false);
    expect(questions).toHaveLength(2);
    const yes = await applyProjectTrust({ skills: SKILLS, repo: '/r3', file, trustFlag: false, ask: askWith('trust') });
    expect(yes.trusted).toBe(true);
    expect(trustDecision(file, '/r3')).toEqual({ decision: 'trusted' });
  });

  it('no question and no message when no project skill has allowed-tools', async () => {
    const file = join(temp(), 'trust.json');
    const res = await applyProjectTrust({
      skills: [SKILLS[1]!, SKILLS[2]!],
      repo: '/repo',
      file,
      trustFlag: false,
      ask: () => Promise.reject(new Error('must not ask')),
    });
    expect(res).toMatchObject({ trusted: false, messages: [] });
  });
});
