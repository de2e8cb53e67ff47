/**
 * `harness mcp list|get|add|add-json|remove` through the built bin, on Claude Code's files in a
 * temp home and work root: the scopes land where Claude Code writes them, every other key of
 * ~/.claude.json survives, and list/get connect to real servers (server-everything over stdio) to
 * show their state, never running a repository's server the session would not start.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, run } from './test-support/cli.js';

afterEach(cleanup);

const require = createRequire(import.meta.url);
const EVERYTHING = join(
  dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
);

function setup() {
  const box = makeSandbox();
  const env = childEnv(box, undefined);
  const harness = (...args: string[]) => run(['mcp', ...args], { env, cwd: box.work });
  const claudeJson = join(box.home, '.claude.json');
  return { box, env, harness, claudeJson };
}

describe('harness mcp', () => {
  it('add writes local, user and project scopes where Claude Code does, keeping every other key of ~/.claude.json', async () => {
    const { box, harness, claudeJson } = setup();
    writeFileSync(
      claudeJson,
      `${JSON.stringify({ numStartups: 7, projects: { [box.work]: { history: ['x'] } } }, null, 2)}\n`,
    );
    const local = await harness('add', '-e', 'TOKEN=abc', 'every', '--', process.execPath, EVERYTHING, 'stdio');
    expect(local).toMatchObject({ code: 0 });
    expect(local.stdout).toContain('Added stdio MCP server every with command:');
    expect(local.stdout).toContain(`File modified: ${claudeJson} [project: ${box.work}]`);
    const user = await harness(
      'add',
      '--transport',
      'http',
      '-s',
      'user',
      '-H',
      'Authorization: Bearer t',
      'web',
      'https://example.test/mcp',
    );
    expect(user.code).toBe(0);
    const project = await harness(
      'add-json',
      '--scope',
      'project',
      'proj',
      JSON.stringify({ command: 'never-run-me' }),
    );
    expect(project.code).toBe(0);
    const json = JSON.parse(readFileSync(claudeJson, 'utf8'));
    expect(json.numStartups).toBe(7);
    expect(json.projects[box.work].history).toEqual(['x']);
    expect(json.projects[box.work].mcpServers.every).toEqual({
      type: 'stdio',
      command: process.execPath,
      args: [EVERYTHING, 'stdio'],
      env: { TOKEN: 'abc' },
    });
    expect(json.mcpServers.web).toEqual({
      type: 'http',
      url: 'https://example.test/mcp',
      headers: { Authorization: 'Bearer t' },
    });
    expect(JSON.parse(readFileSync(join(box.work, '.mcp.json'), 'utf8'))).toEqual({
      mcpServers: { proj: { command: 'never-run-me' } },
    });
    const again = await harness('add', 'every', 'x');
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/harness: MCP server every already exists in local config/);
  });

  it('a new ~/.claude.json is private to its owner; bad input is a usage error naming the fix', async () => {
    const { harness, claudeJson } = setup();
    expect((await harness('add', '-s', 'user', 'a', 'cmd')).code).toBe(0);
    expect(statSync(claudeJson).mode & 0o777).toBe(0o600);
    const bad = [
      [['add', '-s', 'global', 'a', 'b'], /--scope global: one of local, project, user/],
      [['add', '--transport', 'http', 'a', 'ftp://x'], /needs an http:\/\/ or https:\/\/ URL/],
      [['add', 'bad name', 'cmd'], /invalid server name/],
      [['add', '-e', 'NOEQUALS', 'a', 'cmd'], /-e NOEQUALS: expected KEY=VALUE/],
      [['add-json', 'a', '[1]'], /must be an object/],
      [['frobnicate'], /unknown subcommand 'frobnicate'/],
    ] as const;
    for (const [args, message] of bad) {
      const res = await harness(...args);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr).toMatch(message);
    }
  });

  it('list connects to each server and shows its state; a project server of an untrusted repository is never run', async () => {
    const { box, harness } = setup();
    const marker = join(box.root, 'ran');
    writeFileSync(
      join(box.work, '.mcp.json'),
      JSON.stringify({
        mcpServers: {
          repo: {
            command: process.execPath,
            args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, '1')`],
          },
        },
      }),
    );
    expect((await harness('add', 'every', process.execPath, EVERYTHING, 'stdio')).code).toBe(0);
    expect((await harness('add', 'broken', process.execPath, '-e', 'process.exit(3)')).code).toBe(0);
    const listed = await harness('list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Checking MCP server health...');
    expect(listed.stdout).toMatch(/^every: .*index\.js stdio - ✓ Connected \(\d+ tools\)$/m);
    expect(listed.stdout).toMatch(/^broken: .* - ✗ Failed to connect/m);
    expect(listed.stdout).toMatch(/^repo: .* - ⚠ Not started: this repository is not trusted \(harness --trust\)$/m);
    expect(existsSync(marker)).toBe(false);

    const got = await harness('get', 'every');
    expect(got.code).toBe(0);
    expect(got.stdout).toContain('  Scope: Local config (private to you in this project)');
    expect(got.stdout).toMatch(/ {2}Status: ✓ Connected/);
    expect(got.stdout).toContain('To remove this server, run: harness mcp remove every -s local');
    expect((await harness('get', 'nothing')).stderr).toContain('No MCP server found with name: nothing');
  });

  it('remove takes a server out of the one scope that has it; in several scopes it asks for -s', async () => {
    const { harness, claudeJson } = setup();
    await harness('add', 'twice', 'a');
    await harness('add', '-s', 'user', 'twice', 'b');
    const ambiguous = await harness('remove', 'twice');
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toMatch(/exists in several scopes \(local, user\): name one with -s/);
    const removed = await harness('remove', 'twice', '-s', 'user');
    expect(removed).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Removed MCP server twice from user config'),
    });
    const json = JSON.parse(readFileSync(claudeJson, 'utf8'));
    expect(json.mcpServers).toEqual({});
    expect(Object.values(json.projects as Record<string, { mcpServers: object }>)[0]?.mcpServers).toHaveProperty(
      'twice',
    );
    expect((await harness('remove', 'ghost')).stderr).toContain('No MCP server found with name: ghost');
  });

  it('list and get show the servers of settings files and enabled plugins too, as a session reads them', async () => {
    const { box, harness } = setup();
    const plugin = join(box.home, '.claude', 'plugins', 'cache', 'mk', 'fx', '1.0.0');
    mkdirSync(join(plugin, '.claude-plugin'), { recursive: true });
    writeFileSync(join(plugin, '.claude-plugin', 'plugin.json'), JSON.stringify({ name: 'fx', version: '1.0.0' }));
    writeFileSync(
      join(plugin, '.mcp.json'),
      JSON.stringify({
        plugged: { command: process.execPath, args: [EVERYTHING, 'stdio'], env: { AT: '${CLAUDE_PLUGIN_ROOT}' } },
      }),
    );
    writeFileSync(
      join(box.home, '.claude', 'plugins', 'installed_plugins.json'),
      JSON.stringify({ version: 2, plugins: { 'fx@mk': [{ scope: 'user', installPath: plugin, version: '1.0.0' }] } }),
    );
    writeFileSync(
      join(box.home, '.claude', 'settings.json'),
      JSON.stringify({
        enabledPlugins: { 'fx@mk': true },
        mcpServers: { fromsettings: { command: process.execPath, args: [EVERYTHING, 'stdio'] } },
      }),
    );
    const listed = await harness('list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^fromsettings: .* - ✓ Connected/m);
    expect(listed.stdout).toMatch(/^plugged: .* - ✓ Connected/m);
    const got = await harness('get', 'plugged');
    expect(got.stdout).toContain('  Scope: Plugin');
    expect(got.stdout).toContain(`    AT=${plugin}`);
    expect(got.stdout).toContain("edit that file (or the plugin's settings) to remove it");
  });
});
