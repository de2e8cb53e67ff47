import { resultText } from '@coding-harness/model';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, cleanup, ofType, setup, turn, turnEnd, writeSkill } from './testing/kit.test.util.js';

afterEach(cleanup);

const finished = (events: Awaited<ReturnType<typeof turn>>) =>
  ofType(events, 'tool_call_finished').map((e) => [e.name, e.isError]);

describe("a skill's disallowed-tools", () => {
  const audit = async (root: string): Promise<void> => {
    await writeSkill(root, 'audit', 'Audit the code without running anything.', 'Read the sources and report.', [
      'disallowed-tools: Bash',
    ]);
  };

  it('bash ran before the skill loaded; after it, the same turn refuses bash (even in bypass mode) naming the skill; the next turn runs bash again', async () => {
    const script = new ScriptBuilder()
      .toolUse('bash', { command: 'printf before' })
      .toolUse('skill', { name: 'audit' })
      .toolUse('bash', { command: 'printf after' })
      .text('done')
      .toolUse('bash', { command: 'printf next turn' })
      .text('done again')
      .build();
    const { agent, server } = await setup(script, { skills: audit, policy: { mode: 'bypassPermissions' } });
    const events = await turn(agent, 'audit this');
    expect(finished(events)).toEqual([
      ['bash', false],
      ['skill', false],
      ['bash', true],
    ]);
    const refused = resultText(ofType(events, 'tool_call_finished')[2]!.content);
    expect(refused).toBe(
      'This bash call is denied by the rule bash (skill audit (disallowed-tools), this turn); it was not run.',
    );
    // The model saw the refusal as the tool_result.
    const results = body(server, 3).messages.at(-1)!.content;
    expect(results).toEqual([expect.objectContaining({ type: 'tool_result', is_error: true, content: refused })]);
    const next = await turn(agent, 'now run it');
    expect(finished(next)).toEqual([['bash', false]]);
  });

  it('a rule that does not parse is a notice naming the skill and the rule', async () => {
    const skills = async (root: string): Promise<void> => {
      await writeSkill(root, 'odd', 'An odd skill.', 'Body.', ['disallowed-tools: WebFetch']);
    };
    const { agent } = await setup(new ScriptBuilder().toolUse('skill', { name: 'odd' }).text('ok').build(), {
      skills,
    });
    const notices = ofType(await turn(agent, 'go'), 'notice').map((n) => n.message);
    expect(notices.filter((m) => m.startsWith('skill odd (disallowed-tools): invalid rule "WebFetch"'))).toHaveLength(
      1,
    );
  });
});

describe("a skill's model and effort", () => {
  const quick = (lines: string[]) => async (root: string) => {
    await writeSkill(root, 'quick', 'Answer quickly.', 'Be brief.', lines);
  };

  it('apply to the rest of the turn that loads the skill, with a notice; the next turn goes back', async () => {
    const script = new ScriptBuilder().toolUse('skill', { name: 'quick' }).text('short').text('again').build();
    const { agent, server } = await setup(script, {
      skills: quick(['model: claude-haiku-5-5', 'effort: low']),
      agent: { effort: 'high' },
    });
    const events = await turn(agent, 'go');
    expect(turnEnd(events).stopReason).toBe('end_turn');
    const notices = ofType(events, 'notice').map((n) => n.message);
    expect(notices).toContain(
      "skill quick: model claude-haiku-5-5 and effort low for the rest of this turn (the session's settings return next turn); its requests cannot reuse claude-sonnet-5-5's prompt cache",
    );
    expect([body(server, 0).model, body(server, 0).output_config]).toEqual(['claude-sonnet-5-5', { effort: 'high' }]);
    expect([body(server, 1).model, body(server, 1).output_config]).toEqual(['claude-haiku-5-5', { effort: 'low' }]);
    expect(ofType(events, 'usage').map((u) => u.model)).toEqual(['claude-sonnet-5-5', 'claude-haiku-5-5']);
    await turn(agent, 'more');
    expect([body(server, 2).model, body(server, 2).output_config]).toEqual(['claude-sonnet-5-5', { effort: 'high' }]);
    expect(agent.model).toBe('claude-sonnet-5-5');
  });

  it('an alias resolves through the catalogue; thinking blocks of the session model are sent to the other model, which the API accepts', async () => {
    const script = new ScriptBuilder()
      .turn({
        content: [
          { type: 'thinking', thinking: 'A quick skill fits.' },
          { type: 'tool_use', name: 'skill', input: { name: 'quick' } },
        ],
      })
      .turn({
        content: [
          { type: 'thinking', thinking: 'Brief.' },
          { type: 'text', text: 'short' },
        ],
      })
      .text('back on sonnet')
      .build();
    const { agent, server } = await setup(script, { skills: quick(['model: haiku']) });
    const events = await turn(agent, 'go');
    expect(turnEnd(events).stopReason).toBe('end_turn');
    expect(body(server, 1).model).toBe('claude-haiku-5-5');
    expect(body(server, 1).thinking).toEqual({ type: 'adaptive', display: 'summarized' });
    // The API drops (without an error) thinking the other model cannot read; the mock checks as it does.
    expect(server.messageRequests()[1]!.thinkingTransformations).toEqual([
      { type: 'thinking_dropped', path: 'messages.1.content.0', reason: 'model_binding_mismatch' },
    ]);
    expect(turnEnd(await turn(agent, 'and?')).stopReason).toBe('end_turn');
    expect(body(server, 2).model).toBe('claude-sonnet-5-5');
    expect(server.messageRequests().filter((r) => r.rejected)).toEqual([]);
  });

  it('an unknown model id or an effort the model does not take is a notice, and the setting stays', async () => {
    const script = new ScriptBuilder().toolUse('skill', { name: 'quick' }).text('short').build();
    const { agent, server } = await setup(script, {
      skills: quick(['model: claude-nonesuch-9', 'effort: max']),
      agent: { model: 'claude-haiku-4-5' },
    });
    const notices = ofType(await turn(agent, 'go'), 'notice').map((n) => n.message);
    expect(notices).toContain(
      'skill quick: model "claude-nonesuch-9" is not in the model catalogue; this turn stays on claude-haiku-4-5',
    );
    expect(notices).toContain(
      'skill quick: claude-haiku-4-5 does not accept effort "max" (it accepts none); this turn keeps the model\'s default effort',
    );
    expect(body(server, 1).model).toBe('claude-haiku-4-5');
    expect(body(server, 1).output_config).toBeUndefined();
  });
});

