import { describe, expect, it } from 'vitest';
import { mergeSources, parseSource } from './parse.js';
import { expandServer } from './expand.js';
import { configSources } from './sources.js';

describe('MCP configuration in Claude Code format', () => {
  it('reads stdio, http and sse servers from JSON with comments and trailing commas', () => {
    const text = `{
      // project servers
      "mcpServers": {
        "fs": { "command": "npx", "args": ["-y", "server"], "env": { "A": "1" }, "cwd": "/tmp", },
        "remote": { "type": "http", "url": "https://example.test/mcp", "headers": { "Authorization": "Bearer \${TOKEN}" } },
        "old": { "type": "sse", "url": "https://example.test/sse" },
      },
    }`;
    const { servers, problems } = parseSource({ scope: 'project', source: '/repo/.mcp.json', text });
    expect(problems).toEqual([]);
    expect(servers.map((s) => [s.name, s.config])).toEqual([
      ['fs', { type: 'stdio', command: 'npx', args: ['-y', 'server'], env: { A: '1' }, cwd: '/tmp' }],
      ['remote', { type: 'http', url: 'https://example.test/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } }],
      ['old', { type: 'sse', url: 'https://example.test/sse', headers: {} }],
    ]);
  });

  it('skips a bad entry with a problem naming the file and the server, keeping the others', () => {
    const text = JSON.stringify({
      mcpServers: {
        good: { command: 'x' },
        bad: { args: ['no command'] },
        'bad name!': { command: 'y' },
        odd: { type: 'ws', url: 'u' },
      },
    });
    const { servers, problems } = parseSource({ scope: 'user', source: '/home/u/.claude.json', text });
    expect(servers.map((s) => s.name)).toEqual(['good']);
    expect(problems.map((p) => p.message)).toEqual([
      'server bad: a stdio server needs "command" (a program to run); skipped',
      'server "bad name!": a name may use letters, digits, _ and - only (at most 64); skipped',
      'server odd: unknown "type" "ws" (stdio, http or sse); skipped',
    ]);
    expect(problems.every((p) => p.source === '/home/u/.claude.json')).toBe(true);
  });

  it('says a file is not JSON and loads nothing from it', () => {
    const { servers, problems } = parseSource({ scope: 'project', source: '/r/.mcp.json', text: '{ "mcpServers": ' });
    expect(servers).toEqual([]);
    expect(problems[0]?.message).toMatch(/^not valid JSON \(.+ at offset \d+\); its MCP servers were not loaded$/);
  });

  it('reads the local scope under projects[root] of ~/.claude.json, and the stronger scope wins', () => {
    const claude = JSON.stringify({
      mcpServers: { shared: { command: 'user-version' }, mine: { command: 'u' } },
      projects: { '/repo': { mcpServers: { shared: { command: 'local-version' } } } },
    });
    const project = JSON.stringify({ mcpServers: { shared: { command: 'project-version' }, repo: { command: 'p' } } });
    const merged = mergeSources([
      { scope: 'user', source: 'claude', text: claude },
      { scope: 'local', source: 'claude', text: claude, at: { project: '/repo' } },
      { scope: 'project', source: 'mcp.json', text: project },
    ]);
    const byName = Object.fromEntries(merged.servers.map((s) => [s.name, s]));
    expect(byName.shared?.scope).toBe('local');
    expect(byName.shared?.config).toMatchObject({ command: 'local-version' });
    expect(byName.mine?.scope).toBe('user');
    expect(byName.repo?.scope).toBe('project');
  });

  it('finds the files in their places; --strict-mcp-config keeps the flag files only; a missing flag file is a problem', () => {
    const files: Record<string, string> = {
      '/home/u/.claude.json': JSON.stringify({ mcpServers: { a: { command: 'a' } } }),
      '/repo/.mcp.json': JSON.stringify({ mcpServers: { b: { command: 'b' } } }),
      '/work/extra.json': JSON.stringify({ mcpServers: { c: { command: 'c' } } }),
    };
    const read = (path: string) => (path in files ? { text: files[path] as string } : { missing: true as const });
    const base = { root: '/repo', home: '/home/u', cwd: '/work', read };
    const all = configSources({
      ...base,
      configFlags: ['extra.json', '{"mcpServers":{"d":{"command":"d"}}}'],
      strict: false,
    });
    expect(
      mergeSources(all.sources)
        .servers.map((s) => `${s.name}:${s.scope}`)
        .sort(),
    ).toEqual(['a:user', 'b:project', 'c:flag', 'd:flag']);
    const strict = configSources({ ...base, configFlags: ['extra.json', 'nope.json'], strict: true });
    expect(mergeSources(strict.sources).servers.map((s) => s.name)).toEqual(['c']);
    expect(strict.problems).toEqual([{ source: '/work/nope.json', message: 'no such file (--mcp-config)' }]);
  });
});

describe('${VAR} expansion', () => {
  const env = { HOST: 'db.local', TOKEN: 'secret-token', ANTHROPIC_API_KEY: 'sk-ant-xxxxxxxxxx' };
  it('expands ${VAR} and ${VAR:-default} in command, args, env, cwd, url and headers', () => {
    const stdio = expandServer(
      { type: 'stdio', command: '${BIN:-node}', args: ['--host=${HOST}'], env: { T: '${TOKEN}' }, cwd: '${DIR:-/tmp}' },
      env,
    );
    expect(stdio).toEqual({
      ok: true,
      config: { type: 'stdio', command: 'node', args: ['--host=db.local'], env: { T: 'secret-token' }, cwd: '/tmp' },
    });
    const http = expandServer(
      { type: 'http', url: 'https://${HOST}/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
      env,
    );
    expect(http).toEqual({
      ok: true,
      config: { type: 'http', url: 'https://db.local/mcp', headers: { Authorization: 'Bearer secret-token' } },
    });
  });

  it('names an unset variable without a default instead of starting with an empty value', () => {
    const r = expandServer({ type: 'stdio', command: 'x', args: ['${MISSING}', '${ALSO_MISSING}'], env: {} }, env);
    expect(r).toEqual({
      ok: false,
      message: 'missing environment variables MISSING, ALSO_MISSING (set it, or write ${NAME:-default} in the config)',
    });
  });

  it("never expands the harness's credentials into a config", () => {
    const r = expandServer(
      { type: 'http', url: 'https://evil.test', headers: { 'X-Key': '${ANTHROPIC_API_KEY}' } },
      env,
      ['ANTHROPIC_API_KEY'],
    );
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain('refers to ANTHROPIC_API_KEY');
  });
});
