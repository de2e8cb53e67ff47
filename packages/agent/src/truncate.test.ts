/**
 * `Agent.truncate`: a conversation cut back to an earlier length, with thinking on (the kept
 * messages are byte for byte what was sent, so the strict mock's prefix check passes), recorded
 * in the session file so a resume sees the same cut.
 */
import { join } from 'node:path';
import { createPolicy } from '@coding-harness/approval';
import { createToolRegistry } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from './agent.js';
import type { AgentOptions } from './agent.js';
import { createSessionStore } from './session-store.js';
import { anthropicAt, cleanup, mockServer, ofType, tempDir, turn } from './testing/kit.test.util.js';

afterEach(cleanup);

const say = (text: string) => ({
  content: [
    { type: 'thinking' as const, thinking: `about ${text}` },
    { type: 'text' as const, text },
  ],
});

describe('Agent.truncate', () => {
  it('cuts the conversation, the next request is accepted, and a resume replays the cut', async () => {
    const server = await mockServer({ turns: [say('one'), say('two'), say('three'), say('four')] });
    const home = await tempDir('truncate-home-');
    const workroot = await tempDir('truncate-root-');
    const store = createSessionStore({ dir: join(home, 'sessions') });
    const options: AgentOptions = {
      providers: anthropicAt(server.url),
      model: 'claude-sonnet-5-5',
      registry: createToolRegistry(),
      policy: createPolicy({ mode: 'default' }),
      workroot,
      sessionStore: store,
      retry: { sleep: async () => undefined, baseDelayMs: 1, maxAttempts: 1 },
    };
    const agent = await createAgent(options);
    await turn(agent, 'first');
    const kept = agent.messages().length;
    await turn(agent, 'second');
    expect(agent.truncate(-1)).toBe(`cannot keep -1 messages of a conversation of ${agent.messages().length}`);
    expect(agent.truncate(99)).toBe(`cannot keep 99 messages of a conversation of ${agent.messages().length}`);
    expect(agent.truncate(kept)).toBeUndefined();
    expect(agent.messages()).toHaveLength(kept);
    const third = await turn(agent, 'third');
    expect(ofType(third, 'error')).toEqual([]);
    const sent = JSON.stringify((server.messageRequests()[2]!.body as { messages: unknown }).messages);
    expect(sent).toContain('first');
    expect(sent).not.toContain('second');
    await agent.close();

    const resumed = await createAgent({ ...options, resumeId: agent.sessionId });
    expect(resumed.resumed).toBe(true);
    const texts = JSON.stringify(resumed.messages());
    expect(texts).toContain('third');
    expect(texts).not.toContain('second');
    await resumed.close();
  });
});
