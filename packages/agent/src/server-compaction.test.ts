import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from './agent.js';
import type { AgentEvent } from './events.js';
import { createSessionStore } from './session-store.js';
import type { Hooks } from './hooks.js';
import { anthropicAt, body, cleanup, ofType, setup, tempDir, turn } from './testing/kit.test.util.js';
import { createPolicy } from '@coding-harness/approval';
import { createToolRegistry } from '@coding-harness/tools';

afterEach(cleanup);

const think = (thinking: string) => ({ type: 'thinking' as const, thinking });
const rejected = (server: Awaited<ReturnType<typeof setup>>['server']) =>
  server.messageRequests().flatMap((r, i) => (r.rejected ? [`request ${i}: ${r.rejected.message}`] : []));

describe('compaction by the API (claude-sonnet-5-5: on-demand compaction)', () => {
  it('in the middle of a tool loop: the API writes the summary, the kept turns keep their thinking, and the session goes on (and resumes)', async () => {
    const workroot = await tempDir('agent-root-');
    await writeFile(join(workroot, 'big.txt'), `${'z'.repeat(90)}\n`.repeat(400));
    await writeFile(join(workroot, 'small.txt'), 'small\n');
    const script = new ScriptBuilder()
      .turn({
        content: [think('Read the big file.'), { type: 'tool_use', name: 'read_file', input: { path: 'big.txt' } }],
      })
      .turn({ content: [think('Now list them.'), { type: 'tool_use', name: 'glob', input: { pattern: '*.txt' } }] })
      .turn({
        content: [think('The small one too.'), { type: 'tool_use', name: 'read_file', input: { path: 'small.txt' } }],
      })
      .turn({ content: [think('Done.'), { type: 'text', text: 'Both files read.' }] })
      .turn({ content: [think('Follow-up.'), { type: 'text', text: 'Nothing else.' }] })
      .build();
    const store = createSessionStore({ dir: await tempDir('agent-sessions-') });
    const tidy: Hooks = {
      name: 'tidy',
      afterCompact: () => ({ reattach: [{ label: 'tidy', text: 'Keep every file tidy.' }] }),
    };
    const { agent, server } = await setup(script, {
      workroot,
      // What a plugin re-attaches (the skills plugin: an invoked skill's body) rides in the kept turns.
      agent: { contextWindow: 12_000, sessionStore: store, hooks: [tidy] },
    });
    const first = await turn(agent, 'look at the files');
    const [compaction] = ofType(first, 'compaction');
    expect(compaction).toBeDefined();
    expect(compaction!.tokensBefore).toBeGreaterThan(0.8 * 12_000);
    expect(compaction!.tokensAfter).toBeLessThan(compaction!.tokensBefore / 2);
    expect(compaction!.reattachedSkills).toEqual(['tidy']);
    await turn(agent, 'anything else?');
    expect(rejected(server)).toEqual([]);

    const requests = server.messageRequests();
    const asked = requests.findIndex((r) => (r.body as { compaction?: unknown }).compaction !== undefined);
    expect(asked).toBeGreaterThan(0);
    expect(requests[asked]!.headers['anthropic-beta']).toBe('compact-2026-09-04');
    expect((requests[asked]!.body as { compaction: unknown }).compaction).toEqual({ type: 'summarize' });
    // The summarized messages are exactly those of the request before: the kept reply follows them.
    const unmarked = (i: number) =>
      body(server, i).messages.map((m) => ({ ...m, content: m.content.map(({ cache_control: _c, ...b }) => b) }));
    expect(unmarked(asked)).toEqual(unmarked(asked - 1));
    const next = body(server, asked + 1);
    expect(requests[asked + 1]!.headers['anthropic-beta']).toBe('compact-2026-09-04');
    expect(next.messages.map((m) => m.role)).toEqual(['assistant', 'user']);
    expect(next.messages[0]!.content[0]).toMatchObject({
      type: 'compaction',
      content: expect.stringContaining('Summary'),
    });
    // The kept turn goes back with its thinking after the block, and the strict mock's prefix check accepts it.
    expect(next.messages[0]!.content.map((b) => b.type)).toEqual(['compaction', 'thinking', 'tool_use']);
    expect(JSON.stringify(next.messages[1])).toContain('Keep every file tidy.');
    expect(requests.flatMap((r) => r.thinkingTransformations ?? [])).toEqual([]);
    expect(JSON.stringify(next.system)).toBe(JSON.stringify(body(server, 0).system));
    expect(JSON.stringify(next.tools)).toBe(JSON.stringify(body(server, 0).tools));

    // The session file holds the compacted transcript, and a resumed agent sends it as it is.
    await agent.close();
    const loaded = await store.load(agent.sessionId);
    expect(loaded.ok && loaded.messages).toEqual(agent.messages());
    server.setScript(
      new ScriptBuilder().turn({ content: [think('Resumed.'), { type: 'text', text: 'Back.' }] }).build(),
    );
    const registry = createToolRegistry({});
    const resumed = await createAgent({
      providers: anthropicAt(server.url),
      model: 'claude-sonnet-5-5',
      registry,
      policy: createPolicy({ tools: registry.ruleNames() }),
      workroot,
      sessionStore: store,
      resumeId: agent.sessionId,
      clock: () => new Date('2025-06-01T12:00:00Z'),
    });
    const again = await turn(resumed, 'go on');
    expect(ofType(again, 'error')).toEqual([]);
    expect(body(server, server.messageRequests().length - 1).messages[0]!.content[0]).toMatchObject({
      type: 'compaction',
    });
    expect(rejected(server)).toEqual([]);
    await resumed.close();
  });

  it('/compact with a focus sends it as the summarization instructions; a resumed session reports real tokens before', async () => {
    const store = createSessionStore({ dir: await tempDir('agent-sessions-') });
    const { agent, server } = await setup(new ScriptBuilder().text('first').text('second').build(), {
      agent: { sessionStore: store },
    });
    await turn(agent, 'one');
    await turn(agent, 'two');
    await agent.close();
    const registry = createToolRegistry({});
    const resumed = await createAgent({
      providers: anthropicAt(server.url),
      model: 'claude-sonnet-5-5',
      registry,
      policy: createPolicy({ tools: registry.ruleNames() }),
      workroot: await tempDir('agent-root-'),
      sessionStore: store,
      resumeId: agent.sessionId,
    });
    const events: unknown[] = [];
    for await (const e of resumed.compact({ focus: 'the file names' })) events.push(e);
    const done = events.find((e) => (e as { type: string }).type === 'compaction') as
      | { tokensBefore: number }
      | undefined;
    expect(done?.tokensBefore).toBeGreaterThan(0);
    const asked = server.messageRequests().at(-1)!.body as { compaction: { instructions: string } };
    expect(asked.compaction.instructions).toContain('Focus the summary on: the file names');
    expect(rejected(server)).toEqual([]);
    await resumed.close();
  });

  it('when the API returns no summary (max_tokens too small), the harness writes the summary itself', async () => {
    const script = new ScriptBuilder()
      .text('first answer')
      .text('SUMMARY: short.', { match: 'about to be compacted' })
      .build();
    const { agent, server } = await setup(script, { agent: { maxTokens: 12 } });
    await turn(agent, 'one');
    const events: AgentEvent[] = [];
    for await (const e of agent.compact()) events.push(e);
    expect(ofType(events, 'notice')[0]?.message).toContain('the API returned no summary (stop reason max_tokens)');
    expect(events.some((e) => e.type === 'compaction')).toBe(true);
    expect(JSON.stringify(agent.messages()[0])).toContain('SUMMARY: short.');
    expect(rejected(server)).toEqual([]);
  });
});
