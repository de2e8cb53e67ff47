// The MCP server names rules may use before the settings are merged come from the one settings
// loader: `--settings` (a file or inline JSON) and the harness's own settings file count, and
// `--setting-sources` leaves a scope out. Built through buildHarness, its rule check included.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessArgs } from '../args.js';
import { buildHarness } from '../build.js';
import { extraServerNames } from './early-names.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

function temp() {
  const root = mkdtempSync(join(tmpdir(), 'early-names-'));
  undo.push(() => rmSync(root, { recursive: true, force: true }));
  const home = join(root, 'home');
  const work = join(root, 'work');
  mkdirSync(work, { recursive: true });
  mkdirSync(join(root, 'config', 'coding-harness'), { recursive: true });
  const env = {
    ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
    ANTHROPIC_API_KEY: 'sk-ant-early-names-test',
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'config'),
    PATH: process.env.PATH,
  };
  // A server that cannot start: only its name matters to the rule table.
  const server = (name: string) =>
    JSON.stringify({ mcpServers: { [name]: { command: join(root, 'no-such-server') } } });
  return { root, home, work, env, server };
}

describe('MCP server names for early rules', () => {
  it('a server only --settings names may be allowed by --allowed-tools (a file and inline JSON)', async () => {
    const t = temp();
    const file = join(t.root, 'extra.json');
    writeFileSync(file, t.server('viaflag'));
    for (const settings of [file, t.server('viaflag')]) {
      const parsed = parseHarnessArgs([
        '-C',
        t.work,
        '--no-sandbox',
        '--no-skills',
        '--settings',
        settings,
        '--allowed-tools',
        'mcp__viaflag',
      ]);
      if (!parsed.ok) throw new Error(parsed.message);
      const harness = await buildHarness(parsed.flags, t.env, { home: t.home, cwd: t.root });
      undo.push(() => harness.close());
      expect(harness.startupMessages.join('\n')).not.toContain('mcp__viaflag was left out');
    }
    // Without it, the same rule names no server: it is left out, and start-up says so.
    const bare = parseHarnessArgs(['-C', t.work, '--no-sandbox', '--no-skills', '--allowed-tools', 'mcp__viaflag']);
    if (!bare.ok) throw new Error(bare.message);
    const harness = await buildHarness(bare.flags, t.env, { home: t.home, cwd: t.root });
    undo.push(() => harness.close());
    expect(harness.startupMessages).toContain(
      '--allowed-tools: mcp__viaflag was left out: this harness has no mcp__viaflag tool (the other rules apply)',
    );
  });

  it("the harness's own settings file counts; --setting-sources project leaves it out", async () => {
    const t = temp();
    writeFileSync(join(t.root, 'config', 'coding-harness', 'settings.json'), t.server('own'));
    expect(await extraServerNames({ untrusted: false }, t.env, t.home, t.work)).toEqual(['own']);
    expect(await extraServerNames({ untrusted: false, settingSources: ['project'] }, t.env, t.home, t.work)).toEqual(
      [],
    );
    expect(await extraServerNames({ untrusted: false, strictMcpConfig: true }, t.env, t.home, t.work)).toEqual([]);
  });
});
