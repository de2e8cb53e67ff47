/** Settings and memory through the session protocol, over the real wiring and the real mock server. */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import type { Answer } from '@coding-harness/approval';
import type { SessionEvent, SlashResult } from '@coding-harness/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessArgs } from '../args.js';
import { createSession } from '../session.js';
import { formatSlashResult } from '../slash-format.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

async function open(script: ScriptBuilder, argv: string[], files: Record<string, string> = {}) {
  const server = await startMockServer({ script: script.build() });
  undo.push(() => server.close());
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'session-settings-')));
  undo.push(() => rmSync(root, { recursive: true, force: true }));
  const work = join(root, 'home', 'work');
  mkdirSync(join(work, '.git'), { recursive: true });
  for (const [path, text] of Object.entries(files)) write(join(root, path), text);
  const env = {
    ANTHROPIC_BASE_URL: server.url,
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'config'),
  };
  const parsed = parseHarnessArgs(['-C', work, '--no-skills', '--no-sandbox', ...argv]);
  if (!parsed.ok) throw new Error(parsed.message);
  const session = await createSession(parsed.flags, env, { home: join(root, 'home'), cwd: root });
  undo.push(() => session.close());
  return { session, server, work, root };
}

async function runAnswering(session: Awaited<ReturnType<typeof open>>['session'], text: string, answer: Answer) {
  const events: SessionEvent[] = [];
  for await (const event of session.run({ id: 'turn', type: 'send', text })) {
    events.push(event);
    if (event.type === 'approval_requested')
      void session.dispatch({ id: `a-${event.requestId}`, type: 'answer', requestId: event.requestId, answer });
  }
  return events;
}

describe('settings and memory in a session', () => {
  it('/memory lists the memory files and their imports', async () => {
    const { session, root } = await open(new ScriptBuilder().text('hi'), [], {
      'home/.claude/CLAUDE.md': 'mine @rules.md',
      'home/.claude/rules.md': 'rules',
      'home/work/CLAUDE.md': 'team',
    });
    const result = (await session.dispatch({ id: 'm', type: 'slash', text: '/memory' })) as {
      ok: true;
      data: SlashResult;
    };
    expect(result.data).toEqual({
      kind: 'memory',
      files: [
        {
          path: join(root, 'home/.claude/CLAUDE.md'),
          scope: 'user',
          chars: expect.any(Number),
          imports: [join(root, 'home/.claude/rules.md')],
        },
        { path: join(root, 'home/work/CLAUDE.md'), scope: 'project', chars: 4, imports: [] },
      ],
    });
  });

  it('a "project" answer allows the call and saves the rule, saying where (and that it waits for trust)', async () => {
    const script = new ScriptBuilder().toolUse('bash', { command: 'touch a.txt' }).text('done');
    const { session, work } = await open(script, []);
    const events = await runAnswering(session, 'go', { type: 'project' });
    const file = join(work, '.claude', 'settings.local.json');
    expect(events.find((e) => e.type === 'approval_resolved')).toMatchObject({ allowed: true, how: 'project' });
    expect(events.filter((e) => e.type === 'notice').map((e) => (e as { message: string }).message)).toContain(
      `always allowed for this project: Bash(touch a.txt) (saved in ${file}; it applies in sessions where this repository is trusted (harness --trust))`,
    );
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ permissions: { allow: ['Bash(touch a.txt)'] } });
  });

  it("a subfolder's CLAUDE.md joins the result of the first read under it, once; the system prompt keeps its bytes", async () => {
    const script = new ScriptBuilder()
      .toolUse('read_file', { path: 'pkg/a.txt' })
      .toolUse('read_file', { path: 'pkg/b.txt' })
      .text('done');
    const { session, server } = await open(script, [], {
      'home/work/pkg/CLAUDE.md': 'PKG-MEMORY @style.md',
      'home/work/pkg/style.md': 'PKG-STYLE',
      'home/work/pkg/a.txt': 'a\n',
      'home/work/pkg/b.txt': 'b\n',
    });
    await runAnswering(session, 'go', { type: 'once' });
    const requests = server.messageRequests();
    const system = (r: (typeof requests)[number]) => JSON.stringify((r.body as { system?: unknown }).system);
    expect(system(requests[0]!)).not.toContain('PKG-MEMORY');
    expect(system(requests.at(-1)!)).toBe(system(requests[0]!));
    const results = (requests.at(-1)!.body as { messages: { content: unknown }[] }).messages
      .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .filter((b: { type?: string }) => b.type === 'tool_result')
      .map((b) => JSON.stringify(b));
    expect(results).toHaveLength(2);
    expect(results[0]).toContain('PKG-MEMORY');
    expect(results[0]).toContain('PKG-STYLE');
    expect(results[1]).not.toContain('PKG-MEMORY');
  });

  it('/permissions lists every settings rule, ask rules too, each with its file', async () => {
    const { session, root } = await open(new ScriptBuilder().text('hi'), ['--trust'], {
      'home/.claude/settings.json': '{ "permissions": { "allow": ["Bash(npm test:*)"], "ask": ["Bash(git push:*)"] } }',
      'home/work/.claude/settings.json': '{ "permissions": { "deny": ["Read(.env)"] } }',
    });
    const result = (await session.dispatch({ id: 'p', type: 'slash', text: '/permissions' })) as {
      ok: true;
      data: SlashResult;
    };
    const user = join(root, 'home/.claude/settings.json');
    const project = join(root, 'home/work/.claude/settings.json');
    expect(result.data).toMatchObject({
      kind: 'rules',
      allowed: [{ rule: 'bash(npm test:*)', origin: user }],
      denied: [{ rule: 'read_file(.env)', origin: project }],
      asked: [{ rule: 'bash(git push:*)', origin: user }],
    });
    const lines = formatSlashResult(result.data);
    expect(lines).toContain(`ask   bash(git push:*)  (${user})`);
    expect(lines).toContain(`allow bash(npm test:*)  (session, ${user})`);
  });
});
