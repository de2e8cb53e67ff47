/**
 * The web tools end to end over the real wiring and the strict mock: in the request only when a
 * rule allows them, their results and citations readable from the events and sent back as they
 * came, and a paused server-tool turn continued the documented way.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import type { MockServer } from '@coding-harness/mock-anthropic';
import type { Command, SessionEvent } from '@coding-harness/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessArgs } from '../args.js';
import { createSession } from '../session.js';
import { webActivity, webActivityLines } from './activity.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

let ids = 0;
const send = (text: string): Command => ({ id: `w${++ids}`, type: 'send', text });

async function run(script: ScriptBuilder, argv: string[]): Promise<{ events: SessionEvent[]; server: MockServer }> {
  const server = await startMockServer({ script: script.build() });
  undo.push(() => server.close());
  const root = mkdtempSync(join(tmpdir(), 'web-session-'));
  undo.push(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'work'));
  const env = {
    ANTHROPIC_BASE_URL: server.url,
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'config'),
  };
  const parsed = parseHarnessArgs(['-C', join(root, 'work'), '--no-skills', '-p', 'x', ...argv]);
  if (!parsed.ok) throw new Error(parsed.message);
  const session = await createSession(parsed.flags, env, { home: join(root, 'home'), cwd: root });
  undo.push(() => session.close());
  const events: SessionEvent[] = [];
  for await (const e of session.run(send('what is new in node?'))) events.push(e);
  return { events, server };
}

type Body = {
  tools: { name: string; type?: string; [k: string]: unknown }[];
  messages: { role: string; content: unknown }[];
};
const body = (server: MockServer, i: number) => server.messageRequests()[i]!.body as Body;

describe('the web tools', () => {
  it('are in the request only when a rule allows them, with the domains and the opt-in header', async () => {
    const none = await run(new ScriptBuilder().text('hi'), []);
    expect(body(none.server, 0).tools.map((t) => t.name)).not.toContain('web_search');
    expect(body(none.server, 0).tools.some((t) => t.type !== undefined)).toBe(false);

    const both = await run(new ScriptBuilder().text('hi'), [
      '--allowed-tools',
      'WebSearch WebFetch(domain:*.nodejs.org)',
      '--disallowed-tools',
      'WebFetch(domain:evil.test)',
    ]);
    const tools = body(both.server, 0).tools.filter((t) => t.type !== undefined);
    expect(tools).toEqual([
      { type: 'web_search_20250305', name: 'web_search', max_uses: 8, blocked_domains: ['evil.test'] },
      {
        type: 'web_fetch_20250910',
        name: 'web_fetch',
        max_uses: 8,
        allowed_domains: ['nodejs.org'],
        citations: { enabled: true },
        max_content_tokens: 50000,
        cache_control: { type: 'ephemeral' },
      },
    ]);
    expect(both.server.messageRequests()[0]!.headers['anthropic-beta']).toContain('web-fetch-2025-09-10');

    const denied = await run(new ScriptBuilder().text('hi'), [
      '--allowed-tools',
      'WebSearch',
      '--disallowed-tools',
      'WebSearch',
    ]);
    expect(body(denied.server, 0).tools.some((t) => t.type !== undefined)).toBe(false);
  });

  it("a search's results and the text's citations reach the events; a paused turn is sent back as it came and continues", async () => {
    const script = new ScriptBuilder()
      .turn({
        content: [
          {
            type: 'web_search',
            query: 'node 24',
            results: [
              { url: 'https://nodejs.org/blog/24', title: 'Node.js 24' },
              { url: 'https://example.org/n', title: 'A summary' },
            ],
          },
        ],
        stopReason: 'pause_turn',
      })
      .turn({
        content: [
          {
            type: 'text',
            text: 'Node 24 ships npm 11.',
            citations: [{ url: 'https://nodejs.org/blog/24', title: 'Node.js 24', citedText: 'npm 11' }],
          },
        ],
      });
    const { events, server } = await run(script, ['--allowed-tools', 'WebSearch']);
    expect(events.find((e) => e.type === 'turn_end')).toMatchObject({ stopReason: 'end_turn' });
    // pause_turn: the second request is the first one plus the paused reply, unchanged, and no new user message.
    expect(server.messageRequests()).toHaveLength(2);
    const second = body(server, 1).messages;
    expect(second.map((m) => m.role)).toEqual(['user', 'assistant']);
    const pausedReply = events.find((e) => e.type === 'message_end' && e.stopReason === 'pause_turn');
    expect(pausedReply).toBeDefined();
    expect((second[1]!.content as { type: string }[]).map((b) => b.type)).toEqual([
      'server_tool_use',
      'web_search_tool_result',
    ]);
    const lines = events.flatMap((e) => (e.type === 'message_end' ? webActivityLines(webActivity(e.message)) : []));
    expect(lines).toEqual([
      'web search "node 24": 2 results',
      '  Node.js 24  https://nodejs.org/blog/24',
      '  A summary  https://example.org/n',
      'sources:',
      '  [1] Node.js 24  https://nodejs.org/blog/24',
    ]);
  });
});
