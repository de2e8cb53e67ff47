/** `--continue` through the real session against the mock server: the TUI draws the earlier conversation from `history`. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { mockServer, sandbox, undoAll } from './real-session.test.helper.js';

afterEach(undoAll);

describe('a resumed session in the TUI', () => {
  it('--continue replays the earlier turn: user text, answer, the tool call with its result (collapsed), then "resumed session <id>"', async () => {
    const server = await mockServer(
      new ScriptBuilder().toolUse('read_file', { path: 'greet.txt' }, { text: 'Reading it.' }).text('It says Hello.'),
    );
    const box = sandbox(server);
    writeFileSync(join(box.work, 'greet.txt'), 'Hello\n');

    const first = await box.open();
    expect(first.info.resumed).toBe(false);
    await first.dispatch({ id: 'c1', type: 'send', text: 'what does greet.txt say?' });
    const id = first.status().sessionId;
    await first.close();

    const session = await box.open(['--continue']);
    const t = await fakeTerminal(session);
    const items = t.app.state.items;
    expect(items.find((i) => i.kind === 'user')).toEqual({ kind: 'user', text: 'what does greet.txt say?' });
    expect(items.filter((i) => i.kind === 'assistant').map((i) => i.kind === 'assistant' && i.text)).toEqual([
      'Reading it.',
      'It says Hello.',
    ]);
    expect(items.find((i) => i.kind === 'tool')).toMatchObject({
      name: 'read_file',
      callKind: 'read',
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
