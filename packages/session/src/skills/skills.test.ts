import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { formatListing } from '@coding-harness/skills';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '@coding-harness/model';
import { resultText } from '@coding-harness/model';
import { SKILLS_INTRO } from '@coding-harness/agent';
import {
  body,
  cleanup,
  ofType,
  setup,
  tempDir,
  transcriptProblems,
  turn,
  turnEnd,
  writeSkill,
} from './testing/kit.test.util.js';

afterEach(cleanup);

const withSkills = async (root: string): Promise<void> => {
  await writeSkill(
    root,
    'release-notes',
    'Write release notes from the git changelog.',
    'Group the changes of $ARGUMENTS by type.',
  );
  await writeSkill(root, 'deploy', 'Deploy the service to production.', 'Run the deploy script.', [
    'disable-model-invocation: true',
    'allowed-tools: Bash(printf:*)',
  ]);
};

const systemText = (server: Awaited<ReturnType<typeof setup>>['server'], i: number): string =>
  (body(server, i).system as { text: string }[]).map((b) => b.text).join('\n\n');

describe('the system prompt', () => {
  it('holds the default text with work root and date, then AGENTS.md and CLAUDE.md of the config dir and the work root under headings', async () => {
    const configDir = await tempDir('agent-config-');
    const workroot = await tempDir('agent-root-');
    await writeFile(join(configDir, 'AGENTS.md'), 'Always answer in English.\n');
    await writeFile(join(workroot, 'AGENTS.md'), 'Run pnpm test before committing.\n');
    await writeFile(join(workroot, 'CLAUDE.md'), 'Prefer small commits.\n');
    const { agent, server } = await setup(new ScriptBuilder().text('ok').build(), { workroot, agent: { configDir } });
    await turn(agent, 'hi');
    const text = systemText(server, 0);
    expect(text).toBe(agent.systemPrompt);
    expect(text).toContain(`Work root: ${workroot}`);
    expect(text).toContain('2025-06-01');
    const order = [
      `# AGENTS.md (${join(configDir, 'AGENTS.md')})`,
      'Always answer in English.',
      `# AGENTS.md (${join(workroot, 'AGENTS.md')})`,
      'Run pnpm test',
      `# CLAUDE.md (${join(workroot, 'CLAUDE.md')})`,
      'Prefer small commits.',
    ];
    const positions = order.map((s) => text.indexOf(s));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).not.toContain('skill');
  });

  it('appends the skills paragraph and listing once, when skills exist', async () => {
    const { agent, server, skills } = await setup(new ScriptBuilder().text('ok').build(), { skills: withSkills });
    await turn(agent, 'hi');
    const system = body(server, 0).system as { text: string; cache_control?: unknown }[];
    expect(system.at(-1)!.text).toBe(`${SKILLS_INTRO}\n\nAvailable skills:\n${formatListing(skills)}`);
    expect(system.at(-1)!.cache_control).toEqual({ type: 'ephemeral' });
    expect((body(server, 0).tools as { name: string }[]).map((t) => t.name)).toContain('skill');
  });

  it('with no skills: no skill tool and a system prompt byte-identical to a run without the feature', async () => {
    const workroot = await tempDir('agent-root-');
    const a = await setup(new ScriptBuilder().text('ok').build(), { workroot });
    const b = await setup(new ScriptBuilder().text('ok').build(), { workroot, agent: { skills: undefined } });
    await turn(a.agent, 'hi');
    await turn(b.agent, 'hi');
    expect(JSON.stringify(body(a.server, 0).system)).toBe(JSON.stringify(body(b.server, 0).system));
    expect(JSON.stringify(body(a.server, 0).tools)).toBe(JSON.stringify(body(b.server, 0).tools));
    expect((body(a.server, 0).tools as { name: string }[]).map((t) => t.name)).not.toContain('skill');
    expect(a.agent.systemPrompt).not.toContain('Available skills');
  });

  it('sends the same system prompt and tools bytes in every request of a session', async () => {
    const script = new ScriptBuilder()
      .toolUse('glob', { pattern: '*' })
      .toolUse('skill', { name: 'release-notes' })
      .text('one')
      .text('two')
      .build();
    const { agent, server } = await setup(script, { skills: withSkills });
    await turn(agent, 'first');
    await turn(agent, '/release-notes v2');
    await turn(agent, 'third');
    const requests = server.messageRequests();
    expect(requests.length).toBeGreaterThanOrEqual(5);
    const first = JSON.stringify([body(server, 0).system, body(server, 0).tools]);
    for (let i = 1; i < requests.length; i++)
      expect(JSON.stringify([body(server, i).system, body(server, i).tools])).toBe(first);
  });
});