describe("a skill's effort and the session's thinking", () => {
  it('an effort the thinking mode cannot run at is a notice, and the session effort stays', async () => {
    const skills = async (root: string): Promise<void> => {
      await writeSkill(root, 'deep', 'Think hard.', 'Think.', ['effort: xhigh']);
    };
    const script = new ScriptBuilder().toolUse('skill', { name: 'deep' }).text('thought').build();
    const { agent, server } = await setup(script, {
      skills,
      agent: { thinking: { mode: 'between_tools' }, effort: 'medium' },
    });
    const notices = ofType(await turn(agent, 'go'), 'notice').map((n) => n.message);
    expect(notices.filter((m) => m.startsWith('skill deep: effort "xhigh" is not used ('))).toHaveLength(1);
    expect(notices.at(-1)).toMatch(/this turn keeps medium$/);
    expect(body(server, 1).output_config).toEqual({ effort: 'medium' });
    expect(body(server, 1).thinking).toEqual({ type: 'between_tools' });
  });
});

describe('stacked /a /b args', () => {
  it('loads both skills in order, each with the arguments, before the first request', async () => {
    const skills = async (root: string): Promise<void> => {
      await writeSkill(root, 'alpha', 'First.', 'Alpha says: $ARGUMENTS');
      await writeSkill(root, 'beta', 'Second.', 'Beta says: $ARGUMENTS');
    };
    const { agent, server } = await setup(new ScriptBuilder().text('ok').build(), { skills });
    const events = await turn(agent, '/alpha /beta fix the build');
    expect(ofType(events, 'tool_call_started').map((e) => [e.name, e.input, e.forced])).toEqual([
      ['skill', { name: 'alpha', args: 'fix the build' }, true],
      ['skill', { name: 'beta', args: 'fix the build' }, true],
    ]);
    const sent = JSON.stringify(body(server, 0).messages);
    expect(sent).toContain('Alpha says: fix the build');
    expect(sent).toContain('Beta says: fix the build');
    expect(body(server, 0).messages[0]!.content).toEqual([{ type: 'text', text: '/alpha /beta fix the build' }]);
  });
});

