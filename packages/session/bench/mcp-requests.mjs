#!/usr/bin/env node
// The size of the first request with MCP servers, through the built session against the mock:
// no server, one server with 1 tool, one with 300 tools (the fixture server written with the
// SDK), the servers connected before the first message as in the REPL. Tools over the budget
// (30 KB of definitions shown to the model) go deferred beside the API's tool search tool (the
// default on a model that has it), or, with HARNESS_MCP_TOOL_SEARCH=client, stay behind
// mcp_search / mcp_call. Both are measured. Prints one JSON line of rows.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { createSession, parseHarnessArgs } from '@coding-harness/session';

const require = createRequire(import.meta.url);
const FIXTURE = join(dirname(require.resolve('@coding-harness/mcp/package.json')), 'src/testing/fixture-server.mjs');

async function firstRequest(tools, search) {
  const server = await startMockServer({ script: new ScriptBuilder().text('ok').build() });
  const root = mkdtempSync(join(tmpdir(), 'bench-mcp-'));
  const work = join(root, 'work');
  mkdirSync(work);
  const config =
    tools === undefined
      ? []
      : [
          '--mcp-config',
          JSON.stringify({
            mcpServers: {
              bench: {
                command: process.execPath,
                args: [FIXTURE],
                env: { FIXTURE_TOOLS: String(tools), FIXTURE_BASE: '0' },
              },
            },
          }),
        ];
  const parsed = parseHarnessArgs(['-C', work, '--no-skills', '--no-sandbox', ...config]);
  if (!parsed.ok) throw new Error(parsed.message);
  const env = {
    ANTHROPIC_BASE_URL: server.url,
    PATH: process.env.PATH,
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'config'),
    HARNESS_MCP_TOOL_SEARCH: search,
  };
  const session = await createSession(parsed.flags, env, { home: join(root, 'home'), cwd: root });
  try {
    if (tools !== undefined) {
      for (let i = 0; i < 600; i++) {
        const result = await session.dispatch({ id: `s${i}`, type: 'slash', text: '/mcp' });
        if (result.ok && result.data.servers?.[0]?.state === 'connected') break;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    for await (const event of session.run({ id: 'send', type: 'send', text: 'hi' })) void event;
    const body = server.messageRequests()[0].body;
    const mcp = body.tools.filter((t) => t.name.startsWith('mcp') || t.name.startsWith('tool_search'));
    const shown = mcp.filter((t) => t.defer_loading !== true);
    const deferred = mcp.filter((t) => t.defer_loading === true);
    return {
      body: JSON.stringify(body).length,
      tools: JSON.stringify(body.tools).length,
      mcp: JSON.stringify(shown).length,
      sent: shown.length,
      deferred: deferred.length,
      deferredBytes: JSON.stringify(deferred).length,
    };
  } finally {
    await session.close();
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
}

const rows = [];
const none = await firstRequest(undefined, 'client');
for (const search of ['client', 'api']) {
  for (const [label, tools] of [
    ['no MCP server', undefined],
    ['1 MCP tool', 1],
    ['300 MCP tools', 300],
  ]) {
    if (search === 'api' && tools === undefined) continue;
    const r = tools === undefined ? none : await firstRequest(tools, search);
    const rest =
      tools !== 300
        ? ''
        : search === 'api'
          ? `the other ${r.deferred} sent deferred (${(r.deferredBytes / 1000).toFixed(1)} KB the prompt does not show) for the API's tool search; `
          : 'the rest reached through mcp_search / mcp_call; ';
    rows.push({
      group: 'mcp',
      name: `first request with ${label}${tools === undefined ? '' : search === 'api' ? ', API tool search' : ', client-side search'}, body size`,
      value: r.body / 1000,
      unit: 'KB',
      target: tools === 300 ? 'MCP definitions shown <= 30 KB' : '',
      ...(tools === 300 ? { met: r.mcp <= 30_000 } : {}),
      detail: `tools parameter ${(r.tools / 1000).toFixed(1)} KB; MCP definitions shown (gateway, search tool and tools sent in full) ${(r.mcp / 1000).toFixed(1)} KB in ${r.sent} definitions; ${rest}+${((r.body - none.body) / 1000).toFixed(1)} KB over no server`,
    });
  }
}
console.log(JSON.stringify({ rows }));
