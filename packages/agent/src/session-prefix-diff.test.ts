import { describe, expect, it } from 'vitest';
import type { SystemText, ToolSpec } from '@coding-harness/model';
import { defaultPrompt, skillsSection } from './prompt.js';
import type { SessionPrefix } from './session-records.js';
import { prefixChanges, skillNames } from './session-prefix-diff.js';

const tool = (name: string, extra: Record<string, unknown> = {}): ToolSpec => ({
  name,
  description: `${name} tool`,
  inputSchema: { type: 'object', properties: {}, ...extra },
});
const skillTool = (names: string[]): ToolSpec =>
  tool('skill', { properties: { name: { type: 'string', enum: names } } });
const instructions = (path: string, text: string): SystemText => ({ text: `# AGENTS.md (${path})\n\n${text}` });
const day1 = new Date('2026-12-01T10:00:00Z');
/** The skills plugin's tool is named `skill`; the agent is told so (`AgentOptions.skillTool`). */
const changesOf = (a: SessionPrefix, b: SessionPrefix): string[] => prefixChanges(a, b, 'skill');

function prefix(
  opts: { date?: Date; files?: [string, string][]; skills?: string[]; tools?: string[] } = {},
): SessionPrefix {
  const system: SystemText[] = [
    { text: defaultPrompt('/w', opts.date ?? day1) },
    ...(opts.files ?? []).map(([p, t]) => instructions(p, t)),
  ];
  const tools = (opts.tools ?? ['read_file', 'bash']).map((n) => tool(n));
  if (opts.skills) {
    const skills = opts.skills.map((name) => ({ name, description: `${name} work` })) as unknown as Parameters<
      typeof skillsSection
    >[0];
    system.push({ text: skillsSection(skills) });
    tools.push(skillTool(opts.skills));
  }
  return { system, tools };
}

describe('prefixChanges', () => {
  it('is empty when nothing changed', () => {
    expect(
      changesOf(
        prefix({ files: [['/w/AGENTS.md', 'a']], skills: ['x'] }),
        prefix({ files: [['/w/AGENTS.md', 'a']], skills: ['x'] }),
      ),
    ).toEqual([]);
  });

  it('says a new day in one line', () => {
    expect(changesOf(prefix(), prefix({ date: new Date('2026-12-03T01:00:00Z') }))).toEqual([
      "Today's date is now 2026-12-03 (the system prompt still shows 2026-12-01 the session started on).",
    ]);
  });

  it('gives an edited instruction file in full, and says which were removed or added', () => {
    const changes = changesOf(
      prefix({
        files: [
          ['/w/AGENTS.md', 'old rule'],
          ['/gone/AGENTS.md', 'x'],
        ],
      }),
      prefix({
        files: [
          ['/w/AGENTS.md', 'new rule'],
          ['/new/AGENTS.md', 'fresh'],
        ],
      }),
    );
    expect(changes).toHaveLength(3);
    expect(changes[0]).toMatch(/^\/w\/AGENTS.md has changed .*\n\n# AGENTS.md \(\/w\/AGENTS.md\)\n\nnew rule$/s);
    expect(changes[1]).toContain('/gone/AGENTS.md has been removed or emptied');
    expect(changes[2]).toContain('/new/AGENTS.md was added');
    expect(changes[2]).toContain('fresh');
  });

  it('names skills added and removed and gives the current listing; no skills left says so', () => {
    const [added] = changesOf(prefix({ skills: ['a', 'b'] }), prefix({ skills: ['b', 'c'] }));
    expect(added).toContain('(added: c; removed: a)');
    expect(added).toContain('- c: c work');
    expect(changesOf(prefix({ skills: ['a'] }), prefix())).toEqual([
      expect.stringContaining('No skills are available now') as string,
    ]);
  });

  it('names tools that came, went or changed (the skill tool is left to the skills paragraph)', () => {
    const changes = changesOf(prefix({ tools: ['read_file', 'bash'] }), {
      ...prefix({ tools: ['read_file', 'grep'] }),
      tools: [tool('read_file', { required: ['path'] }), tool('grep')],
    });
    expect(changes).toEqual([
      expect.stringContaining('no longer available, and calls to them will fail: bash') as string,
      expect.stringContaining('cannot be called in it: grep') as string,
      expect.stringContaining(
        'definitions of these tools changed since this session started; their results follow the current version: read_file',
      ) as string,
    ]);
  });

  it('reads the skill names from the skill tool enum', () => {
    expect(skillNames([tool('bash'), skillTool(['a', 'b'])], 'skill')).toEqual(['a', 'b']);
    expect(skillNames([tool('bash')], 'skill')).toEqual([]);
  });
});
