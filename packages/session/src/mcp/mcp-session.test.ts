// MCP through the whole session: real servers (server-everything over stdio, the mcp package's
// fixture server written with the SDK), the real wiring, and the strict mock Messages API.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import type { MockServer } from '@coding-harness/mock-anthropic';
import type { Command, SessionEvent } from '@coding-harness/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessArgs } from '../args.js';
import { createSession } from '../session.js';
import type { Session } from '../session.js';

const require = createRequire(import.meta.url);
const EVERYTHING = join(
  dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
);
const FIXTURE = join(dirname(require.resolve('@coding-harness/mcp/package.json')), 'src/testing/fixture-server.mjs');
const API_KEY = 'sk-ant-session-test-key-0123456789abcdef';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

let ids = 0;
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
const cmd = (command: WithoutId<Command>): Command => ({ id: `m${++ids}`, ...command }) as Command;

const servers = (entries: Record<string, { args: string[]; env?: Record<string, string> }>) =>
  JSON.stringify({
    mcpServers: Object.fromEntries(
      Object.entries(entries).map(([name, e]) => [name, { command: process.execPath, args: e.args, env: e.env ?? {} }]),
    ),
  });

async function open(
  script: ScriptBuilder,
  argv: string[],
  setup?: (work: string) => void,
  moreEnv: Record<string, string> = {},
) {
  const server: MockServer = await startMockServer({ script: script.build() });
  undo.push(() => server.close());
  const root = mkdtempSync(join(tmpdir(), 'session-mcp-'));
  undo.push(() => rmSync(root, { recursive: true, force: true }));
  const work = join(root, 'work');
  mkdirSync(work);
  setup?.(work);
  const env = {
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: API_KEY,
    PATH: process.env.PATH,
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'config'),
    ...moreEnv,
  };
  const parsed = parseHarnessArgs(['-C', work, '--no-skills', '--no-sandbox', ...argv]);
  if (!parsed.ok) throw new Error(parsed.message);
  const session: Session = await createSession(parsed.flags, env, { home: join(root, 'home'), cwd: root });
  undo.push(() => session.close());
  return { session, server, work, root };
}

async function send(session: Session, text: string, answer?: 'once' | 'deny') {
  const events: SessionEvent[] = [];
  for await (const event of session.run(cmd({ type: 'send', text }))) {
    events.push(event);
    if (event.type === 'approval_requested')
      void session.dispatch(
        cmd({
          type: 'answer',
          requestId: event.requestId,
          answer: answer === 'once' ? { type: 'once' } : { type: 'deny' },
        }),
      );
  }
  return events;
}

async function mcpRows(session: Session) {
  const result = await session.dispatch(cmd({ type: 'slash', text: '/mcp' }));
  if (!result.ok || result.type !== 'slash' || result.data.kind !== 'mcp') throw new Error(JSON.stringify(result));
  return result.data.servers;
}

const toolNames = (body: unknown): string[] =>
  ((body as { tools?: { name: string }[] }).tools ?? []).map((t) => t.name);

