// MCP prompts, resources and elicitation through the whole session: server-everything over stdio,
// the real wiring, and the strict mock Messages API; every answer goes over the protocol by id.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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
const FIXTURE = join(dirname(require.resolve('@coding-harness/mcp/package.json')), 'src/testing/prompts-fixture.mjs');
const CONFIG = JSON.stringify({
  mcpServers: {
    everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] },
    fx: { command: process.execPath, args: [FIXTURE] },
  },
});

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

let ids = 0;
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
const cmd = (command: WithoutId<Command>): Command => ({ id: `p${++ids}`, ...command }) as Command;

async function open(script: ScriptBuilder, elicitation: boolean) {
  const server: MockServer = await startMockServer({ script: script.build() });
  undo.push(() => server.close());
  const root = mkdtempSync(join(tmpdir(), 'session-mcp-ux-'));
  undo.push(() => rmSync(root, { recursive: true, force: true }));
  const work = join(root, 'work');
  mkdirSync(work);
  const env = {
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: 'sk-ant-session-test-key-0123456789abcdef',
    PATH: process.env.PATH,
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'config'),
  };
  const argv = [
    '-C',
    work,
    '--no-skills',
    '--no-sandbox',
    '--mcp-config',
    CONFIG,
    '--allowed-tools',
    'mcp__everything',
  ];
  const parsed = parseHarnessArgs(argv);
  if (!parsed.ok) throw new Error(parsed.message);
  const session: Session = await createSession(parsed.flags, env, { home: join(root, 'home'), cwd: root, elicitation });
  undo.push(() => session.close());
  return { session, server };
}

