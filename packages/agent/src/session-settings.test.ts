/**
 * `/model` and `/effort` switches are recorded in the session file (a `settings` record), and a
 * resume continues with the last ones in force, sending the stored prefix unchanged.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createPolicy } from '@coding-harness/approval';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import type { MockServer } from '@coding-harness/mock-anthropic';
import { createToolRegistry } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import type { Agent, AgentOptions } from './agent.js';
import { createAgent } from './agent.js';
import { createSessionStore } from './session-store.js';
import { anthropicAt, body, cleanup, mockServer, ofType, tempDir, turn } from './testing/kit.test.util.js';

afterEach(cleanup);

interface World {
  server: MockServer;
  dir: string;
  workroot: string;
}

async function world(replies: number): Promise<World> {
  const script = new ScriptBuilder();
  for (let i = 0; i < replies; i++) script.text(`reply ${i + 1}`);
  const server = await mockServer(script.build());
  return { server, dir: join(await tempDir('settings-home-'), 'sessions'), workroot: await tempDir('settings-root-') };
}

function agentIn(w: World, opts: Partial<AgentOptions> = {}): Promise<Agent> {
  return createAgent({
    providers: anthropicAt(w.server.url),
    model: 'claude-sonnet-5-5',
    registry: createToolRegistry({ rgPath: null }),
    policy: createPolicy({ mode: 'bypassPermissions' }),
    workroot: w.workroot,
    sessionStore: createSessionStore({ dir: w.dir }),
    retry: { sleep: async () => undefined, baseDelayMs: 1, maxAttempts: 1 },
    ...opts,
  });
}

const records = async (w: World, id: string): Promise<{ type: string }[]> =>
  (await readFile(join(w.dir, `${id}.jsonl`), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string });
const prefixBytes = (server: MockServer, i: number): string =>
  JSON.stringify([body(server, i).system, body(server, i).tools]);

describe('model and effort switches across a resume', () => {
  it('are recorded, and a resume continues with the last model and effort, prefix byte-identical, saying so', async () => {
    const w = await world(2);
    const first = await agentIn(w);
    await turn(first, 'one');
    expect(first.setModel('claude-opus-5-5')).toEqual([]);
    expect(first.setEffort('low')).toEqual([]);
    expect((await records(w, first.sessionId)).filter((r) => r.type === 'settings')).toEqual([
      { type: 'settings', model: 'claude-opus-5-5' },
      { type: 'settings', model: 'claude-opus-5-5', effort: 'low' },
    ]);

    const second = await agentIn(w, { resumeId: first.sessionId });
    expect(second.model).toBe('claude-opus-5-5');
    expect(second.settings()).toMatchObject({ model: 'claude-opus-5-5', effort: 'low' });
    expect(second.notices).toContain(
      `session ${first.sessionId} resumes with claude-opus-5-5 (effort low), as last set in it (--model / --effort choose others)`,
    );
    const events = await turn(second, 'two');
    expect(ofType(events, 'error')).toEqual([]);
    expect(body(w.server, 1)).toMatchObject({ model: 'claude-opus-5-5', output_config: { effort: 'low' } });
    expect(prefixBytes(w.server, 1)).toBe(prefixBytes(w.server, 0));
  });

  it('a model named for this run wins (resumeKeeps), with the notice naming the one last used', async () => {
    const w = await world(2);
    const first = await agentIn(w);
    await turn(first, 'one');
    first.setModel('claude-opus-5-5');
    const second = await agentIn(w, { resumeId: first.sessionId, resumeKeeps: { model: false, effort: true } });
    expect(second.model).toBe('claude-sonnet-5-5');
    expect(second.notices.join('\n')).toContain(
      `session ${first.sessionId} was last using claude-opus-5-5 and resumes with claude-sonnet-5-5`,
    );
    await turn(second, 'two');
    expect(body(w.server, 1).model).toBe('claude-sonnet-5-5');
  });

  it('a switch before the first message is in the file from its start; a session never switched records none', async () => {
    const w = await world(2);
    const switched = await agentIn(w);
    switched.setModel('claude-opus-5-5');
    await turn(switched, 'one');
    expect((await records(w, switched.sessionId)).map((r) => r.type)).toEqual([
      'session',
      'prefix',
      'settings',
      'message',
      'message',
    ]);
    expect((await agentIn(w, { resumeId: switched.sessionId })).model).toBe('claude-opus-5-5');

    const plain = await agentIn(w);
    await turn(plain, 'two');
    expect((await records(w, plain.sessionId)).some((r) => r.type === 'settings')).toBe(false);
  });
});