describe('MCP servers in a session', () => {
  it('tools ready before the first message are sent in full, schemas byte for byte; an image result reaches the model', async () => {
    const { session, server } = await open(
      new ScriptBuilder().toolUse('mcp__everything__get-tiny-image', {}).text('seen'),
      ['--mcp-config', servers({ everything: { args: [EVERYTHING, 'stdio'] } })],
    );
    await expect.poll(async () => (await mcpRows(session))[0]?.state, { timeout: 30_000 }).toBe('connected');
    const events = await send(session, 'show me the image');
    expect(events.some((e) => e.type === 'approval_requested')).toBe(false);
    const [first, second] = server.messageRequests().map((r) => r.body as Record<string, unknown>);
    const names = toolNames(first);
    expect(names).toEqual(expect.arrayContaining(['mcp_search', 'mcp_call', 'mcp__everything__echo']));
    const echo = (first?.tools as { name: string; input_schema: unknown }[]).find(
      (t) => t.name === 'mcp__everything__echo',
    );
    expect(JSON.stringify(echo?.input_schema)).toBe(
      '{"type":"object","properties":{"message":{"type":"string","description":"Message to echo"}},"required":["message"],"$schema":"http://json-schema.org/draft-07/schema#"}',
    );
    const messages = second?.messages as { role: string; content: { type: string; content?: { type: string }[] }[] }[];
    const result = messages.at(-1)?.content.find((c) => c.type === 'tool_result');
    expect(result?.content?.map((c) => c.type)).toContain('image');
  });

  it('tools arriving after the conversation began are reached through mcp_call; the tool list keeps its bytes; the next turn names them', async () => {
    const { session, server } = await open(
      new ScriptBuilder()
        .text('first answer')
        .toolUse('mcp_call', { tool: 'mcp__fixture__big', arguments: { chars: 12 } })
        .text('called'),
      ['--mcp-config', servers({ fixture: { args: [FIXTURE] } }), '--allowed-tools', 'mcp__fixture'],
    );
    await send(session, 'one');
    await expect.poll(async () => (await mcpRows(session))[0]?.state, { timeout: 30_000 }).toBe('connected');
    const events = await send(session, 'two');
    expect(events.some((e) => e.type === 'approval_requested')).toBe(false);
    const finished = events.find((e) => e.type === 'tool_call_finished');
    expect(finished).toMatchObject({ isError: false, content: [{ type: 'text', text: 'x'.repeat(12) }] });
    const bodies = server.messageRequests().map((r) => r.body as Record<string, unknown>);
    expect(toolNames(bodies[0])).not.toContain('mcp__fixture__big');
    for (const body of bodies) expect(JSON.stringify(body.tools)).toBe(JSON.stringify(bodies[0]?.tools));
    const told = JSON.stringify(bodies[1]?.messages);
    expect(told).toContain('MCP tools are available through mcp_call');
    expect(told).toContain('mcp__fixture__big');
  });

  it('an MCP tool without an allow rule asks, and a "no" keeps it from running', async () => {
    const { session } = await open(new ScriptBuilder().toolUse('mcp__fixture__big', { chars: 5 }).text('ok'), [
      '--mcp-config',
      servers({ fixture: { args: [FIXTURE] } }),
    ]);
    await expect.poll(async () => (await mcpRows(session))[0]?.state, { timeout: 30_000 }).toBe('connected');
    const events = await send(session, 'go', 'deny');
    const asked = events.find((e) => e.type === 'approval_requested');
    expect(asked).toMatchObject({ tool: 'mcp__fixture__big', kind: 'exec' });
    expect(events.find((e) => e.type === 'tool_call_finished')).toMatchObject({ isError: true });
  });

  it("never gives a server the harness's API key", async () => {
    const { session } = await open(new ScriptBuilder().toolUse('mcp__fixture__env', {}).text('ok'), [
      '--mcp-config',
      servers({ fixture: { args: [FIXTURE], env: { GIVEN: 'yes' } } }),
    ]);
    await expect.poll(async () => (await mcpRows(session))[0]?.state, { timeout: 30_000 }).toBe('connected');
    const events = await send(session, 'env');
    const finished = events.find((e) => e.type === 'tool_call_finished');
    const text = JSON.stringify(finished);
    expect(text).toContain('GIVEN');
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain('ANTHROPIC_API_KEY');
  });

  it("an untrusted repository's .mcp.json is not started; trusted, it still waits for an approval; approved, it starts", async () => {
    const marker = `mcp-untrusted-${process.pid}-${Date.now()}`;
    const setup = (work: string) =>
      writeFileSync(join(work, '.mcp.json'), servers({ repo: { args: [FIXTURE, marker] } }));
    const untrusted = await open(new ScriptBuilder().text('a'), [], setup);
    expect(untrusted.session.info.startupMessages.join('\n')).toMatch(
      /not started .*this repository is not trusted; harness --trust/,
    );
    expect(await mcpRows(untrusted.session)).toEqual([]);
    const trusted = await open(new ScriptBuilder().text('a'), ['--trust'], setup);
    expect(trusted.session.info.startupMessages.join('\n')).toContain('not approved yet');
    expect(await mcpRows(trusted.session)).toEqual([]);
    const running = () => {
      try {
        return execFileSync('pgrep', ['-f', marker], { encoding: 'utf8' }).trim() !== '';
      } catch {
        return false;
      }
    };
    expect(running()).toBe(false);
    const approved = await open(new ScriptBuilder().text('a'), ['--trust', '--approve-mcp', 'repo'], setup);
    await expect.poll(async () => (await mcpRows(approved.session))[0]?.state, { timeout: 30_000 }).toBe('connected');
    expect(running()).toBe(true);
    await approved.session.close();
    await expect.poll(running, { timeout: 10_000 }).toBe(false);
  });

  it('a server with 300 tools, client-side search: the tools sent in full stay under the 30 KB budget; another is found with mcp_search and called', async () => {
    const { session, server } = await open(
      new ScriptBuilder()
        .toolUse('mcp_search', { query: 'tool_287' })
        .toolUse('mcp_call', { tool: 'mcp__many__tool_287', arguments: { id: 'abc' } })
        .text('found it'),
      [
        '--mcp-config',
        servers({ many: { args: [FIXTURE], env: { FIXTURE_TOOLS: '300' } } }),
        '--allowed-tools',
        'mcp__many__tool_287',
      ],
      undefined,
      { HARNESS_MCP_TOOL_SEARCH: 'client' },
    );
    await expect.poll(async () => (await mcpRows(session))[0]?.tools, { timeout: 30_000 }).toBe(304);
    const events = await send(session, 'find tool 287');
    const bodies = server.messageRequests().map((r) => r.body as { tools: { name: string }[] });
    const mcpDefinitions = bodies[0]?.tools.filter((t) => t.name.startsWith('mcp__')) ?? [];
    expect(mcpDefinitions.length).toBeGreaterThan(0);
    expect(mcpDefinitions.length).toBeLessThan(304);
    expect(JSON.stringify(mcpDefinitions).length).toBeLessThan(30_000);
    expect(mcpDefinitions.map((t) => t.name)).not.toContain('mcp__many__tool_287');
    const results = events.filter((e) => e.type === 'tool_call_finished');
    expect(JSON.stringify(results[0])).toContain('mcp__many__tool_287');
    expect(JSON.stringify(results[0])).toContain('The record id');
    expect(results[1]).toMatchObject({ isError: false, content: [{ type: 'text', text: 'record 287: abc' }] });
  });

  it("a server with 300 tools, the API's tool search: the rest go deferred beside the search tool, one is found and called by name, the tool list keeps its bytes", async () => {
    const { session, server } = await open(
      new ScriptBuilder()
        .turn({
          content: [
            { type: 'tool_search', query: 'tool_287' },
            { type: 'tool_use', name: 'mcp__many__tool_287', input: { id: 'abc' } },
          ],
        })
        .text('found it'),
      [
        '--mcp-config',
        servers({ many: { args: [FIXTURE], env: { FIXTURE_TOOLS: '300' } } }),
        '--allowed-tools',
        'mcp__many__tool_287',
      ],
    );
    await expect.poll(async () => (await mcpRows(session))[0]?.tools, { timeout: 30_000 }).toBe(304);
    const events = await send(session, 'find tool 287');
    type WireTool = { name: string; type?: string; defer_loading?: boolean; cache_control?: unknown };
    const bodies = server.messageRequests().map((r) => r.body as { tools: WireTool[]; messages: unknown[] });
    const tools = bodies[0]?.tools ?? [];
    expect(tools.find((t) => t.type === 'tool_search_tool_regex_20251119')).toEqual({
      type: 'tool_search_tool_regex_20251119',
      name: 'tool_search_tool_regex',
    });
    const mcp = tools.filter((t) => t.name.startsWith('mcp__'));
    const shown = mcp.filter((t) => t.defer_loading !== true);
    const hidden = mcp.filter((t) => t.defer_loading === true);
    expect(shown.length + hidden.length).toBe(304);
    expect(shown.length).toBeGreaterThan(0);
    expect(JSON.stringify(shown).length).toBeLessThan(30_000);
    expect(hidden.map((t) => t.name)).toContain('mcp__many__tool_287');
    // The breakpoint is on the last tool the prompt shows, never on a deferred one.
    expect(tools.filter((t) => t.cache_control !== undefined).map((t) => t.defer_loading)).toEqual([undefined]);
    const finished = events.filter((e) => e.type === 'tool_call_finished');
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ isError: false, content: [{ type: 'text', text: 'record 287: abc' }] });
    // The second request carries the search's blocks back and the same tool list, byte for byte.
    expect(JSON.stringify(bodies[1]?.tools)).toBe(JSON.stringify(bodies[0]?.tools));
    const history = JSON.stringify(bodies[1]?.messages);
    expect(history).toContain('"tool_search_tool_result"');
    expect(history).toContain('"tool_name":"mcp__many__tool_287"');
    expect(JSON.stringify(bodies[0]?.messages)).toContain('find them with tool_search_tool_regex');
  });

  it('a server failing to start and one dying mid-session are notices and /mcp states, the session goes on', async () => {
    const { session } = await open(
      new ScriptBuilder().toolUse('mcp__fixture__die', {}).text('after').text('still here'),
      [
        '--mcp-config',
        servers({ fixture: { args: [FIXTURE] }, broken: { args: ['-e', 'process.exit(4)'] } }),
        '--allowed-tools',
        'mcp__fixture__die',
      ],
    );
    const notices: string[] = [];
    session.subscribe((e) => {
      if (e.type === 'notice') notices.push(e.message);
    });
    await expect
      .poll(async () => (await mcpRows(session)).map((r) => r.state).sort(), { timeout: 30_000 })
      .toEqual(['connected', 'failed']);
    await send(session, 'die');
    await expect
      .poll(async () => (await mcpRows(session)).find((r) => r.name === 'fixture')?.state, { timeout: 10_000 })
      .toBe('closed');
    expect(notices.some((n) => /MCP server fixture .* stopped/.test(n))).toBe(true);
    const after = await send(session, 'again');
    expect(after.find((e) => e.type === 'turn_end')).toMatchObject({ stopReason: 'end_turn' });
    const reconnect = await session.dispatch(cmd({ type: 'slash', text: '/mcp reconnect fixture' }));
    expect(reconnect).toMatchObject({ ok: true, data: { kind: 'mcp', message: 'reconnected fixture: connected' } });
  });
});