/** Waits until the server's prompts and resources are listed. */
async function ready(session: Session): Promise<void> {
  await expect.poll(() => session.mcpCommands?.().length ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(() => session.mcpMentions?.('@every').length ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
}

async function send(session: Session, text: string, onEvent?: (e: SessionEvent) => void) {
  const events: SessionEvent[] = [];
  for await (const event of session.run(cmd({ type: 'send', text }))) {
    events.push(event);
    onEvent?.(event);
  }
  return events;
}

/** The last user message of request `at` (a system note about arrived tools may follow it). */
const userText = (server: MockServer, at = 0): string =>
  JSON.stringify(
    (server.messageRequests()[at]?.body as { messages: { role: string }[] }).messages
      .filter((m) => m.role === 'user')
      .at(-1),
  );

describe('MCP prompts in the session', () => {
  it('are commands in /help and completion, routed with their arguments checked', async () => {
    const { session } = await open(new ScriptBuilder().text('x'), false);
    await ready(session);
    const args = session.mcpCommands?.().find((c) => c.name === 'mcp__everything__args-prompt');
    expect(args).toMatchObject({
      args: '<city> [state]',
      description: expect.stringContaining('(MCP prompt of everything)'),
    });
    const help = await session.dispatch(cmd({ type: 'slash', text: '/help' }));
    expect(
      help.ok && help.type === 'slash' && help.data.kind === 'help' && help.data.commands.map((c) => c.name),
    ).toContain('mcp__everything__simple-prompt');
    expect(session.route('/mcp__everything__args-prompt Paris')).toEqual({ kind: 'text' });
    expect(session.route('/mcp__everything__args-prompt')).toEqual({
      kind: 'unknown',
      message:
        '/mcp__everything__args-prompt needs the argument city (Name of the city); usage: /mcp__everything__args-prompt <city> [state]; nothing was sent',
    });
    expect(session.route('/mcp__everything__nope')).toMatchObject({
      kind: 'unknown',
      message: expect.stringContaining('has no such prompt'),
    });
    expect(session.route('/mcp__elsewhere__x')).toMatchObject({ kind: 'unknown' });
  });

  it("a prompt's message is the turn's user message; a refused one is the send's error", async () => {
    const { session, server } = await open(new ScriptBuilder().text('fine'), false);
    await send(session, '/mcp__everything__simple-prompt');
    expect(userText(server)).toContain('This is a simple prompt without arguments.');
    const refused = await session.dispatch(cmd({ type: 'send', text: '/mcp__everything__resource-prompt Nope 1' }));
    expect(refused).toMatchObject({
      ok: false,
      error: expect.stringContaining('MCP server everything refused the prompt'),
    });
    expect(server.messageRequests()).toHaveLength(1);
  });
});

describe('MCP prompts that change', () => {
  it("a prompt the server adds while connected becomes a command; an image in a prompt's message reaches the model", async () => {
    const script = new ScriptBuilder()
      .toolUse('mcp_call', { tool: 'mcp__fx__add-prompt', arguments: {} })
      .text('added')
      .text('a dot');
    const { session, server } = await open(script, false);
    await expect
      .poll(() => session.mcpCommands?.().map((c) => c.name) ?? [], { timeout: 20_000 })
      .toContain('mcp__fx__look');
    expect(session.mcpCommands?.().map((c) => c.name)).not.toContain('mcp__fx__later');
    const approvals: string[] = [];
    await send(session, 'add one', (e) => {
      if (e.type !== 'approval_requested') return;
      approvals.push(e.summary);
      void session.dispatch(cmd({ type: 'answer', requestId: e.requestId, answer: { type: 'once' } }));
    });
    expect(approvals).toEqual(['mcp__fx__add-prompt {}']);
    await expect
      .poll(() => session.mcpCommands?.().map((c) => c.name) ?? [], { timeout: 10_000 })
      .toContain('mcp__fx__later');
    await send(session, '/mcp__fx__look "a red dot"');
    // The prompt's user message (a system note about arrived tools may follow it).
    const messages = (server.messageRequests().at(-1)?.body as { messages: { role: string }[] }).messages;
    const last = JSON.stringify(messages.filter((m) => m.role === 'user').at(-1));
    expect(last).toContain('Find a red dot in this picture.');
    expect(last).toContain('"type":"image"');
  });
});

describe('MCP resources in the session', () => {
  it('completes @server:uri and attaches what is read, templates offered to their first brace', async () => {
    const { session, server } = await open(new ScriptBuilder().text('ok'), false);
    await ready(session);
    const offered = session.mcpMentions?.('look at @everything:demo://resource/d') ?? [];
    expect(offered).toContain('@everything:demo://resource/dynamic/text/');
    expect(offered).toContain('@everything:demo://resource/dynamic/blob/');
    const notices: string[] = [];
    await send(session, 'see @everything:demo://resource/dynamic/text/9 please', (e) => {
      if (e.type === 'notice') notices.push(e.message);
    });
    expect(notices).toContainEqual(
      expect.stringMatching(/^attached @everything:demo:\/\/resource\/dynamic\/text\/9 \(\d+ characters\)$/),
    );
    expect(userText(server)).toContain('Resource 9: This is a plaintext resource');
  });
});

describe('MCP elicitation in the session', () => {
  const script = () =>
    new ScriptBuilder()
      .toolUse('mcp_call', { tool: 'mcp__everything__trigger-elicitation-request', arguments: {} })
      .text('done');

  it('a question is an event; the answer by id reaches the server', async () => {
    const { session, server } = await open(script(), true);
    const seen: SessionEvent[] = [];
    await send(session, 'ask me', (e) => {
      seen.push(e);
      if (e.type === 'elicitation_requested')
        void session.dispatch(
          cmd({
            type: 'answer_elicitation',
            requestId: e.requestId,
            answer: { action: 'accept', content: { name: 'Grace' } },
          }),
        );
    });
    const asked = seen.find((e) => e.type === 'elicitation_requested');
    expect(asked).toMatchObject({ server: 'everything', message: 'Please provide inputs for the following fields:' });
    expect(seen).toContainEqual(expect.objectContaining({ type: 'elicitation_resolved', action: 'accept' }));
    expect(JSON.stringify(server.messageRequests()[1]?.body)).toContain('- Name: Grace');
    const stale = await session.dispatch(
      cmd({ type: 'answer_elicitation', requestId: 'elicit_nothing', answer: { action: 'decline' } }),
    );
    expect(stale).toMatchObject({ ok: false, error: 'no open MCP server question has the request id elicit_nothing' });
  });

  it('without a front end that answers, the capability is not declared and the server cannot ask', async () => {
    const { session, server } = await open(script(), false);
    const events = await send(session, 'ask me');
    expect(events.some((e) => e.type === 'elicitation_requested')).toBe(false);
    // The server offers no elicitation tool to a client that cannot answer: the call fails, naming the tool.
    expect(JSON.stringify(server.messageRequests()[1]?.body)).toContain('trigger-elicitation-request');
    expect(JSON.stringify(server.messageRequests()[1]?.body)).toContain('"is_error":true');
  });
});
