// MCP servers from settings files and installed plugins, and the settings keys that approve or
// hold back a repository's .mcp.json servers: real files in a temp home and work root, the
// mcp package's fixture server (a real stdio MCP server), the session against the strict mock.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import type { SessionEvent } from '@coding-harness/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessArgs } from '../args.js';
import type { HarnessIo } from '../harness-io.js';
import { createSession } from '../session.js';
import type { McpServerAnswer, McpServerQuestion } from './ask.js';

const require = createRequire(import.meta.url);
const FIXTURE = join(dirname(require.resolve('@coding-harness/mcp/package.json')), 'src/testing/fixture-server.mjs');
const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

const put = (file: string, text: string) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
};
const fixture = (env: Record<string, string> = {}) => ({ command: process.execPath, args: [FIXTURE], env });

async function open(
  script: ScriptBuilder,
  argv: string[],
  setup: (home: string, work: string) => void,
  more: Partial<HarnessIo> = {},
  at?: string,
) {
  const server = await startMockServer({ script: script.build() });
  undo.push(() => server.close());
  const root = at ?? mkdtempSync(join(tmpdir(), 'session-mcp-sources-'));
  if (at === undefined) undo.push(() => rmSync(root, { recursive: true, force: true }));
  const home = join(root, 'home');
  const work = join(root, 'work');
  mkdirSync(work, { recursive: true });
  setup(home, work);
  const env = {
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: 'sk-ant-sources-test-0123456789',
    PATH: process.env.PATH,
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'config'),
  };
  const parsed = parseHarnessArgs(['-C', work, '--no-sandbox', ...argv]);
  if (!parsed.ok) throw new Error(parsed.message);
  const session = await createSession(parsed.flags, env, { home, cwd: root, ...more });
  undo.push(() => session.close());
  return { session, server, root };
}

async function rows(session: Awaited<ReturnType<typeof createSession>>) {
  const result = await session.dispatch({ id: `r${Math.random()}`, type: 'slash', text: '/mcp' });
  if (!result.ok || result.type !== 'slash' || result.data.kind !== 'mcp') throw new Error(JSON.stringify(result));
  return result.data.servers ?? [];
}

