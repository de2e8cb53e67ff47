import type { Grant } from '@coding-harness/approval';
import { describe, expect, it } from 'vitest';
import type { SessionStatus, SlashResult } from '@coding-harness/protocol';
import {
  findSlashCommand,
  runSlashCommand,
  SLASH_COMMANDS,
  SLASH_TABLE,
  slashCommandInfo,
  slashHelpSummary,
} from './commands.js';
import type { SlashCommandName, SlashDeps } from './commands.js';
import type { SessionControls } from './controls.js';
import { NO_SKILLS_MESSAGE } from './listings.js';
import { formatHelp, formatSlashResult } from './slash-format.js';
import { helpText } from './help.js';
import { routeSlash } from './slash.js';
import { createResultStore } from './result-store.js';

const status: SessionStatus = {
  sessionId: 's1',
  model: 'claude-sonnet-5-5',
  efforts: ['low', 'high'],
  maxTokens: 1000,
  mode: 'default',
  usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  costUsd: 0,
  requests: 0,
  context: { used: 0, window: 1000 },
  workroot: '/w',
  skills: 0,
  busy: false,
};

/** Slash deps over fixed data, recording what the commands asked the session to do. */
function deps(grants: { allowed: Grant[]; denied: Grant[] } = { allowed: [], denied: [] }) {
  const calls: string[] = [];
  const controls: SessionControls = {
    status: () => status,
    models: () => [{ id: 'claude-sonnet-5-5', current: true, contextWindow: 1000, efforts: ['low', 'high'] }],
    setModel: () => undefined,
    setEffort: () => undefined,
    mode: () => 'default',
    setMode: () => undefined,
    cycleMode: () => 'acceptEdits',
    rules: () => grants,
    addRule: () => undefined,
    removeRule: () => [],
    sessions: async () => [],
    reloadSkills: async () => ({ added: [], removed: [], changed: [], messages: [], note: '' }),
    agents: () => ({
      kind: 'agents',
      agents: [
        { name: 'general-purpose', source: 'built-in', description: 'Does anything.' },
        {
          name: 'reviewer',
          source: 'personal',
          description: 'Reviews\ndiffs.',
          file: '/h/.claude/agents/reviewer.md',
          tools: ['Read', 'Grep'],
          model: 'haiku',
        },
      ],
      messages: ['agent skipped: /h/.claude/agents/bad.md: the agent has no `description`'],
    }),
  };
  // One finished call, so `/expand` has a result to show.
  const results = createResultStore();
  results.take({
    type: 'tool_call_started',
    callId: 'c1',
    name: 'bash',
    kind: 'exec',
    input: {},
    summary: 'bash: ls',
    forced: false,
  });
  results.take({
    type: 'tool_call_finished',
    callId: 'c1',
    name: 'bash',
    isError: false,
    display: 'exit 0',
    content: [],
  });
  const d: SlashDeps = {
    controls,
    skills: () => [],
    skillsEnabled: true,
    clear: () => (calls.push('clear'), 's2'),
    resume: async (id) => void calls.push(`resume ${id}`),
    compact: async (focus) => (calls.push(`compact ${focus}`), { kind: 'compact', compacted: false }),
    results,
  };
  return { deps: d, calls };
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

  it('every command returns the data of its kind', async () => {
    const expected: Record<SlashCommandName, SlashResult['kind']> = {
      help: 'help',
      skills: 'skills',
      'reload-skills': 'reload',
      allowed: 'rules',
      sandbox: 'sandbox',
      permissions: 'rules',
      mode: 'mode',
      model: 'models',
      effort: 'effort',
      expand: 'result',
      compact: 'compact',
      cost: 'cost',
      status: 'status',
      resume: 'sessions',
      clear: 'cleared',
      // These deps keep no checkpoints: /rewind says so (rewind/*.test.ts covers the rest).
      rewind: 'error',
      mcp: 'mcp',
      agents: 'agents',
      hooks: 'hooks',
      exit: 'exit',
      memory: 'memory',
    };
    for (const name of SLASH_COMMANDS) expect((await runSlashCommand(name, deps().deps)).kind).toBe(expected[name]);
    const { deps: d, calls } = deps();
    const route = routeSlash('/quit', []);
    if (route.kind !== 'command') throw new Error('expected a command');
    expect(await runSlashCommand(route.name, d)).toEqual({ kind: 'exit' });
    await runSlashCommand('clear', d);
    await runSlashCommand('compact', d, 'the tests');
    await runSlashCommand('resume', d, 'abc');
    expect(calls).toEqual(['clear', 'compact the tests', 'resume abc']);
  });

  it('/agents lists each agent with its source, model and tools, its description under it, then the notes', async () => {
    expect(formatSlashResult(await runSlashCommand('agents', deps().deps))).toEqual([
      'general-purpose (built-in; all tools)',
      '  Does anything.',
      'reviewer (personal, model haiku; tools: Read, Grep) /h/.claude/agents/reviewer.md',
      '  Reviews diffs.',
      'agent skipped: /h/.claude/agents/bad.md: the agent has no `description`',
    ]);
  });

  it('/allowed prints the grants with scope and origin, then the deny rules', async () => {
    const { deps: d } = deps({
      allowed: [{ rule: 'Bash(npm test:*)', scope: 'session', origin: '--allowed-tools' }],
      denied: [{ rule: 'Bash(rm:*)', scope: 'session', origin: '--disallowed-tools' }],
    });
    expect(formatSlashResult(await runSlashCommand('allowed', d))).toEqual([
      'allow Bash(npm test:*)  (session, --allowed-tools)',
      'deny  Bash(rm:*)  (--disallowed-tools)',
      expect.stringMatching(/^\(command rules: also followed by harmless filters/),
    ]);
  });

  it('/help lines, the --help summary and --help itself are generated from the rows', () => {
    const lines = formatHelp({ kind: 'help', commands: slashCommandInfo(), skills: [], skillsEnabled: true });
    // Commands and their arguments fill a 30-column head (a longer one pushes its description over).
    expect(lines[0]).toBe('/help                          this list');
    expect(lines).toContain(
      '/model [id|sonnet|opus|haiku]  list the models (a terminal then asks which), or switch the model of the next request (an alias: the newest of that family)',
    );
    expect(lines).toContain(
      '/permissions [allow|deny|remove <rule>] the rules in force; allow, deny or remove a rule for this session (rules as --allowed-tools)',
    );
    expect(lines).toHaveLength(SLASH_TABLE.length + 2);
    expect(lines.at(-2)).toMatch(/^\/<skill> \[args\]/);
    expect(lines.at(-1)).toBe(NO_SKILLS_MESSAGE);
    expect(slashHelpSummary()).toBe(SLASH_TABLE.map((c) => `/${c.name}`).join(' '));
    expect(helpText()).toContain(`Interactive commands: ${slashHelpSummary()};`);
  });
});
