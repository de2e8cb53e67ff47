import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import type { ScriptTurn } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { SUMMARY_INSTRUCTION } from './compaction.js';
import type { AgentEvent } from './events.js';
import { body, cleanup, ofType, setup, turn } from './testing/kit.test.util.js';

afterEach(cleanup);

async function collect(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

const thinkingTurn: ScriptTurn = {
  content: [
    { type: 'thinking', thinking: 'Considering.' },
    { type: 'text', text: 'first' },
  ],
};

describe('setModel and setEffort: the next request, nothing already sent', () => {
  it('the next request names the new model with the same system and tools; the old thinking is accepted', async () => {
    const { agent, server } = await setup([thinkingTurn, { content: [{ type: 'text', text: 'second' }] }]);
    await turn(agent, 'one');
    expect(agent.setModel('claude-opus-5-5')).toEqual([]);
    expect(agent.model).toBe('claude-opus-5-5');
    const events = await turn(agent, 'two');
    expect(ofType(events, 'error')).toEqual([]);
    const [first, second] = [body(server, 0), body(server, 1)];
    expect([first.model, second.model]).toEqual(['claude-sonnet-5-5', 'claude-opus-5-5']);
    expect(second.system).toEqual(first.system);
    expect(second.tools).toEqual(first.tools);
    expect(second.max_tokens).toBe(64_000);
    expect(ofType(events, 'usage')[0]?.model).toBe('claude-opus-5-5');
  });

  it('refuses a setting the new model would reject, naming it, and changes nothing', async () => {
    const { agent, server } = await setup([{ content: [{ type: 'text', text: 'ok' }] }]);
    expect(agent.setEffort('max')).toEqual([]);
    expect(agent.setModel('claude-haiku-4-5')).toEqual(['claude-haiku-4-5 takes no effort setting (got "max")']);
    expect(agent.settings()).toMatchObject({ model: 'claude-sonnet-5-5', effort: 'max' });
    await turn(agent, 'one');
    expect(body(server, 0)).toMatchObject({ model: 'claude-sonnet-5-5', output_config: { effort: 'max' } });
  });

  it('a model without adaptive thinking gets no thinking parameter and its own window', async () => {
    const { agent, server } = await setup([{ content: [{ type: 'text', text: 'ok' }] }]);
    expect(agent.setModel('claude-haiku-4-5')).toEqual([]);
    expect(agent.context()).toEqual({ used: 0, window: 200_000 });
    await turn(agent, 'one');
    expect(body(server, 0).thinking).toBeUndefined();
    expect(body(server, 0).model).toBe('claude-haiku-4-5');
  });

  it('setEffort(undefined) sends no effort again', async () => {
    const { agent, server } = await setup(new ScriptBuilder().text('a').text('b').build());
    agent.setEffort('low');
    await turn(agent, 'one');
    agent.setEffort(undefined);
    await turn(agent, 'two');
    expect(body(server, 0).output_config).toEqual({ effort: 'low' });
    expect(body(server, 1).output_config).toBeUndefined();
  });
});

describe('compact: a manual trigger between turns', () => {
  it('summarises with the focus in the instruction, then the next turn sends the summary (the harness writes it: claude-fable-5-2)', async () => {
    const { agent, server } = await setup(
      new ScriptBuilder().text('first answer').text('second answer').text('SUMMARY TEXT').text('after').build(),
      { agent: { model: 'claude-fable-5-2' } },
    );
    await turn(agent, 'one');
    await turn(agent, 'two');
    const events = await collect(agent.compact({ focus: 'the database schema' }));
    expect(ofType(events, 'compaction')).toHaveLength(1);
    const summaryRequest = body(server, 2);
    const lastText = JSON.stringify(summaryRequest.messages.at(-1));
    expect(lastText).toContain(SUMMARY_INSTRUCTION.slice(0, 40));
    expect(lastText).toContain('Focus the summary on: the database schema');
    await turn(agent, 'three');
    expect(JSON.stringify(body(server, 3).messages[0])).toContain('SUMMARY TEXT');
  });

  it('with nothing to summarise: no request, no compaction event', async () => {
    const { agent, server } = await setup(new ScriptBuilder().text('x').build());
    const events = await collect(agent.compact());
    expect(events).toEqual([]);
    expect(server.messageRequests()).toHaveLength(0);
  });
});
