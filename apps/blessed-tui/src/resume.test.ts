/** `--continue` through the real wiring (the session package's `buildHarness`) against the mock server: the TUI shows the earlier conversation. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHarness, parseHarnessArgs } from '@coding-harness/session';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { harnessBackend } from './harness-backend.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

describe('a resumed session in the TUI', () => {
  it('--continue replays the earlier turn: user text, answer, the tool call with its result (collapsed), then "resumed session <id>"', async () => {
    const server = await startMockServer({
      script: new ScriptBuilder()
        .toolUse('read_file', { path: 'greet.txt' }, { text: 'Reading it.' })
        .text('It says Hello.')
        .build(),
    });
    undo.push(() => server.close());
    const root = mkdtempSync(join(tmpdir(), 'harness-tui-resume-'));
    undo.push(() => rmSync(root, { recursive: true, force: true }));
    const work = join(root, 'work');
    mkdirSync(work);
    writeFileSync(join(work, 'greet.txt'), 'Hello\n');
    const env = {
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'fake',
      XDG_STATE_HOME: join(root, 'state'),
      XDG_CONFIG_HOME: join(root, 'config'),
    };
    const build = async (argv: string[]) => {
      const parsed = parseHarnessArgs(['-C', work, ...argv]);
      if (!parsed.ok) throw new Error(parsed.message);
      const harness = await buildHarness(parsed.flags, env, { home: join(root, 'home'), cwd: root });
      return { harness, backend: harnessBackend(harness) };
    };

    const first = await build([]);
    expect(first.backend.history?.()).toBeUndefined();
    for await (const event of first.backend.send('what does greet.txt say?', new AbortController().signal)) void event;
    const id = first.harness.agent.sessionId;

    const { backend } = await build(['--continue']);
    const t = await fakeTerminal(backend);
    const items = t.app.state.items;
    expect(items.find((i) => i.kind === 'user')).toEqual({ kind: 'user', text: 'what does greet.txt say?' });
    expect(items.filter((i) => i.kind === 'assistant').map((i) => i.kind === 'assistant' && i.text)).toEqual([
      'Reading it.',
      'It says Hello.',
    ]);
    expect(items.find((i) => i.kind === 'tool')).toMatchObject({
      name: 'read_file',
      summary: expect.stringContaining('greet.txt'),
      state: 'done',
      expanded: false,
      content: expect.stringContaining('Hello'),
    });
    expect(items.at(-1)).toEqual({ kind: 'notice', text: `resumed session ${id}` });
    await t.see('› what does greet.txt say?');
    await t.see('It says Hello.');
    await t.see(`resumed session ${id}`);
    await t.press(KEY.ctrlD);
    expect(await t.exit).toBe(0);
  });
});