describe('forced skills: /slug args', () => {
  it('records the text, makes the skill call itself before the first request, then the turn goes on', async () => {
    const { agent, server } = await setup(new ScriptBuilder().text('Here are the notes.').build(), {
      skills: withSkills,
    });
    const events = await turn(agent, '/release-notes v1.2.0');
    expect(server.messageRequests()).toHaveLength(1);
    const sent = body(server, 0).messages;
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatchObject({ role: 'user', content: [{ type: 'text', text: '/release-notes v1.2.0' }] });
    expect(sent[1]!.content[0]).toMatchObject({
      type: 'tool_use',
      name: 'skill',
      input: { name: 'release-notes', args: 'v1.2.0' },
    });
    expect(String(sent[1]!.content[0]!.id)).toMatch(/^toolu_/);
    const result = sent[2]!.content[0] as { type: string; content: string };
    expect(result.type).toBe('tool_result');
    expect(result.content).toContain('Group the changes of v1.2.0 by type.');
    expect(ofType(events, 'tool_call_started')[0]).toMatchObject({ name: 'skill', forced: true });
    expect(turnEnd(events).stopReason).toBe('end_turn');
    expect(transcriptProblems(agent.messages())).toEqual([]);
  });

  it('a model-invoked and a user-forced skill produce the same tool_use/tool_result pair', async () => {
    const model = await setup(
      new ScriptBuilder().toolUse('skill', { name: 'release-notes', args: 'v1.2.0' }).text('done').build(),
      { skills: withSkills },
    );
    await turn(model.agent, 'v1.2.0 is out');
    const forced = await setup(new ScriptBuilder().text('done').build(), {
      skills: withSkills,
      agent: { autoSkills: false },
    });
    await turn(forced.agent, '/release-notes v1.2.0');
    const pair = (messages: readonly Message[]): unknown => {
      const i = messages.findIndex((m) => m.role === 'assistant' && m.content.some((b) => b.type === 'tool_call'));
      const use = messages[i]!.content.find((b) => b.type === 'tool_call');
      const result = messages[i + 1]!.content[0];
      if (use?.type !== 'tool_call' || result?.type !== 'tool_result') throw new Error('no skill call and result');
      expect(result.callId).toBe(use.id);
      return [
        { ...use, id: 'ID' },
        {
          ...result,
          callId: 'ID',
          content: resultText(result.content).replaceAll(model.home, 'HOME').replaceAll(forced.home, 'HOME'),
        },
      ];
    };
    const fromModel = pair(model.agent.messages());
    expect(fromModel).toEqual(pair(forced.agent.messages()));
  });

  it('forces a manual-only skill, and its allowed-tools are granted for that turn only', async () => {
    const script = new ScriptBuilder()
      .toolUse('bash', { command: 'printf deployed' })
      .text('deployed')
      .toolUse('bash', { command: 'printf again' })
      .text('done')
      .build();
    const { agent, ask } = await setup(script, { skills: withSkills });
    const first = await turn(agent, '/deploy');
    const finished = ofType(first, 'tool_call_finished');
    expect(finished[0]).toMatchObject({ name: 'skill', isError: false });
    expect(finished[1]).toMatchObject({ name: 'bash', isError: false });
    expect(resultText(finished[1]!.content)).toContain('deployed');
    expect(ask.questions).toHaveLength(0);
    await turn(agent, 'run it again');
    expect(ask.questions.map((q) => q.tool)).toEqual(['bash']);
  });

  it('treats /unknown as plain text', async () => {
    const { agent, server } = await setup(new ScriptBuilder().text('?').build(), { skills: withSkills });
    await turn(agent, '/nosuch thing');
    expect(body(server, 0).messages).toHaveLength(1);
  });
});

describe('auto-matched skills', () => {
  it('a matching turn loads the skill before the first request, with a notice naming the words', async () => {
    const { agent, server } = await setup(new ScriptBuilder().text('ok').build(), { skills: withSkills });
    const events = await turn(agent, 'Please write release notes from the changelog');
    expect(ofType(events, 'notice')[0]!.message).toBe(
      'auto-loaded skill "release-notes" (matched: release, notes, write, changelog)',
    );
    const sent = body(server, 0).messages;
    expect(sent[1]!.content[0]).toMatchObject({ type: 'tool_use', name: 'skill', input: { name: 'release-notes' } });
    expect(sent[2]!.content[0]).toMatchObject({ type: 'tool_result' });
  });

  it('two hits do not load anything', async () => {
    const { agent, server } = await setup(new ScriptBuilder().text('ok').build(), { skills: withSkills });
    const events = await turn(agent, 'show the release notes');
    expect(ofType(events, 'notice')).toEqual([]);
    expect(body(server, 0).messages).toHaveLength(1);
  });

  it('a disable-model-invocation skill never auto-loads', async () => {
    const { agent, server } = await setup(new ScriptBuilder().text('ok').build(), { skills: withSkills });
    await turn(agent, 'deploy the service to production now');
    expect(body(server, 0).messages).toHaveLength(1);
  });

  it('is off with autoSkills: false', async () => {
    const { agent, server } = await setup(new ScriptBuilder().text('ok').build(), {
      skills: withSkills,
      agent: { autoSkills: false },
    });
    await turn(agent, 'Please write release notes from the changelog');
    expect(body(server, 0).messages).toHaveLength(1);
  });

  it('reads the skill body fresh at each load', async () => {
    const { agent, server, skills } = await setup(new ScriptBuilder().text('ok').text('ok').build(), {
      skills: withSkills,
    });
    await turn(agent, '/release-notes a');
    const file = skills.find((s) => s.name === 'release-notes')!.file;
    await writeFile(file, (await readFile(file, 'utf8')).replace('Group the changes', 'Sort the changes'));
    await turn(agent, '/release-notes b');
    expect(JSON.stringify(body(server, 1).messages.at(-1))).toContain('Sort the changes of b');
  });
});
