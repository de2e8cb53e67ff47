import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createPolicy } from '@coding-harness/approval';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { createToolRegistry } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentOptions } from './agent.js';
import { createAgent } from './agent.js';
import { createSessionStore } from './session-store.js';
import { anthropicAt, body, cleanup, mockServer, tempDir, turn, turnEnd } from './testing/kit.test.util.js';

afterEach(cleanup);

describe('a refusal right after a resume', () => {
  it('keeps the context queued at resume: it is sent again, once, with the next accepted turn', async () => {
    const script = new ScriptBuilder()
      .text('Noted.')
      .turn({
        content: [{ type: 'text', text: 'I will not' }],
        stopReason: 'refusal',
        refusal: { category: 'general_harms', explanation: null },
      })
      .text('Done.')
      .build();
    const server = await mockServer(script);
    const workroot = await tempDir('agent-root-');
    const store = createSessionStore({ dir: await tempDir('agent-sessions-') });
    const base: AgentOptions = {
      providers: anthropicAt(server.url),
      model: 'claude-sonnet-5-5',
      registry: createToolRegistry(),
      policy: createPolicy({ mode: 'default' }),
      workroot,
      sessionStore: store,
      clock: () => new Date('2026-12-01T10:00:00Z'),
      retry: { sleep: async () => undefined, baseDelayMs: 1 },
    };
    const first = await createAgent(base);
    await turn(first, 'remember this');
    await writeFile(join(workroot, 'AGENTS.md'), 'Use tabs.\n');
    const resumed = await createAgent({ ...base, resumeId: first.sessionId });
    expect(turnEnd(await turn(resumed, 'do the bad thing')).stopReason).toBe('refusal');
    expect(turnEnd(await turn(resumed, 'do the good thing')).stopReason).toBe('end_turn');

    expect(JSON.stringify(body(server, 1).messages)).toContain('Use tabs.');
    const sent = body(server, 2).messages;
    const withChange = sent.filter((m) => JSON.stringify(m).includes('Use tabs.'));
    expect(withChange).toHaveLength(1);
    expect(JSON.stringify(sent)).not.toContain('bad thing');
    expect(server.messageRequests().filter((r) => r.rejected)).toEqual([]);
    const loaded = await store.load(resumed.sessionId);
    expect(loaded.ok && loaded.messages).toEqual(resumed.messages());
  });
});
