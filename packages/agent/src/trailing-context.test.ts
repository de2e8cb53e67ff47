import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { createToolRegistry } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionStore } from './session-store.js';
import { body, cleanup, setup, tempDir, turn, turnEnd } from './testing/kit.test.util.js';

afterEach(cleanup);

describe('a system note whose turn failed', () => {
  it('is moved after the next user text, so no user message follows a system message (a 400 on the real API)', async () => {
    const script = new ScriptBuilder()
      .fault({ kind: 'http_error', status: 400, message: 'a final failure' })
      .text('never')
      .text('second turn answered')
      .build();
    const store = createSessionStore({ dir: await tempDir('agent-sessions-') });
    const { agent, server } = await setup(script, { agent: { sessionStore: store } });
    agent.updateSkills({ skills: [], registry: createToolRegistry({}), note: 'The skills changed.', sinceStart: '' });
    expect(turnEnd(await turn(agent, 'one')).stopReason).toBe('error');
    expect(body(server, 0).messages.map((m) => m.role)).toEqual(['user', 'system']);
    expect(turnEnd(await turn(agent, 'two')).stopReason).toBe('end_turn');
    const second = body(server, 1).messages;
    expect(second.map((m) => m.role)).toEqual(['user', 'system']);
    expect(second[0]!.content.map((b) => (b as { text?: string }).text)).toEqual(['one', 'two']);
    expect(JSON.stringify(second[1])).toContain('The skills changed.');
    expect(server.messageRequests()[1]!.rejected).toBeUndefined();
    const loaded = await store.load(agent.sessionId);
    expect(loaded.ok && loaded.messages).toEqual(agent.messages());
  });
});
