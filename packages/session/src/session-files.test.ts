/** `createSession(..., { files })`: the front end's text-file I/O reaches the file tools, also after a resume. */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import type { TextFileIo } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessArgs } from './args.js';
import { createSession } from './session.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

describe('the files option of createSession', () => {
  it("read_file returns the front end's text for a file in the work root, before and after a resume", async () => {
    const script = new ScriptBuilder()
      .toolUse('read_file', { path: 'a.txt' })
      .text('first done')
      .toolUse('read_file', { path: 'a.txt' })
      .text('second done');
    const server = await startMockServer({ script: script.build() });
    undo.push(() => server.close());
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'session-files-')));
    undo.push(() => rmSync(root, { recursive: true, force: true }));
    const work = join(root, 'work');
    mkdirSync(work);
    writeFileSync(join(work, 'a.txt'), 'disk text\n');
    const asked: string[] = [];
    const files: TextFileIo = {
      readText: async (abs) => {
        asked.push(abs);
        return 'editor text\n';
      },
    };
    const parsed = parseHarnessArgs(['-C', work, '--no-skills']);
    if (!parsed.ok) throw new Error(parsed.message);
    const env = {
      ANTHROPIC_BASE_URL: server.url,
      XDG_STATE_HOME: join(root, 'state'),
      XDG_CONFIG_HOME: join(root, 'c'),
    };
    const session = await createSession(parsed.flags, env, { home: join(root, 'home'), cwd: root, files });
    undo.push(() => session.close());

    await session.dispatch({ id: '1', type: 'send', text: 'read it' });
    const firstId = session.status().sessionId;
    await session.dispatch({ id: '2', type: 'clear' });
    expect(await session.dispatch({ id: '3', type: 'resume', sessionId: firstId })).toMatchObject({ ok: true });
    await session.dispatch({ id: '4', type: 'send', text: 'read it again' });

    const results = server
      .messageRequests()
      .flatMap((r) => (r.body as { messages: { content: unknown }[] }).messages)
      .flatMap((m) => (Array.isArray(m.content) ? (m.content as { type: string; content?: unknown }[]) : []))
      .filter((p) => p.type === 'tool_result')
      .map((p) => JSON.stringify(p.content));
    expect(results.length).toBeGreaterThanOrEqual(2);
    for (const r of results) {
      expect(r).toContain('editor text');
      expect(r).not.toContain('disk text');
    }
    expect(asked).toEqual([join(work, 'a.txt'), join(work, 'a.txt')]);
  });
});