describe('MCP servers from settings and plugins', () => {
  it("a settings file's servers and an enabled plugin's .mcp.json start; ${CLAUDE_PLUGIN_ROOT} is the plugin's folder", async () => {
    let pluginDir = '';
    const { session } = await open(
      new ScriptBuilder()
        .toolUses([
          { name: 'mcp__plugsrv__env', input: {} },
          { name: 'mcp__plugsrv__big', input: { chars: 3 } },
        ])
        .text('ok'),
      ['--allowed-tools', 'mcp__plugsrv', '--disallowed-tools', 'mcp__fromsettings'],
      (home) => {
        pluginDir = join(home, '.claude', 'plugins', 'cache', 'mk', 'fx', '1.0.0');
        put(join(pluginDir, '.claude-plugin', 'plugin.json'), JSON.stringify({ name: 'fx', version: '1.0.0' }));
        // Servers at the top of the file, as the official marketplace's plugins write them.
        put(
          join(pluginDir, '.mcp.json'),
          JSON.stringify({ plugsrv: fixture({ WHERE: '${CLAUDE_PLUGIN_ROOT}/data' }) }),
        );
        put(
          join(home, '.claude', 'plugins', 'installed_plugins.json'),
          JSON.stringify({
            version: 2,
            plugins: { 'fx@mk': [{ scope: 'user', installPath: pluginDir, version: '1.0.0' }] },
          }),
        );
        put(
          join(home, '.claude', 'settings.json'),
          JSON.stringify({ enabledPlugins: { 'fx@mk': true }, mcpServers: { fromsettings: fixture() } }),
        );
      },
    );
    await expect
      .poll(async () => (await rows(session)).map((r) => `${r.name}:${r.scope}:${r.state}`).sort(), { timeout: 30_000 })
      .toEqual(['fromsettings:settings:connected', 'plugsrv:plugin:connected']);
    const events: SessionEvent[] = [];
    for await (const event of session.run({ id: 'send', type: 'send', text: 'env' })) {
      events.push(event);
      if (event.type === 'approval_requested')
        void session.dispatch({ id: 'ans', type: 'answer', requestId: event.requestId, answer: { type: 'once' } });
    }
    // The rules named both servers before they were read in full: they were kept (not left out as
    // unknown tools), and the allow rule lets the plugin's exec tool run without a question.
    expect(session.info.startupMessages.join('\n')).not.toContain('was left out');
    expect(events.some((e) => e.type === 'approval_requested')).toBe(false);
    expect(JSON.stringify(events.filter((e) => e.type === 'tool_call_finished'))).toContain('"text":"xxx"');
    const finished = JSON.stringify(events.find((e) => e.type === 'tool_call_finished'));
    expect(finished).toContain(`"WHERE\\":\\"${pluginDir}/data`);
  });

  it("enabledMcpjsonServers approves a trusted repository's .mcp.json server; disabledMcpjsonServers holds one back", async () => {
    const { session } = await open(new ScriptBuilder().text('ok'), ['--trust'], (_home, work) => {
      put(join(work, '.mcp.json'), JSON.stringify({ mcpServers: { wanted: fixture(), unwanted: fixture() } }));
      put(
        join(work, '.claude', 'settings.local.json'),
        JSON.stringify({ enabledMcpjsonServers: ['wanted'], disabledMcpjsonServers: ['unwanted'] }),
      );
    });
    expect(session.info.startupMessages.join('\n')).toMatch(
      /MCP server unwanted of .*\.mcp\.json not started: disabledMcpjsonServers in .*settings\.local\.json lists it/,
    );
    await expect
      .poll(async () => (await rows(session)).map((r) => `${r.name}:${r.state}`), { timeout: 30_000 })
      .toEqual(['wanted:connected']);
  });

  it('enableAllProjectMcpServers starts every .mcp.json server of a trusted repository; a disabled one stays held even with --approve-mcp all', async () => {
    const { session } = await open(new ScriptBuilder().text('ok'), ['--trust'], (_home, work) => {
      put(join(work, '.mcp.json'), JSON.stringify({ mcpServers: { one: fixture() } }));
      put(join(work, '.claude', 'settings.json'), JSON.stringify({ enableAllProjectMcpServers: true }));
    });
    const held = await open(new ScriptBuilder().text('ok'), ['--trust', '--approve-mcp', 'all'], (home, work) => {
      put(join(work, '.mcp.json'), JSON.stringify({ mcpServers: { two: fixture() } }));
      put(join(home, '.claude', 'settings.json'), JSON.stringify({ disabledMcpjsonServers: ['two'] }));
    });
    expect(held.session.info.startupMessages.join('\n')).toContain('disabledMcpjsonServers');
    expect(await rows(held.session)).toEqual([]);
    await expect
      .poll(async () => (await rows(session)).map((r) => `${r.name}:${r.state}`), { timeout: 30_000 })
      .toEqual(['one:connected']);
  });

  it("a person is asked about each unapproved server of a trusted repository's .mcp.json; yes is recorded, no asks again, all takes the rest", async () => {
    const asked: McpServerQuestion[] = [];
    const answers: McpServerAnswer[] = ['approve', 'skip', 'approve-all'];
    const files = (_home: string, work: string) =>
      put(
        join(work, '.mcp.json'),
        JSON.stringify({ mcpServers: { a: fixture(), b: fixture(), c: fixture(), d: fixture() } }),
      );
    const first = await open(new ScriptBuilder().text('ok'), ['--trust'], files, {
      askMcpServer: async (q) => {
        asked.push(q);
        return answers[asked.length - 1] ?? 'skip';
      },
    });
    expect(asked.map((q) => [q.name, q.remaining])).toEqual([
      ['a', 3],
      ['b', 2],
      ['c', 1],
    ]);
    expect(asked[0]?.runs).toBe(`${process.execPath} ${FIXTURE}`);
    expect(first.session.info.startupMessages.join('\n')).toMatch(/MCP server b of .* not approved yet/);
    expect(first.session.info.startupMessages.join('\n')).not.toMatch(/MCP server [acd] of .* not approved yet/);
    await expect
      .poll(async () => (await rows(first.session)).map((r) => `${r.name}:${r.state}`).sort(), { timeout: 30_000 })
      .toEqual(['a:connected', 'c:connected', 'd:connected']);
    // The next session (same home and work root) asks only about b.
    const again: string[] = [];
    const second = await open(
      new ScriptBuilder().text('ok'),
      ['--trust'],
      () => undefined,
      {
        askMcpServer: async (q) => {
          again.push(q.name);
          return 'skip';
        },
      },
      first.root,
    );
    expect(again).toEqual(['b']);
    await expect
      .poll(async () => (await rows(second.session)).map((r) => r.name).sort(), { timeout: 30_000 })
      .toEqual(['a', 'c', 'd']);
  });
});
