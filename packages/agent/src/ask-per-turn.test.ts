import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_ASK_MESSAGE } from './agent.js';
import type { AgentEvent } from './events.js';
import { cleanup, ofType, scriptedAsk, setup } from './testing/kit.test.util.js';

afterEach(cleanup);

const writeTwice = new ScriptBuilder()
  .toolUse('write_file', { path: 'one.txt', content: '1\n' })
  .text('first done')
  .toolUse('write_file', { path: 'two.txt', content: '2\n' })
  .text('second done')
  .build();

async function collect(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

describe('ask per turn: agent.send(text, { ask })', () => {
  it("asks the turn's own question, not the agent's, and only for that turn", async () => {
    const { agent, ask, workroot } = await setup(writeTwice, {
      answers: [{ type: 'deny', message: 'agent-level no' }],
    });
    const perTurn = scriptedAsk([{ type: 'once' }]);
    const first = await collect(agent.send('write one', { ask: perTurn }));
    expect(perTurn.questions.map((q) => q.tool)).toEqual(['write_file']);
    expect(ask.questions).toEqual([]);
    expect(ofType(first, 'tool_call_finished').map((e) => e.isError)).toEqual([false]);
    expect(existsSync(join(workroot, 'one.txt'))).toBe(true);

    // The next turn brings no ask: the agent's default answers (and denies).
    const second = await collect(agent.send('write two'));
    expect(ask.questions.map((q) => q.tool)).toEqual(['write_file']);
    expect(perTurn.questions).toHaveLength(1);
    expect(ofType(second, 'approval_resolved')).toMatchObject([{ allowed: false, message: 'agent-level no' }]);
    expect(existsSync(join(workroot, 'two.txt'))).toBe(false);
  });

  it('an agent built without ask denies a question of a turn that brings none, saying why', async () => {
    const script = new ScriptBuilder().toolUse('write_file', { path: 'x.txt', content: 'x' }).text('ok').build();
    const { agent, workroot } = await setup(script, { agent: { ask: undefined } });
    const events = await collect(agent.send('write x'));
    expect(ofType(events, 'approval_resolved')).toMatchObject([
      { allowed: false, how: 'deny', message: NO_ASK_MESSAGE },
    ]);
    expect(existsSync(join(workroot, 'x.txt'))).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end' });
  });
});
