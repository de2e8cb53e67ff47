/**
 * Rewind in the TUI, on a real session against the mock: Esc Esc lists the turns with the files
 * each changed, `/rewind 1` removes the file a command made and redraws the cut conversation.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { mockServer, sandbox, undoAll } from './real-session.test.helper.js';

afterEach(undoAll);

describe('harness-tui: rewind', () => {
  it('Esc Esc lists the turns; /rewind 1 puts the files back and redraws the conversation', async () => {
    const server = await mockServer(
      new ScriptBuilder()
        .toolUse('bash', { command: 'echo made > made.txt && echo changed > kept.txt' })
        .text('made it'),
    );
    const box = sandbox(server);
    writeFileSync(join(box.work, 'kept.txt'), 'original\n');
    const session = await box.open(['--no-skills', '--permission-mode', 'bypassPermissions']);
    const t = await fakeTerminal(session, { columns: 120, rows: 40 });
    await t.type('make the file');
    await t.press(KEY.enter);
    await t.see('made it');
    expect(existsSync(join(box.work, 'made.txt'))).toBe(true);
    await t.press(KEY.esc);
    await t.press(KEY.esc);
    await t.see('turns (1 is the last):');
    await t.see('make the file  (kept.txt, made.txt)');
    await t.type('/rewind 1');
    await t.press(KEY.enter);
    await t.see('rewound files and conversation to before: make the file');
    await t.see('the conversation was rewound');
    expect(existsSync(join(box.work, 'made.txt'))).toBe(false);
    expect(readFileSync(join(box.work, 'kept.txt'), 'utf8')).toBe('original\n');
    expect(t.text()).not.toContain('made it');
    await t.press(KEY.ctrlC, KEY.ctrlC);
    await t.exit;
  });
});
