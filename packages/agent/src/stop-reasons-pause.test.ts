import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { PAUSE_NOT_CONTINUED } from './stop-reasons.js';
import { body, cleanup, ofType, setup, turn, turnEnd } from './testing/kit.test.util.js';

afterEach(cleanup);

const search = { type: 'server_tool_use', id: 'srvtoolu_01', name: 'web_search', input: { query: 'node 20 lts' } };
const found = { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_01', content: [] };

describe('pause_turn', () => {
  it('a reply paused after a server tool step is sent back as it is and the turn continues', async () => {
    const script = new ScriptBuilder()
      .turn({
        content: [
          { type: 'raw', block: search },
          { type: 'raw', block: found },
        ],
        stopReason: 'pause_turn',
      })
      .text('Node 20 is in maintenance.')
      .build();
    const { agent, server } = await setup(script);
    const events = await turn(agent, 'look it up');
    expect(turnEnd(events).stopReason).toBe('end_turn');
    expect(server.messageRequests()).toHaveLength(2);
    const second = body(server, 1).messages;
    expect(second.at(-1)).toMatchObject({ role: 'assistant', content: [search, found] });
    expect(server.messageRequests().filter((r) => r.rejected)).toEqual([]);
  });

  it('a paused reply ending in no server tool step ends the turn with a notice, and nothing is sent back as a prefill', async () => {
    const script = new ScriptBuilder()
      .text('Working on it', { stopReason: 'pause_turn' })
      .text('Next turn is fine.')
      .build();
    const { agent, server } = await setup(script);
    const events = await turn(agent, 'long job');
    expect(turnEnd(events)).toMatchObject({ stopReason: 'pause_turn', outcome: 'completed' });
    expect(ofType(events, 'notice').map((n) => n.message)).toContain(PAUSE_NOT_CONTINUED);
    expect(server.messageRequests()).toHaveLength(1);
    expect(turnEnd(await turn(agent, 'go on'))).toMatchObject({ stopReason: 'end_turn' });
    expect(body(server, 1).messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(server.messageRequests().filter((r) => r.rejected)).toEqual([]);
  });
});