describe('context: fork', () => {
  const explore = (agentLine: string[]) => async (root: string) => {
    await writeSkill(root, 'survey', 'Survey the repository.', 'List the files in the work root and report them.', [
      'context: fork',
      ...agentLine,
    ]);
  };
  const toolNames = (b: { tools: unknown }) => (b.tools as { name: string }[]).map((t) => t.name);

  it('runs the skill in a read-only explorer subagent whose final answer is the tool_result; its usage counts in the turn', async () => {
    const script = new ScriptBuilder()
      .toolUse('skill', { name: 'survey', args: 'quickly' })
      .toolUse('glob', { pattern: '*' })
      .text('FINDINGS: one file, notes.md')
      .text('The survey found notes.md.')
      .build();
    const { agent, server, workroot } = await setup(script, { skills: explore(['agent: Explore']) });
    const { writeFile } = await import('node:fs/promises');
    await writeFile(`${workroot}/notes.md`, 'hello\n');
    const events = await turn(agent, 'survey the repo');
    expect(turnEnd(events).stopReason).toBe('end_turn');
    // The subagent's first request: the skill body as its task, read-only tools, no skill tool, no listing.
    const sub = body(server, 1);
    expect(toolNames(sub)).toEqual(['read_file', 'glob', 'grep']);
    const task = JSON.stringify(sub.messages[0]);
    expect(task).toContain('List the files in the work root and report them.');
    expect(sub.messages).toHaveLength(1);
    expect(JSON.stringify(sub.system)).toContain('subagent running the skill \\"survey\\"');
    expect(JSON.stringify(sub.system)).not.toContain('Available skills:');
    expect(toolNames(body(server, 2))).toEqual(['read_file', 'glob', 'grep']);
    // The parent gets the subagent's final text as the skill's tool_result.
    const parent = body(server, 3);
    expect(toolNames(parent)).toContain('skill');
    const result = parent.messages.at(-1)!.content[0] as { type: string; content: string; is_error?: boolean };
    expect(result.type).toBe('tool_result');
    expect(result.is_error).toBeUndefined();
    expect(result.content).toContain('FINDINGS: one file, notes.md');
    expect(result.content).not.toContain('List the files in the work root');
    // Usage: four requests in the session totals and the turn's usage events.
    expect(agent.totals().requests).toBe(4);
    expect(ofType(events, 'usage').map((u) => u.request)).toEqual([1, 2, 3, 4]);
    const notices = ofType(events, 'notice').map((n) => n.message);
    expect(notices).toContain('skill survey: running in a read-only explorer subagent with read_file, glob, grep');
    // The subagent is a thread under the skill call: its events carry the thread id, between its start and end.
    const skillCall = ofType(events, 'tool_call_started').find((e) => e.name === 'skill' && e.threadId === undefined);
    const [thread] = ofType(events, 'thread_start');
    expect(thread).toMatchObject({ parentCallId: skillCall?.callId, name: 'skill survey' });
    const threaded = events.filter((e) => e.threadId === thread!.threadId);
    expect(threaded.at(-1)).toMatchObject({ type: 'thread_end', stopReason: 'end_turn' });
    expect(ofType(threaded, 'tool_call_started').map((e) => [e.name, e.summary])).toEqual([['glob', 'glob *']]);
    expect(
      ofType(events, 'tool_call_started')
        .filter((e) => e.threadId === undefined)
        .map((e) => e.name),
    ).toEqual(['skill']);
    // The subagent's text is not streamed as the parent's (its deltas are its thread's).
    expect(
      ofType(events, 'text_delta')
        .filter((d) => d.threadId === undefined)
        .map((d) => d.text)
        .join(''),
    ).toBe('The survey found notes.md.');
  });

  it('the general agent gets every tool but skill; disallowed-tools removes whole tools; its bash asks through the same question', async () => {
    const script = new ScriptBuilder()
      .toolUse('skill', { name: 'survey' })
      .toolUse('bash', { command: 'printf hi' })
      .text('ran it')
      .text('ok')
      .build();
    const { agent, server, ask } = await setup(script, {
      skills: explore(['agent: general-purpose', 'disallowed-tools: Write']),
    });
    const events = await turn(agent, 'go');
    expect(toolNames(body(server, 1))).toEqual(['read_file', 'glob', 'grep', 'edit_file', 'bash']);
    expect(ask.questions.map((q) => q.tool)).toEqual(['bash']);
    expect(ofType(events, 'approval_requested').map((e) => e.tool)).toEqual(['bash']);
    expect(JSON.stringify(body(server, 3).messages.at(-1))).toContain('ran it');
  });

  it("a fork skill's model runs its subagent; the parent turn stays on the session's model", async () => {
    const script = new ScriptBuilder().toolUse('skill', { name: 'survey' }).text('seen').text('ok').build();
    const { agent, server } = await setup(script, { skills: explore(['agent: Explore', 'model: haiku']) });
    expect(turnEnd(await turn(agent, 'go')).stopReason).toBe('end_turn');
    expect(server.messageRequests().map((r) => (r.body as { model: string }).model)).toEqual([
      'claude-sonnet-5-5',
      'claude-haiku-5-5',
      'claude-sonnet-5-5',
    ]);
  });

  it('an agent this harness does not have runs as the explorer, with a notice', async () => {
    const script = new ScriptBuilder().toolUse('skill', { name: 'survey' }).text('seen').text('ok').build();
    const { agent, server } = await setup(script, { skills: explore(['agent: code-reviewer']) });
    const notices = ofType(await turn(agent, 'go'), 'notice').map((n) => n.message);
    expect(notices.some((m) => m.includes('agent "code-reviewer" is not one this harness has'))).toBe(true);
    expect(toolNames(body(server, 1))).toEqual(['read_file', 'glob', 'grep']);
  });
});
