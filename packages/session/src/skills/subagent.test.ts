import type { AgentEvent } from '@coding-harness/agent';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { createToolRegistry } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { createSkillsPlugin } from './plugin.js';
import { subagentKind, subagentTools } from './subagent.js';
import { cleanup, ofType, setup, transcriptProblems, turnEnd, writeSkill } from './testing/kit.test.util.js';

afterEach(cleanup);

describe('which subagent a fork skill gets', () => {
  it("Claude Code's agent names: Explore and Plan are the read-only explorer, general-purpose or none the general agent", () => {
    expect(subagentKind('Explore')).toEqual({ kind: 'explorer' });
    expect(subagentKind('plan')).toEqual({ kind: 'explorer' });
    expect(subagentKind('general-purpose')).toEqual({ kind: 'general' });
    expect(subagentKind(undefined)).toEqual({ kind: 'general' });
    expect(subagentKind(' my-reviewer ')).toEqual({ kind: 'explorer', unknown: 'my-reviewer' });
  });

  it('tools: never skill; the explorer only read-kind ones; disallowed-tools removes whole tools by either name', () => {
    const { tool } = createSkillsPlugin({ skills: [] });
    const registry = createToolRegistry({ tools: [tool] });
    const names = (kind: 'explorer' | 'general', denied: string[]) =>
      subagentTools(registry, kind, denied, tool).map((t) => t.name);
    expect(names('explorer', [])).toEqual(['read_file', 'glob', 'grep']);
    expect(names('general', ['Bash', 'write_file', 'Bash(rm:*)'])).toEqual(['read_file', 'glob', 'grep', 'edit_file']);
  });
});

describe('a fork skill aborted while its subagent runs', () => {
  it('ends the turn as aborted with a valid transcript; the skill call is cancelled', async () => {
    const skills = async (root: string): Promise<void> => {
      await writeSkill(root, 'slow', 'A slow survey.', 'Take your time.', ['context: fork']);
    };
    const script = new ScriptBuilder()
      .toolUse('skill', { name: 'slow' })
      .turn({ content: [{ type: 'text', text: 'never seen' }], fault: { kind: 'delay', ms: 120_000 } })
      .build();
    const { agent, server } = await setup(script, { skills });
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    for await (const event of agent.send('go', { signal: controller.signal })) {
      events.push(event);
      // The subagent's own request has started (an event of its thread): once the server holds
      // it (its reply is delayed), stop the turn.
      if (event.type === 'request_start' && event.threadId !== undefined) {
        const poll = setInterval(() => {
          if (server.messageRequests().length < 2) return;
          clearInterval(poll);
          controller.abort();
        }, 10);
      }
    }
    expect(turnEnd(events).stopReason).toBe('aborted');
    expect(server.messageRequests()).toHaveLength(2);
    const skillCall = ofType(events, 'tool_call_finished').find((e) => e.name === 'skill')!;
    expect(skillCall.isError).toBe(true);
    expect(skillCall.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/^cancelled by the user/) });
    expect(transcriptProblems(agent.messages())).toEqual([]);
  });
});
