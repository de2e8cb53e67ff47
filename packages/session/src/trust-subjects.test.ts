import { describe, expect, it } from 'vitest';
import { trustSubjectLines } from './trust-subjects.js';

describe('trustSubjectLines', () => {
  it('names the repository above its skills and their rules', () => {
    expect(
      trustSubjectLines({ repo: '/w/repo', skills: [{ name: 'deploy', allowedTools: ['Bash(echo:*)', 'Read'] }] }),
    ).toEqual([
      { heading: true, text: "This repository's skills would pre-approve tool calls: /w/repo" },
      { heading: false, text: '  /deploy: Bash(echo:*), Read' },
    ]);
  });

  it('names the settings files and the keys each would apply, with no skill heading when there are no skills', () => {
    expect(
      trustSubjectLines({
        repo: '/w/repo',
        skills: [],
        settings: [{ file: '.claude/settings.json', keys: ['permissions.allow', 'hooks'] }],
      }),
    ).toEqual([
      { heading: true, text: "This repository's settings files would apply (allow rules, hooks, env...): /w/repo" },
      { heading: false, text: '  .claude/settings.json: permissions.allow, hooks' },
    ]);
  });

  it('shows control characters and line breaks from the repository as visible escapes', () => {
    const lines = trustSubjectLines({
      repo: '/w/\x1b[2Jrepo',
      skills: [{ name: 'de\x1bploy', allowedTools: ['Bash(a\nb)'] }],
      settings: [{ file: 'x\ry.json', keys: ['k\x07'] }],
    });
    expect(lines.map((l) => l.text)).toEqual([
      "This repository's skills would pre-approve tool calls: /w/\\x1b[2Jrepo",
      '  /de\\x1bploy: Bash(a\\nb)',
      "This repository's settings files would apply (allow rules, hooks, env...): /w/\\x1b[2Jrepo",
      '  x\\ry.json: k\\x07',
    ]);
  });
});
