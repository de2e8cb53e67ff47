// A custom agent's `mcpServers` names through the whole session: server-everything over stdio,
// the real wiring and the strict mock. The named server's tools join the agent's own `tools`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import type { Command, SessionEvent } from '@coding-harness/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessArgs } from '../args.js';
import { createSession } from '../session.js';

const require = createRequire(import.meta.url);
const EVERYTHING = join(
  dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
);

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

const toolNames = (body: unknown): string[] =>
  ((body as { tools?: { name: string }[] }).tools ?? []).map((t) => t.name);

describe("a custom agent's mcpServers", () => {
  it("gives the agent the named server's tools besides its tools:, and says a name no server has", async () => {
    const server = await startMockServer({
      script: new ScriptBuilder()
        .toolUse('agent', { description: 'echo it', prompt: 'echo hello', subagent_type: 'echoer' })
        .toolUse('mcp__everything__echo', { message: 'hello from the agent' })
        .text('echoed')
        .text('done')
        .build(),
    });
    undo.push(() => server.close());
    const root = mkdtempSync(join(tmpdir(), 'agent-mcp-'));
    undo.push(() => rmSync(root, { recursive: true, force: true }));
    const work = join(root, 'work');
    const agents = join(root, 'home', '.claude', 'agents');
    mkdirSync(work);
    mkdirSync(agents, { recursive: true });
    writeFileSync(
      join(agents, 'echoer.md'),
      '---\nname: echoer\ndescription: echoes\ntools: Read\nmcpServers: [everything, nowhere]\n---\nEcho.\n',
    );
    const config = JSON.stringify({
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } },
    });
    const parsed = parseHarnessArgs([
      '-C',
      work,
      '--no-skills',
      '--no-sandbox',
      '--mcp-config',
      config,
      '--allowed-tools',
      'mcp__everything',
    ]);
    if (!parsed.ok) throw new Error(parsed.message);
    const env = {
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'sk-ant-agent-mcp-test-0123456789',
      PATH: process.env.PATH,
      XDG_STATE_HOME: join(root, 'state'),
      XDG_CONFIG_HOME: join(root, 'config'),
    };
    const session = await createSession(parsed.flags, env, { home: join(root, 'home'), cwd: root });
    undo.push(() => session.close());
    const state = async () => {
      const r = await session.dispatch({ id: `s${Math.random()}`, type: 'slash', text: '/mcp' });
      return r.ok && r.type === 'slash' && r.data.kind === 'mcp' ? r.data.servers[0]?.state : undefined;
    };
    await expect.poll(state, { timeout: 30_000 }).toBe('connected');
    const events: SessionEvent[] = [];
    const send: Command = { id: 'c1', type: 'send', text: 'delegate' };
    for await (const event of session.run(send)) events.push(event);
    const requests = server.messageRequests();
    const threadTools = toolNames(requests[1]?.body);
    expect(threadTools).toEqual(expect.arrayContaining(['read_file', 'mcp__everything__echo']));
    expect(threadTools).not.toContain('bash');
    expect(JSON.stringify(requests[2]?.body)).toContain('Echo: hello from the agent');
    const notices = events.filter((e) => e.type === 'notice').map((e) => (e as { message: string }).message);
    expect(notices.join('\n')).toContain('agent echoer: mcpServers: nowhere is no tool of this session');
  }, 30_000);
});
