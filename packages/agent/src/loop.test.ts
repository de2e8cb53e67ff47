import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resultText } from '@coding-harness/model';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, cleanup, ofType, setup, transcriptProblems, turn, turnEnd, replies } from './testing/kit.test.util.js';

afterEach(cleanup);

describe('a turn', () => {
  it('streams text, reports usage and ends with the stop reason', async () => {
    const { agent } = await setup(new ScriptBuilder().text('Hello there.').build());
    const events = await turn(agent, 'hi');
    expect(events[0]).toEqual({ type: 'turn_start', turnId: expect.stringMatching(/^turn_/), turn: 1, text: 'hi' });
    expect(
      ofType(events, 'text_delta')
        .map((e) => e.text)
        .join(''),
    ).toBe('Hello there.');
    expect(ofType(events, 'usage')).toHaveLength(1);
    expect(turnEnd(events).stopReason).toBe('end_turn');
    expect(agent.messages()).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello there.' }] },
    ]);
    for (const e of events) expect(JSON.parse(JSON.stringify(e))).toEqual(e);
  });

  it('model reads a file, then answers: the tool result goes back in the next request', async () => {
    const script = new ScriptBuilder().toolUse('read_file', { path: 'notes.txt' }).text('The notes say hello.').build();
    const { agent, server, workroot } = await setup(script);
    await writeFile(join(workroot, 'notes.txt'), 'hello\n');
    const events = await turn(agent, 'what do the notes say?');
    const started = ofType(events, 'tool_call_started')[0]!;
    expect(started).toMatchObject({ name: 'read_file', input: { path: 'notes.txt' }, forced: false });
    expect(ofType(events, 'tool_call_finished')[0]).toMatchObject({ name: 'read_file', isError: false });
    expect(server.messageRequests()).toHaveLength(2);
    const second = body(server, 1).messages;
    const result = second.at(-1)!.content[0]!;
    expect(result).toMatchObject({ type: 'tool_result', tool_use_id: started.callId });
    expect(JSON.stringify(result)).toContain('hello');
    expect(turnEnd(events).stopReason).toBe('end_turn');
    expect(transcriptProblems(agent.messages())).toEqual([]);
  });

  it('read-kind calls in one reply all run and their results keep call order', async () => {
    const script = new ScriptBuilder()
      .toolUses([
        { name: 'read_file', input: { path: 'a.txt' } },
        { name: 'glob', input: { pattern: '*.txt' } },
        { name: 'read_file', input: { path: 'b.txt' } },
      ])
      .text('done')
      .build();
    const { agent, workroot } = await setup(script);
    await writeFile(join(workroot, 'a.txt'), 'AAA\n');
    await writeFile(join(workroot, 'b.txt'), 'BBB\n');
    const events = await turn(agent, 'read both');
    const uses = agent.messages()[1]!.content.flatMap((b) => (b.type === 'tool_call' ? [b.id] : []));
    const results = agent.messages()[2]!.content.flatMap((b) => (b.type === 'tool_result' ? [b] : []));
    expect(results.map((r) => r.callId)).toEqual(uses);
    expect(resultText(results[0]!.content)).toContain('AAA');
    expect(resultText(results[2]!.content)).toContain('BBB');
    expect(ofType(events, 'tool_call_finished')).toHaveLength(3);
  });

  it('a write asks first; the approval events carry a preview; the file is written once allowed', async () => {
    const script = new ScriptBuilder()
      .toolUse('write_file', { path: 'new.txt', content: 'fresh\n' })
      .text('written')
      .build();
    const { agent, workroot, ask } = await setup(script, { answers: [{ type: 'once' }] });
    const events = await turn(agent, 'create new.txt');
    expect(ask.questions).toHaveLength(1);
    expect(ask.questions[0]).toMatchObject({ tool: 'write_file', kind: 'write' });
    const requested = ofType(events, 'approval_requested')[0]!;
    expect(requested).toMatchObject({ tool: 'write_file' });
    expect(ofType(events, 'approval_resolved')[0]).toMatchObject({
      requestId: requested.requestId,
      callId: requested.callId,
      allowed: true,
      how: 'once',
    });
    expect(await readFile(join(workroot, 'new.txt'), 'utf8')).toBe('fresh\n');
    const order = events.map((e) => e.type).filter((t) => t.startsWith('approval') || t.startsWith('tool_call'));
    expect(order).toEqual(['tool_call_started', 'approval_requested', 'approval_resolved', 'tool_call_finished']);
  });

  it('a denied call gets the denial message as its error result and the turn goes on', async () => {
    const script = new ScriptBuilder().toolUse('bash', { command: 'rm -rf build' }).text('ok, I will not').build();
    const { agent, server } = await setup(script, { answers: [{ type: 'deny', message: 'do not delete the build' }] });
    const events = await turn(agent, 'clean up');
    const finished = ofType(events, 'tool_call_finished')[0]!;
    expect(finished.isError).toBe(true);
    expect(resultText(finished.content)).toContain('do not delete the build');
    const sent = body(server, 1).messages.at(-1)!.content[0]!;
    expect(sent).toMatchObject({ type: 'tool_result', is_error: true });
    expect(turnEnd(events).stopReason).toBe('end_turn');
  });

  it('non-read calls run one at a time in order', async () => {
    const script = new ScriptBuilder()
      .toolUses([
        { name: 'bash', input: { command: 'sleep 0.2; echo first >> log.txt' } },
        { name: 'bash', input: { command: 'echo second >> log.txt' } },
      ])
      .text('done')
      .build();
    const { agent, workroot } = await setup(script, {
      agent: { policy: (await import('@coding-harness/approval')).createPolicy({ mode: 'bypassPermissions' }) },
    });
    await turn(agent, 'log twice');
    expect(await readFile(join(workroot, 'log.txt'), 'utf8')).toBe('first\nsecond\n');
  });

  it('an unknown tool or invalid input is an error result, not a crash', async () => {
    const script = new ScriptBuilder()
      .toolUses([
        { name: 'no_such_tool', input: {} },
        { name: 'read_file', input: { nope: 1 } },
      ])
      .text('sorry')
      .build();
    const { agent } = await setup(script);
    const events = await turn(agent, 'go');
    const finished = ofType(events, 'tool_call_finished');
    expect(finished.map((f) => f.isError)).toEqual([true, true]);
    expect(turnEnd(events).stopReason).toBe('end_turn');
    expect(transcriptProblems(agent.messages())).toEqual([]);
  });

  it('stops at maxTurns requests with stop reason max_turns, transcript valid, next send works', async () => {
    const script = new ScriptBuilder()
      .toolUse('glob', { pattern: '*' })
      .toolUse('glob', { pattern: '*' })
      .toolUse('glob', { pattern: '*' })
      .text('finally')
      .build();
    const { agent, server } = await setup(script, { agent: { maxTurns: 2 } });
    const events = await turn(agent, 'loop');
    expect(turnEnd(events).stopReason).toBe('max_turns');
    expect(server.messageRequests()).toHaveLength(2);
    expect(transcriptProblems(agent.messages())).toEqual([]);
    const next = await turn(agent, 'go on');
    expect(turnEnd(next).stopReason).toBe('end_turn');
    expect(replies(next).at(-1)).toBe('finally');
    expect(transcriptProblems(agent.messages())).toEqual([]);
  });

  it('reports a reply cut by max_tokens in the middle of a tool call and tells the model', async () => {
    const script = new ScriptBuilder()
      .turn({
        content: [
          { type: 'text', text: 'Writing it now.' },
          { type: 'tool_use', name: 'write_file', input: { path: 'big.txt', content: 'x' } },
        ],
        stopReason: 'max_tokens',
      })
      .text('I will write it in parts.')
      .build();
    const { agent, server, ask } = await setup(script);
    const events = await turn(agent, 'write a big file');
    expect(ofType(events, 'error')[0]!.message).toContain('max_tokens');
    const sent = body(server, 1).messages.at(-1)!.content[0]!;
    expect(sent).toMatchObject({ type: 'tool_result', is_error: true });
    expect(JSON.stringify(sent)).toContain('max_tokens');
    expect(ask.questions).toHaveLength(0);
    expect(turnEnd(events).stopReason).toBe('end_turn');
    expect(transcriptProblems(agent.messages())).toEqual([]);
  });

  it('totals add up the usage of every request', async () => {
    const { agent } = await setup(new ScriptBuilder().toolUse('glob', { pattern: '*' }).text('a').text('b').build());
    const first = await turn(agent, 'one');
    const second = await turn(agent, 'two');
    const usages = [...ofType(first, 'usage'), ...ofType(second, 'usage')];
    expect(usages.map((u) => u.request)).toEqual([1, 2, 3]);
    const totals = agent.totals();
    expect(totals.requests).toBe(3);
    expect(totals.usage.output).toBe(usages.reduce((s, u) => s + u.usage.output, 0));
    expect(totals.costUsd).toBeCloseTo(
      usages.reduce((s, u) => s + u.costUsd, 0),
      12,
    );
    expect(turnEnd(first).usage.output + turnEnd(second).usage.output).toBe(totals.usage.output);
  });
});
