// The manager against real MCP servers over stdio (server-everything, server-filesystem and a
// fixture written with the SDK's server half) and over streamable HTTP (server-everything).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolContext, createReadTracker } from '@coding-harness/tools';
import type { Tool } from '@coding-harness/tools';
import { createMcpManager } from './manager.js';
import type { McpChange, McpManager } from './manager.js';
import type { ConfiguredServer } from './config/types.js';
import { configured, EVERYTHING, FILESYSTEM, FIXTURE, freePort, stdio } from './testing/servers.test.util.js';

const managers: McpManager[] = [];
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const API_KEY = 'sk-ant-test-key-never-shown-0123456789';

function start(servers: ConfiguredServer[], env: Record<string, string | undefined> = {}) {
  const changes: McpChange[] = [];
  const manager = createMcpManager({
    servers,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ANTHROPIC_API_KEY: API_KEY, ...env },
    refusedVars: ['ANTHROPIC_API_KEY'],
    cwd: process.cwd(),
    maxOutputTokens: 1_000,
    onChange: (change) => changes.push(change),
  });
  managers.push(manager);
  return { manager, changes, started: manager.start() };
}

function tool(manager: McpManager, name: string): Tool<Record<string, unknown>> {
  const found = manager.tools().find((t) => t.name === name);
  if (!found)
    throw new Error(
      `no tool ${name}: ${manager
        .tools()
        .map((t) => t.name)
        .join(', ')}`,
    );
  return found;
}

async function call(t: Tool<Record<string, unknown>>, raw: unknown) {
  const valid = t.validate(raw);
  if (!valid.ok) throw new Error(valid.message);
  const ctx = createToolContext({
    root: process.cwd(),
    signal: new AbortController().signal,
    readTracker: createReadTracker(),
  });
  return t.execute(valid.input, ctx);
}

