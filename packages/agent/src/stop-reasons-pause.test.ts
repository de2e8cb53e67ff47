import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, cleanup, setup, turn, turnEnd } from './testing/kit.test.util.js';

afterEach(cleanup);

describe('pause_turn', () => {
  it('pause_turn sends the paused reply back as it is and continues the turn', async () => {
    const script = new ScriptBuilder().text('Working on it', { stopReason: 'pause_turn' }).text(' and done.').build();
    const { agent, server } = await setup(script);
    const events = await turn(agent, 'long job');
    expect(turnEnd(events).stopReason).toBe('end_turn');
    expect(server.messageRequests()).toHaveLength(2);
    const second = body(server, 1).messages;
    expect(second.at(-1)).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: 'Working on it' }] });
    expect(server.messageRequests().filter((r) => r.rejected)).toEqual([]);
  });
});
