import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock } from './test-support/cli.js';
import { killTmuxServers, onTmux } from './test-support/tmux.js';

afterEach(async () => {
  killTmuxServers();
  await cleanup();
});

describe('Tab completes @path mentions in the REPL (tmux)', () => {
  it('completes a folder, then a file in it, and the file is attached to the message', async () => {
    const box = makeSandbox();
    mkdirSync(join(box.work, 'src'));
    writeFileSync(join(box.work, 'src', 'widget.ts'), 'export const widget = 1;\n');
    const server = await mock(new ScriptBuilder().text('seen the widget').build());
    const term = onTmux(box.root, ['-C', box.work], childEnv(box, server));
    await term.waitFor('/help for commands');
    term.keys('-l', 'explain @sr');
    term.keys('Tab');
    await term.waitFor('explain @src/');
    term.keys('-l', 'wi');
    term.keys('Tab');
    await term.waitFor('explain @src/widget.ts');
    term.keys('Enter');
    await term.waitFor('seen the widget');
    const content = body(server.messageRequests()[0]).messages.at(-1)?.content as Array<{ text?: string }>;
    expect(content[0]?.text).toBe('explain @src/widget.ts');
    expect(content.some((part) => part.text?.includes('export const widget = 1;'))).toBe(true);
    term.keys('C-d');
  });
});
