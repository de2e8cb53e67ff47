/**
 * The agent tool in a real agent loop against the mock server (through the real SDK): each call
 * runs a thread with the agent's system prompt, tools and model; several calls in one reply run
 * in parallel; the agent's final text is the call's result.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import type { RecordedRequest } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import type { Skill } from '@coding-harness/skills';
import { createSkillsPlugin } from '../skills/plugin.js';
import { cleanup, ofType, setup, tempDir, transcriptProblems, turn } from '../skills/testing/kit.test.util.js';
import type { AgentDefinition } from './agent-file.js';
import { MAX_PARALLEL_AGENTS } from './agent-tool.js';
import { createAgentsPlugin } from './agents-plugin.js';
import { GENERAL_PURPOSE } from './builtin.js';

afterEach(cleanup);

const reviewer: AgentDefinition = {
  name: 'reviewer',
  description: 'Reviews diffs.',
  tools: ['Read', 'Grep', 'WebFetch'],
  model: 'haiku',
  prompt: 'You are REVIEWER-PROMPT. Report problems only.',
  source: 'personal',
  file: '/h/.claude/agents/reviewer.md',
  extra: {},
};

interface Body {
  model: string;
  system?: { text: string }[];
  tools?: { name: string }[];
  messages: { role: string; content: unknown }[];
}
const body = (r: RecordedRequest | undefined): Body => r?.body as Body;
const systemOf = (r: RecordedRequest | undefined): string => (body(r).system ?? []).map((b) => b.text).join('\n');
const toolsOf = (r: RecordedRequest | undefined): string[] => (body(r).tools ?? []).map((t) => t.name);

async function withAgents(script: ReturnType<ScriptBuilder['build']>, agents: AgentDefinition[]) {
  const plugin = createAgentsPlugin({ agents: [GENERAL_PURPOSE, ...agents], workroot: '/w', skillToolName: 'skill' });
  const s = await setup(script, { registry: { tools: [plugin.tool] }, agent: { hooks: [plugin.hooks] } });
  return { ...s, agentsPlugin: plugin };
}

describe('the agent tool', () => {
  it('runs the named agent with its own system prompt, only its tools and its model; its final text is the result', async () => {
    const script = new ScriptBuilder()
      .toolUse('agent', { description: 'review the diff', prompt: 'Review src/ please.', subagent_type: 'reviewer' })
      .text('REVIEW: two problems')
      .text('The reviewer found two problems.')
      .build();
    const { agent, server } = await withAgents(script, [reviewer]);
    const events = await turn(agent, 'review my change');
    const requests = server.messageRequests();
    expect(requests).toHaveLength(3);
    const main = requests[0];
    expect(toolsOf(main)).toContain('agent');
    const tool = body(main).tools?.find((t) => t.name === 'agent') as { description?: string } | undefined;
    expect(tool?.description).toContain('- reviewer: Reviews diffs. (tools: Read, Grep, WebFetch)');
    expect(tool?.description).toContain('- general-purpose:');
    const sub = requests[1];
    expect(systemOf(sub)).toContain('You are REVIEWER-PROMPT.');
    expect(systemOf(sub)).not.toContain(systemOf(main).slice(0, 200));
    expect(toolsOf(sub)).toEqual(['read_file', 'grep']);
    expect(body(sub).model).toBe('claude-haiku-5-5');
    expect(JSON.stringify(body(sub).messages)).toContain('Review src/ please.');
    const result = ofType(events, 'tool_call_finished').find((e) => e.name === 'agent');
    expect(result?.isError).toBe(false);
    expect(result?.content).toEqual([{ type: 'text', text: 'REVIEW: two problems' }]);
    expect(ofType(events, 'notice').map((n) => n.message)).toContain(
      'agent reviewer: WebFetch is no tool of this session; it runs without it',
    );
    expect(transcriptProblems(agent.messages())).toEqual([]);
  });

  it('several calls in one reply run in parallel: both threads start before either ends', async () => {
    const script = new ScriptBuilder()
      .toolUses([
        { name: 'agent', input: { description: 'one', prompt: 'Task one.', subagent_type: 'general-purpose' } },
        { name: 'agent', input: { description: 'two', prompt: 'Task two.' } },
      ])
      .turn({ content: [{ type: 'text', text: 'first answer' }], fault: { kind: 'delay', ms: 400 } })
      .text('second answer')
      .text('Both done.')
      .build();
    const { agent, server } = await withAgents(script, []);
    const events = await turn(agent, 'do two things');
    const order = events.filter((e) => e.type === 'thread_start' || e.type === 'thread_end').map((e) => e.type);
    expect(order).toEqual(['thread_start', 'thread_start', 'thread_end', 'thread_end']);
    const results = ofType(events, 'tool_call_finished')
      .filter((e) => e.name === 'agent')
      .map((e) => e.content);
    expect(
      results
        .flat()
        .map((p) => (p as { text: string }).text)
        .sort(),
    ).toEqual(['first answer', 'second answer']);
    // The general-purpose agent gets every tool but the agent tool.
    expect(toolsOf(server.messageRequests()[1])).not.toContain('agent');
    expect(toolsOf(server.messageRequests()[1])).toContain('bash');
  });

  it(`at most ${MAX_PARALLEL_AGENTS} agents run at once; the rest wait for a slot and still answer`, async () => {
    const count = MAX_PARALLEL_AGENTS + 2;
    const builder = new ScriptBuilder().toolUses(
      Array.from({ length: count }, (_, i) => ({
        name: 'agent',
        input: { description: `task ${i}`, prompt: `Task ${i}.` },
      })),
    );
    for (let i = 0; i < count; i++)
      builder.turn({ content: [{ type: 'text', text: `answer ${i}` }], fault: { kind: 'delay', ms: 150 } });
    const { agent } = await withAgents(builder.text('all done').build(), []);
    const events = await turn(agent, 'fan out');
    let open = 0;
    let most = 0;
    for (const e of events) {
      if (e.type === 'thread_start') most = Math.max(most, ++open);
      if (e.type === 'thread_end') open -= 1;
    }
    expect(ofType(events, 'thread_start')).toHaveLength(count);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(MAX_PARALLEL_AGENTS);
    const answers = ofType(events, 'tool_call_finished').filter((e) => e.name === 'agent' && !e.isError);
    expect(answers).toHaveLength(count);
  });

  it('an unknown agent is an error naming the agents there are', async () => {
    const script = new ScriptBuilder()
      .toolUse('agent', { description: 'x', prompt: 'y', subagent_type: 'reviwer' })
      .text('ok')
      .build();
    const { agent } = await withAgents(script, [reviewer]);
    const events = await turn(agent, 'go');
    const result = ofType(events, 'tool_call_finished').find((e) => e.name === 'agent');
    expect(result?.isError).toBe(true);
    expect(result?.content).toEqual([
      {
        type: 'text',
        text: 'Unknown agent "reviwer". Available agents: general-purpose, reviewer. Did you mean "reviewer"?',
      },
    ]);
  });

  it("a fork skill with agent: <name> runs with that custom agent's prompt and tools", async () => {
    const script = new ScriptBuilder().text('FORKED ANSWER').text('done').build();
    const agentsPlugin = createAgentsPlugin({ agents: [GENERAL_PURPOSE, reviewer], workroot: '/w' });
    const dir = await tempDir('fork-');
    writeFileSync(join(dir, 'SKILL.md'), '---\nname: audit\ndescription: Audit the code.\n---\nAudit everything.\n');
    const skill: Skill = {
      name: 'audit',
      description: 'Audit the code.',
      dir,
      file: join(dir, 'SKILL.md'),
      source: 'personal',
      root: dir,
      allowedTools: [],
      userInvocable: true,
      disableModelInvocation: false,
      context: 'fork',
      agent: 'reviewer',
      extra: {},
    };
    const skills = createSkillsPlugin({ skills: [skill], agents: agentsPlugin.runner });
    const { agent, server } = await setup(script, {
      registry: { tools: [skills.tool, agentsPlugin.tool] },
      agent: { hooks: [skills.hooks, agentsPlugin.hooks] },
    });
    const events = await turn(agent, '/audit');
    const sub = server.messageRequests()[0];
    expect(systemOf(sub)).toContain('You are REVIEWER-PROMPT.');
    expect(toolsOf(sub)).toEqual(['read_file', 'grep']);
    expect(JSON.stringify(body(sub).messages)).toContain('Audit everything.');
    const result = ofType(events, 'tool_call_finished').find((e) => e.name === 'skill');
    expect(result?.content).toEqual([{ type: 'text', text: 'FORKED ANSWER' }]);
  });
});
