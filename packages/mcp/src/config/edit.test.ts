// Editing Claude Code's MCP files as text: other keys, comments and layout survive; the scopes land where Claude Code puts them.
import { describe, expect, it } from 'vitest';
import { removeServer, scopeLocation, serversAt, setServer } from './edit.js';

const CLAUDE_JSON = `{
  "numStartups": 42,
  // a comment Claude Code would not write, kept anyway
  "projects": {
    "/work/a": { "allowedTools": ["Bash"], "history": [{ "display": "hi" }] }
  },
  "oauthAccount": { "emailAddress": "me@example.com" }
}
`;

describe('MCP config edits', () => {
  it('local scope: projects[<root>].mcpServers, every other key and the comment kept', () => {
    const { path } = scopeLocation('local', '/work/a');
    const out = setServer(CLAUDE_JSON, path, 'fs', { type: 'stdio', command: 'npx', args: ['x'], env: {} });
    if (!('text' in out)) throw new Error(out.error);
    expect(out.text).toContain('// a comment Claude Code would not write, kept anyway');
    expect(serversAt(out.text, path)).toEqual({ fs: { type: 'stdio', command: 'npx', args: ['x'], env: {} } });
    const parsed = JSON.parse(out.text.replace(/^\s*\/\/.*$/m, ''));
    expect(parsed.numStartups).toBe(42);
    expect(parsed.oauthAccount).toEqual({ emailAddress: 'me@example.com' });
    expect(parsed.projects['/work/a'].history).toEqual([{ display: 'hi' }]);
  });

  it('user scope: top-level mcpServers; a new root gets its own projects entry', () => {
    const user = setServer(CLAUDE_JSON, scopeLocation('user', '/x').path, 'web', {
      type: 'http',
      url: 'https://h/mcp',
    });
    if (!('text' in user)) throw new Error(user.error);
    expect(serversAt(user.text, ['mcpServers'])).toEqual({ web: { type: 'http', url: 'https://h/mcp' } });
    const other = setServer(user.text, scopeLocation('local', '/work/b').path, 'fs', { command: 'a' });
    if (!('text' in other)) throw new Error(other.error);
    expect(serversAt(other.text, ['projects', '/work/b', 'mcpServers'])).toEqual({ fs: { command: 'a' } });
    expect(serversAt(other.text, ['projects', '/work/a', 'mcpServers'])).toEqual({});
  });

  it('an empty or missing file becomes an object; a broken one is refused, not overwritten', () => {
    const fresh = setServer('', ['mcpServers'], 'a', { command: 'x' });
    expect('text' in fresh && JSON.parse(fresh.text)).toEqual({ mcpServers: { a: { command: 'x' } } });
    expect(setServer('{"mcpServers": [', ['mcpServers'], 'a', {})).toMatchObject({ error: /is not valid JSON/ });
    expect(setServer('[1]', ['mcpServers'], 'a', {})).toEqual({ error: 'does not hold a JSON object' });
    expect(setServer('{"mcpServers": 3}', ['mcpServers'], 'a', {})).toEqual({ error: '"mcpServers" is not an object' });
  });

  it('remove takes out one server and leaves the rest; an unknown name is undefined', () => {
    const text = '{\n  "mcpServers": { "a": { "command": "x" }, "b": { "command": "y" } },\n  "keep": true\n}\n';
    const out = removeServer(text, ['mcpServers'], 'a');
    expect(out && JSON.parse(out)).toEqual({ mcpServers: { b: { command: 'y' } }, keep: true });
    expect(removeServer(text, ['mcpServers'], 'zz')).toBeUndefined();
  });
});
