import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hooks } from './hooks.js';
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
    // A plugin's context for the first turn only: a system message after its user text.
    let told = false;
    const note: Hooks = {
      name: 'note',
      beforeTurn: () => {
        if (told) return undefined;
        told = true;
        return { context: ['The skills changed.'] };
      },
    };
    const { agent, server } = await setup(script, { agent: { sessionStore: store, hooks: [note] } });
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
