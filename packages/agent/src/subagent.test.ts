import { resultText } from '@coding-harness/model';
import { createToolRegistry } from '@coding-harness/tools';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from './events.js';
import { subagentKind, subagentTools } from './subagent.js';
import { restrictRegistry } from './thread.js';
import { cleanup, ofType, setup, transcriptProblems, turnEnd, writeSkill } from './testing/kit.test.util.js';
import { anthropicAt } from './testing/kit.test.util.js';
import { resolveModelChoice as resolve } from './turn-model.js';

const resolveSkillModel = (text: string): string | undefined => resolve(text, anthropicAt('http://127.0.0.1:1'));

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
    const registry = createToolRegistry({ skills: [] });
    const names = (kind: 'explorer' | 'general', denied: string[]) =>
      subagentTools(registry, kind, denied).map((t) => t.name);
    expect(names('explorer', [])).toEqual(['read_file', 'glob', 'grep']);
    expect(names('general', ['Bash', 'write_file', 'Bash(rm:*)'])).toEqual(['read_file', 'glob', 'grep', 'edit_file']);
  });

  it('a restricted registry refuses a tool outside its list as unknown, naming the ones it has', () => {
    const registry = createToolRegistry({ skills: [] });
    const view = restrictRegistry(registry, subagentTools(registry, 'explorer', []));
    expect(view.get('bash')).toBeUndefined();
    expect(view.definitions().map((d) => d.name)).toEqual(['read_file', 'glob', 'grep']);
    const call = view.prepare('bash', { command: 'ls' }, { root: '/' });
    expect(call.ok).toBe(false);
    if (!call.ok)
      expect(resultText(call.result.content)).toBe('Unknown tool "bash". Available tools: read_file, glob, grep.');
    expect(view.ruleNames()).toBe(registry.ruleNames());
  });
});

describe('skill model aliases', () => {
  it('sonnet, opus and haiku name the newest model of the family in the catalogue; inherit keeps the turn', () => {
    expect(resolveSkillModel('haiku')).toBe('claude-haiku-5-5');
    expect(resolveSkillModel('Sonnet')).toBe('claude-sonnet-5-5');
    expect(resolveSkillModel('opus')).toBe('claude-opus-5-5');
    expect(resolveSkillModel('inherit')).toBeUndefined();
    expect(resolveSkillModel('claude-haiku-4-5')).toBe('claude-haiku-4-5');
  });
});

describe('a fork skill aborted while its subagent runs', () => {
  it('ends the turn as aborted with a valid transcript; the skill call is cancelled', async () => {
    const skills = async (root: string): Promise<void> => {
      await writeSkill(root, 'slow', 'A slow survey.', 'Take your time.', ['context: fork']);
    };
    const script = new ScriptBuilder()
      .toolUse('skill', { name: 'slow' })
      .turn({ content: [{ type: 'text', text: 'never seen' }], fault: { kind: 'delay', ms: 5_000 } })
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
