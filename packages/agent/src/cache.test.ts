import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import type { Usage } from './events.js';
import type { Hooks } from './hooks.js';
import { cleanup, ofType, setup, tempDir, turn } from './testing/kit.test.util.js';
import { totalInput } from '@coding-harness/model';

afterEach(cleanup);

/** A work root whose AGENTS.md makes the system prompt long enough to cache (> 1,024 tokens). */
async function longPromptRoot(): Promise<string> {
  const root = await tempDir('agent-root-');
  const rules = Array.from(
    { length: 120 },
    (_, i) => `- Rule ${i}: keep functions small and name files for their one job.`,
  ).join('\n');
  await writeFile(join(root, 'AGENTS.md'), `# Project rules\n${rules}\n`);
  await writeFile(join(root, 'a.txt'), 'alpha\n');
  return root;
}

function countBreakpoints(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + countBreakpoints(v), 0);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).reduce((n, [k, v]) => n + (k === 'cache_control' ? 1 : countBreakpoints(v)), 0);
  }
  return 0;
}

describe('prompt caching', () => {
  it('marks the last system block, the last tool and the newest message block, never the stored transcript', async () => {
    const script = new ScriptBuilder().toolUse('read_file', { path: 'a.txt' }).text('done').build();
    const { agent, server } = await setup(script, { workroot: await longPromptRoot() });
    await turn(agent, 'read a.txt');
    for (const req of server.messageRequests()) {
      const b = req.body as {
        system: { cache_control?: unknown }[];
        tools: { cache_control?: unknown }[];
        messages: { content: { cache_control?: unknown }[] }[];
      };
      expect(b.system.at(-1)!.cache_control).toEqual({ type: 'ephemeral' });
      expect(b.tools.at(-1)!.cache_control).toEqual({ type: 'ephemeral' });
      expect(b.messages.at(-1)!.content.at(-1)!.cache_control).toEqual({ type: 'ephemeral' });
      expect(countBreakpoints(b)).toBeLessThanOrEqual(4);
    }
    expect(countBreakpoints(agent.messages())).toBe(0);
  });

  it('a mid-conversation system message gets no breakpoint: the newest mark goes on the user message before it', async () => {
    const script = new ScriptBuilder().text('first').text('second').build();
    // A plugin's context for the second turn: a system message after its user text.
    const note: Hooks = {
      name: 'note',
      beforeTurn: ({ text }) => (text === 'two' ? { context: ['The skills changed.'] } : undefined),
    };
    const { agent, server } = await setup(script, { workroot: await longPromptRoot(), agent: { hooks: [note] } });
    await turn(agent, 'one');
    await turn(agent, 'two');
    const sent = (
      server.messageRequests()[1]!.body as { messages: { role: string; content: { cache_control?: unknown }[] }[] }
    ).messages;
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'system']);
    expect(countBreakpoints(sent[3])).toBe(0);
    expect(sent[2]!.content.at(-1)!.cache_control).toEqual({ type: 'ephemeral' });
    expect(server.messageRequests().filter((r) => r.rejected)).toEqual([]);
  });

  it('cacheTtl 1h marks the system prompt and the tools with the 1-hour TTL, and message breakpoints keep 5 minutes (1h first)', async () => {
    const script = new ScriptBuilder().toolUse('read_file', { path: 'a.txt' }).text('done').build();
    const { agent, server } = await setup(script, { workroot: await longPromptRoot(), agent: { cacheTtl: '1h' } });
    const usages = ofType(await turn(agent, 'read a.txt'), 'usage').map((u) => u.usage);
    for (const req of server.messageRequests()) {
      const b = req.body as {
        system: { cache_control?: unknown }[];
        tools: { cache_control?: unknown }[];
        messages: { content: { cache_control?: unknown }[] }[];
      };
      expect(b.system.at(-1)!.cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });
      expect(b.tools.at(-1)!.cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });
      expect(b.messages.at(-1)!.content.at(-1)!.cache_control).toEqual({ type: 'ephemeral' });
    }
    expect(server.messageRequests().filter((r) => r.rejected)).toEqual([]);
    // The first request writes the prefix up to the tools and system at the 1-hour price.
    expect(usages[0]!.cacheWrite1h).toBeGreaterThan(0);
    expect(usages[0]!.cacheWrite1h).toBeLessThan(usages[0]!.cacheWrite);
  });

  it('from the second request on, each request reads the whole previous request from cache', async () => {
    const script = new ScriptBuilder()
      .toolUse('read_file', { path: 'a.txt' })
      .toolUses([
        { name: 'glob', input: { pattern: '*' } },
        { name: 'glob', input: { pattern: '*.txt' } },
        { name: 'read_file', input: { path: 'a.txt' } },
      ])
      .text('first answer')
      .text('second answer')
      .build();
    const { agent } = await setup(script, { workroot: await longPromptRoot() });
    const usages = [
      ...ofType(await turn(agent, 'look around'), 'usage'),
      ...ofType(await turn(agent, 'and now?'), 'usage'),
    ].map((u) => u.usage);
    expect(usages).toHaveLength(4);
    expect(usages[0]!.cacheRead).toBe(0);
    expect(usages[0]!.cacheWrite).toBe(totalInput(usages[0]!));
    for (let i = 1; i < usages.length; i++) {
      expect(usages[i]!.cacheRead).toBe(totalInput(usages[i - 1]!));
      expect(usages[i]!.input).toBe(0);
    }
  });

  it('reads from cache even when one reply adds more blocks than the 20-block lookback', async () => {
    const calls = Array.from({ length: 12 }, () => ({ name: 'glob', input: { pattern: '*.txt' } }));
    const script = new ScriptBuilder().toolUses(calls).text('done').build();
    const { agent } = await setup(script, { workroot: await longPromptRoot() });
    const usages = ofType(await turn(agent, 'glob a lot'), 'usage').map((u) => u.usage);
    expect(usages[1]!.cacheRead).toBe(totalInput(usages[0]!));
  });

  it('a scripted 10-turn session reads most of its input from cache', async () => {
    const builder = new ScriptBuilder();
    for (let i = 0; i < 10; i++) builder.text(`answer ${i}: ${'details '.repeat(20)}`);
    const { agent } = await setup(builder.build(), { workroot: await longPromptRoot() });
    const usages: Usage[] = [];
    for (let i = 0; i < 10; i++)
      usages.push(...ofType(await turn(agent, `question ${i}: what next?`), 'usage').map((u) => u.usage));
    const read = usages.reduce((s, u) => s + u.cacheRead, 0);
    const input = usages.reduce((s, u) => s + totalInput(u), 0);
    const share = read / input;
    expect(usages).toHaveLength(10);
    expect(share).toBeGreaterThan(0.75);
  });
});
