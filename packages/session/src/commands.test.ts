import type { Grant } from '@coding-harness/approval';
import type { Skill } from '@coding-harness/skills';
import { describe, expect, it } from 'vitest';
import {
  findSlashCommand,
  runSlashCommand,
  SLASH_COMMANDS,
  SLASH_TABLE,
  slashHelpLines,
  slashHelpSummary,
} from './commands.js';
import type { SlashCommandName, SlashContext } from './commands.js';
import { helpText } from './help.js';
import { routeSlash } from './slash.js';

/** A context that records what each command asked of the front end. */
function recorder(grants: { allowed: Grant[]; denied: Grant[] } = { allowed: [], denied: [] }) {
  const calls: string[] = [];
  const printed: string[][] = [];
  const ctx: SlashContext = {
    skills: [] as Skill[],
    skillsEnabled: true,
    print: (lines) => void printed.push([...lines]),
    showHelp: (lines) => void (calls.push('showHelp'), printed.push([...lines])),
    showSkills: () => void calls.push('showSkills'),
    grants: () => (calls.push('grants'), grants),
    clear: () => void calls.push('clear'),
    quit: () => void calls.push('quit'),
  };
  return { ctx, calls, printed };
}

describe('the slash-command table', () => {
  it('names every command once, aliases included, and each word routes to its command', () => {
    const words = SLASH_TABLE.flatMap((c) => [c.name, ...c.aliases]);
    expect(new Set(words).size).toBe(words.length);
    for (const c of SLASH_TABLE) {
      for (const word of [c.name, ...c.aliases]) {
        expect(findSlashCommand(word)?.name).toBe(c.name);
        expect(routeSlash(`/${word} x`, [])).toEqual({ kind: 'command', name: c.name, args: 'x' });
      }
    }
  });

  it('every command does something through the context when run (no row is a silent no-op)', async () => {
    for (const name of SLASH_COMMANDS) {
      const r = recorder();
      await runSlashCommand(name, r.ctx);
      expect(r.calls.length + r.printed.length, `/${name} did nothing`).toBeGreaterThan(0);
    }
  });

  it('dispatches to the handler of the row: help, skills, allowed, clear, exit (and /quit)', async () => {
    const expected: Partial<Record<SlashCommandName, string>> = {
      help: 'showHelp',
      skills: 'showSkills',
      allowed: 'grants',
      clear: 'clear',
      exit: 'quit',
    };
    for (const name of SLASH_COMMANDS) {
      const r = recorder();
      await runSlashCommand(name, r.ctx);
      const call = expected[name];
      // The session commands need the session's controls; without them they say so and do nothing else.
      if (call === undefined)
        expect(r.printed).toEqual([[`/${name} needs a live session (not available in this front end)`]]);
      else expect(r.calls).toEqual([call]);
    }
    const r = recorder();
    const route = routeSlash('/quit', []);
    if (route.kind !== 'command') throw new Error('expected a command');
    await runSlashCommand(route.name, r.ctx);
    expect(r.calls).toEqual(['quit']);
  });

  it('/allowed prints the grants with scope and origin, then the deny rules', async () => {
    const r = recorder({
      allowed: [{ rule: 'Bash(npm test:*)', scope: 'session', origin: '--allowed-tools' }],
      denied: [{ rule: 'Bash(rm:*)', scope: 'session', origin: '--disallowed-tools' }],
    });
    await runSlashCommand('allowed', r.ctx);
    expect(r.printed).toEqual([
      ['allow Bash(npm test:*)  (session, --allowed-tools)', 'deny  Bash(rm:*)  (--disallowed-tools)'],
    ]);
  });

  it('/help lines, the --help summary and --help itself are generated from the rows', () => {
    const lines = slashHelpLines();
    const heads = SLASH_TABLE.map((c) => `/${c.name}${c.args ? ` ${c.args}` : ''}`);
    const width = Math.min(30, Math.max(...heads.map((h) => h.length)));
    SLASH_TABLE.forEach((c, i) => expect(lines).toContainEqual(`${heads[i]!.padEnd(width)} ${c.description}`));
    expect(lines.at(-1)).toMatch(/^\/<skill> \[args\]/);
    expect(slashHelpSummary()).toBe(SLASH_TABLE.map((c) => `/${c.name}`).join(' '));
    expect(helpText()).toContain(`Interactive commands: ${slashHelpSummary()};`);
  });
});
