import { describe, expect, it } from 'vitest';
import { composeSystemPrompt, promptParts } from './prompt.js';

describe('composeSystemPrompt with texts given by the caller', () => {
  it('uses the given memory texts instead of reading folders, and puts the appended text last', async () => {
    const r = await composeSystemPrompt({
      workroot: '/nowhere',
      date: new Date(0),
      // Folders that do not exist: given texts mean nothing is read from them.
      instructionDirs: ['/nowhere'],
      skills: [],
      instructions: [
        { name: 'CLAUDE.md', path: '/home/me/.claude/CLAUDE.md', text: 'user memory\n' },
        { name: 'CLAUDE.local.md', path: '/repo/CLAUDE.local.md', text: 'local memory' },
        { name: 'AGENTS.md', path: '/repo/AGENTS.md', text: '   ' },
      ],
      appendSystemPrompt: 'APPENDED',
    });
    expect(r.notices).toEqual([]);
    expect(r.blocks.map((b) => b.text.split('\n')[0])).toEqual([
      'You are coding-harness, a coding agent working in a terminal with the user.',
      '# CLAUDE.md (/home/me/.claude/CLAUDE.md)',
      '# CLAUDE.local.md (/repo/CLAUDE.local.md)',
      'APPENDED',
    ]);
    // A stored prompt is compared part by part: CLAUDE.local.md is an instruction file too.
    expect(promptParts(r.blocks).map((p) => p.kind)).toEqual(['harness', 'instructions', 'instructions', 'other']);
  });
});
