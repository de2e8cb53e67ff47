/**
 * MCP through the built bin: `harness -p` with `--mcp-config` naming server-everything (stdio),
 * against the mock Messages API. The first request is not held back by the server's start; the
 * model reaches the server's tools through mcp_call, and an image result reaches the model. The
 * SDK comes from the bin's vendor bundle, and a run without MCP never reads it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, body, childEnv, cleanup, makeSandbox, mock, run, toolResults } from './test-support/cli.js';

afterEach(cleanup);

const require = createRequire(import.meta.url);
const EVERYTHING = join(
  dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
);
const config = JSON.stringify({
  mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } },
});

describe('harness -p with an MCP server', () => {
  it('an image result of an MCP tool reaches the model; the SDK is loaded from its own bundle only then', async () => {
    const box = makeSandbox();
    const cache = join(box.root, 'cache');
    mkdirSync(cache);
    const server = await mock(new ScriptBuilder().text('hello').build());
    const env = { ...childEnv(box, server), XDG_CACHE_HOME: cache };
    const plain = await run(['-C', box.work, '-p', 'hi', '--no-sandbox'], { env });
    expect(plain).toMatchObject({ code: 0, stdout: 'hello\n' });
    const cached = () => readdirSync(join(cache, 'coding-harness'));
    expect(cached().some((f) => f.startsWith('harness-mcp-bundle.'))).toBe(false);

    server.setScript(
      new ScriptBuilder()
        .toolUse('mcp_call', { tool: 'mcp__everything__get-tiny-image', arguments: {} })
        .text('a tiny image')
        .build(),
    );
    const before = server.messageRequests().length;
    const res = await run(
      [
        '-C',
        box.work,
        '-p',
        'show the image',
        '--no-sandbox',
        '--mcp-config',
        config,
        '--allowed-tools',
        'mcp__everything',
      ],
      { env },
    );
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('a tiny image');
    const requests = server.messageRequests().slice(before);
    const first = body(requests[0]);
    expect(first.tools?.map((t) => t.name)).toEqual(expect.arrayContaining(['mcp_search', 'mcp_call']));
    const results = toolResults(requests[1]);
    expect(JSON.stringify(results)).toContain('"type":"image"');
    expect(cached().some((f) => f.startsWith('harness-mcp-bundle.'))).toBe(true);
  });

  for (const signal of ['SIGINT', 'SIGKILL'] as const)
    it(`a ${signal} to harness mid-call ends the server process too`, async () => {
      const box = makeSandbox();
      const marker = `mcp-${signal}-${process.pid}-${Date.now()}`;
      const server = await mock(
        new ScriptBuilder()
          .toolUse('mcp_call', {
            tool: 'mcp__e__trigger-long-running-operation',
            arguments: { duration: 60, steps: 5 },
          })
          .text('x')
          .build(),
      );
      const cfg = JSON.stringify({
        mcpServers: { e: { command: process.execPath, args: [EVERYTHING, 'stdio', marker] } },
      });
      const args = ['-C', box.work, '-p', 'go', '--no-sandbox', '--mcp-config', cfg, '--allowed-tools', 'mcp__e'];
      const child = spawn(process.execPath, [BIN, ...args], { env: childEnv(box, server), stdio: 'ignore' });
      const running = (): boolean => {
        try {
          return execFileSync('pgrep', ['-f', marker], { encoding: 'utf8' }).trim() !== '';
        } catch {
          return false;
        }
      };
      try {
        await expect.poll(running, { timeout: 30_000 }).toBe(true);
        await expect.poll(() => server.messageRequests().length, { timeout: 30_000 }).toBeGreaterThan(0);
        child.kill(signal);
        await expect.poll(running, { timeout: 15_000 }).toBe(false);
      } finally {
        child.kill('SIGKILL');
      }
    });
});
