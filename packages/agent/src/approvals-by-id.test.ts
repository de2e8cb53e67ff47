import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from './events.js';
import { cleanup, ofType, setup } from './testing/kit.test.util.js';

afterEach(cleanup);

const writeOne = new ScriptBuilder().toolUse('write_file', { path: 'one.txt', content: '1\n' }).text('done').build();

describe('approval questions are events answered by request id', () => {
  it('the question carries a request id, the call id, the rule "always" would add and the hint for -p; the answer by id decides', async () => {
    const { agent, workroot } = await setup(writeOne);
    const events: AgentEvent[] = [];
    for await (const event of agent.send('write one')) {
      events.push(event);
      if (event.type === 'approval_requested') {
        // A wrong id changes nothing; the right one answers.
        expect(agent.answer('req_nope', { type: 'once' })).toBe(false);
        expect(agent.answer(event.requestId, { type: 'once' })).toBe(true);
        expect(agent.answer(event.requestId, { type: 'once' })).toBe(false);
      }
    }
    const [question] = ofType(events, 'approval_requested');
    const [started] = ofType(events, 'tool_call_started');
    expect(question).toMatchObject({
      callId: started!.callId,
      tool: 'write_file',
      kind: 'write',
      alwaysRule: 'write_file(one.txt)',
    });
    expect(question!.requestId).toMatch(/^req_[0-9a-f]{16}$/);
    expect(question!.allowHint).toContain('--allowed-tools');
    expect(question!.turnId).toBe(ofType(events, 'turn_start')[0]!.turnId);
    expect(ofType(events, 'approval_resolved')).toMatchObject([
      { requestId: question!.requestId, callId: started!.callId, allowed: true, how: 'once' },
    ]);
    expect(existsSync(join(workroot, 'one.txt'))).toBe(true);
  });

  it('a "no" with a message is the tool result the model gets', async () => {
    const { agent, workroot } = await setup(writeOne);
    const events: AgentEvent[] = [];
    for await (const event of agent.send('write one')) {
      events.push(event);
      if (event.type === 'approval_requested') agent.answer(event.requestId, { type: 'deny', message: 'not now' });
    }
    expect(ofType(events, 'approval_resolved')).toMatchObject([{ allowed: false, how: 'deny', message: 'not now' }]);
    expect(ofType(events, 'tool_call_finished')[0]!.isError).toBe(true);
    expect(existsSync(join(workroot, 'one.txt'))).toBe(false);
  });

  it('every event of a turn carries the same turn id, a new one per turn', async () => {
    const script = new ScriptBuilder().text('one').text('two').build();
    const { agent } = await setup(script);
    const ids = async (text: string): Promise<Set<string | undefined>> => {
      const seen = new Set<string | undefined>();
      for await (const event of agent.send(text)) seen.add(event.turnId);
      return seen;
    };
    const first = await ids('a');
    const second = await ids('b');
    expect(first.size).toBe(1);
    expect(second.size).toBe(1);
    expect([...first][0]).toMatch(/^turn_/);
    expect([...first][0]).not.toBe([...second][0]);
  });
});