describe('MCP servers through the manager', () => {
  it('lists server-everything tools over stdio with their schemas as the server sent them', async () => {
    const { manager, started } = start([configured('everything', stdio([EVERYTHING, 'stdio']))]);
    await started;
    expect(manager.status()).toMatchObject([{ name: 'everything', state: 'connected', transport: 'stdio' }]);
    const echo = tool(manager, 'mcp__everything__echo');
    expect(JSON.stringify(echo.inputSchema)).toBe(
      '{"type":"object","properties":{"message":{"type":"string","description":"Message to echo"}},"required":["message"],"$schema":"http://json-schema.org/draft-07/schema#"}',
    );
    expect(echo.kind).toBe('read');
    expect(echo.summarize({ message: 'hi' })).toBe('mcp__everything__echo [read-only] {"message":"hi"}');
    expect(echo.validate({})).toMatchObject({ ok: false });
    expect(echo.validate({ message: 3 })).toMatchObject({ ok: false });
    const result = await call(echo, { message: 'hello there' });
    expect(result).toMatchObject({ isError: false, content: [{ type: 'text', text: 'Echo: hello there' }] });
    const sum = tool(manager, 'mcp__everything__get-sum');
    expect((await call(sum, { a: 2, b: 3 })).content[0]).toMatchObject({ text: expect.stringContaining('5') });
  });

  it('keeps an image result as an image part', async () => {
    const { manager, started } = start([configured('everything', stdio([EVERYTHING, 'stdio']))]);
    await started;
    const result = await call(tool(manager, 'mcp__everything__get-tiny-image'), {});
    const image = result.content.find((p) => p.type === 'image');
    expect(image).toMatchObject({ type: 'image', mediaType: 'image/png' });
    expect(image?.type === 'image' && Buffer.from(image.data, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it("gives a stdio server the variables its config names and a minimal base, never the harness's API key", async () => {
    const { manager, started } = start(
      [configured('everything', stdio([EVERYTHING, 'stdio'], { NAMED: 'yes', FROM_HOST: '${HOST_VALUE}' }))],
      { HOST_VALUE: 'expanded', UNRELATED_SECRET: 'do-not-pass' },
    );
    await started;
    const result = await call(tool(manager, 'mcp__everything__get-env'), {});
    const text = result.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
    const env = JSON.parse(text) as Record<string, string>;
    expect(env.NAMED).toBe('yes');
    expect(env.FROM_HOST).toBe('expanded');
    expect(env.PATH).toBe(process.env.PATH);
    expect(text).not.toContain(API_KEY);
    expect(env.ANTHROPIC_API_KEY).toBeUndefined();
    expect(env.UNRELATED_SECRET).toBeUndefined();
  });

  it('runs server-filesystem over stdio: lists a real directory it is allowed', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-fs-')));
    dirs.push(dir);
    writeFileSync(join(dir, 'hello.txt'), 'hi from disk\n');
    const { manager, started } = start([configured('fs', stdio([FILESYSTEM, dir]))]);
    await started;
    const read = tool(manager, 'mcp__fs__read_text_file');
    expect(read.kind).toBe('read');
    const result = await call(read, { path: join(dir, 'hello.txt') });
    expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('hi from disk') });
    const write = tool(manager, 'mcp__fs__write_file');
    expect(write.kind).toBe('exec');
  });

  it('reports a server that fails to start as a failed state naming it, and starts the others', async () => {
    const { manager, changes, started } = start([
      configured('broken', { type: 'stdio', command: '/nonexistent/mcp-server', args: [], env: {} }),
      configured('crashes', stdio(['-e', 'process.stderr.write("boom: bad config\\n"); process.exit(1)'])),
      configured('unset', { type: 'stdio', command: '${NO_SUCH_VAR}', args: [], env: {} }),
      configured('fixture', stdio([FIXTURE])),
    ]);
    await started;
    const states = Object.fromEntries(manager.status().map((s) => [s.name, s]));
    expect(states.broken?.state).toBe('failed');
    expect(states.broken?.error).toMatch(/ENOENT/);
    expect(states.crashes?.state).toBe('failed');
    expect(states.crashes?.error).toContain('boom: bad config');
    expect(states.unset).toMatchObject({ state: 'failed', error: expect.stringContaining('NO_SUCH_VAR') });
    expect(states.fixture?.state).toBe('connected');
    const notices = changes.flatMap((c) => (c.type === 'state' ? [c.notice] : []));
    expect(notices).toContainEqual(expect.stringMatching(/^MCP server broken \(test:broken\) failed to start: /));
  });

  it('marks a server that dies mid-session closed; its tools then fail with a message, not a crash', async () => {
    const { manager, changes, started } = start([configured('fixture', stdio([FIXTURE]))]);
    await started;
    const die = tool(manager, 'mcp__fixture__die');
    await call(die, {});
    await expect.poll(() => manager.status()[0]?.state, { timeout: 10_000 }).toBe('closed');
    expect(changes.some((c) => c.type === 'state' && /stopped: the connection closed/.test(c.notice))).toBe(true);
    const after = await call(die, {});
    expect(after).toMatchObject({
      isError: true,
      content: [{ text: 'MCP server fixture is not connected (see /mcp)' }],
    });
  });

  it('caps a long output with a note naming MAX_MCP_OUTPUT_TOKENS; keeps resource links, embedded resources and structured content', async () => {
    const { manager, started } = start([configured('fixture', stdio([FIXTURE]))]);
    await started;
    const big = await call(tool(manager, 'mcp__fixture__big'), { chars: 10_000 });
    expect(big.content).toHaveLength(2);
    expect(big.content[0]).toMatchObject({ type: 'text', text: 'x'.repeat(4_000) });
    expect(big.content[1]).toMatchObject({ text: expect.stringContaining('MAX_MCP_OUTPUT_TOKENS') });
    const structured = await call(tool(manager, 'mcp__fixture__structured'), {});
    expect(structured.content).toEqual([
      { type: 'text', text: '[resource link a.txt file:///tmp/a.txt: a file]' },
      { type: 'text', text: '[resource mem://note]\nembedded note' },
      { type: 'text', text: 'structured content: {"n":42}' },
    ]);
  });

  it('connects to server-everything over streamable HTTP', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], {
      env: { PATH: process.env.PATH, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`server-everything exited ${code}`)));
      child.stderr?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('listening')) resolve();
      });
    });
    const { manager, started } = start([
      configured('remote', { type: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: {} }),
    ]);
    await started;
    expect(manager.status()[0]).toMatchObject({ state: 'connected', transport: 'http' });
    const result = await call(tool(manager, 'mcp__remote__echo'), { message: 'over http' });
    expect(result.content[0]).toMatchObject({ text: 'Echo: over http' });
  });

  it('close() ends every server process', async () => {
    const { manager, started } = start([configured('fixture', stdio([FIXTURE]))]);
    await started;
    const env = await call(tool(manager, 'mcp__fixture__env'), {});
    expect(env.isError).toBe(false);
    const pidOf = async () => {
      const { execFileSync } = await import('node:child_process');
      return execFileSync('pgrep', ['-f', FIXTURE], { encoding: 'utf8' }).trim();
    };
    const before = await pidOf().catch(() => '');
    expect(before).not.toBe('');
    await manager.close();
    await expect.poll(async () => pidOf().catch(() => ''), { timeout: 10_000 }).toBe('');
  });
});
