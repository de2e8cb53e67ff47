/**
 * `harness-tui` end to end (tmux, the built bin, the mock server): Tab completes an `@path`
 * mention from the work root, the message goes out with the file attached and the screen says
 * so; `!command` runs without a request and its output joins the next message.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { hasTmux } from './tmux.test.helper.js';
import { onCleanup, runCleanups, sandbox, startTui } from './tui-run.test.helper.js';

afterEach(runCleanups);

const IDLE = /│ idle\s*$/m;

/** The text parts of the last user message of request `i`. */
function userTexts(server: Awaited<ReturnType<typeof startMockServer>>, i: number): string[] {
  const request = server.messageRequests()[i] as { body: { messages: Array<{ content: unknown }> } };
  const content = request.body.messages.at(-1)?.content as Array<{ type: string; text?: string }>;
  return content.filter((part) => part.type === 'text').map((part) => String(part.text));
}

/** Quits the TUI and waits until it has exited (nothing is written to the sandbox after that). */
async function quit(tmux: ReturnType<typeof startTui>): Promise<void> {
  tmux.type('/exit');
  tmux.press('Enter');
  await tmux.waitFor(['EXITED:0'], 30_000);
}

describe('harness-tui @path and !command (tmux)', () => {
  it.skipIf(!hasTmux)('Tab completes @src/wid…, the file is attached and the screen says so', async () => {
    const box = sandbox('harness-tui-mention-');
    mkdirSync(join(box.work, 'src'));
    writeFileSync(join(box.work, 'src', 'widget.ts'), 'export const widget = 7;\n');
    const server = await startMockServer({ script: new ScriptBuilder().text('It exports widget.').build() });
    onCleanup(() => server.close());
    const tmux = startTui(box, server.url, 'mention', ['--no-sandbox']);
    await tmux.waitFor([IDLE]);
    tmux.type('explain @src/wid');
    await tmux.waitFor(['@src/widget.ts']);
    tmux.press('Tab');
    tmux.press('Enter');
    await tmux.waitFor(['attached @src/widget.ts', 'It exports widget.', IDLE], 30_000);
    const texts = userTexts(server, 0);
    expect(texts[0]).toBe('explain @src/widget.ts');
    expect(texts.some((t) => t.includes('export const widget = 7;'))).toBe(true);
    await quit(tmux);
  });

  it.skipIf(!hasTmux)('!command shows its output, sends nothing, and the next message carries it', async () => {
    const box = sandbox('harness-tui-bang-');
    const server = await startMockServer({ script: new ScriptBuilder().text('Noted.').build() });
    onCleanup(() => server.close());
    const tmux = startTui(box, server.url, 'bang', ['--no-sandbox']);
    await tmux.waitFor([IDLE]);
    tmux.type('!echo tui-bang-$((6*7))');
    tmux.press('Enter');
    await tmux.waitFor(['tui-bang-42', IDLE], 30_000);
    expect(server.messageRequests()).toHaveLength(0);
    tmux.type('and now?');
    tmux.press('Enter');
    await tmux.waitFor(['Noted.', IDLE], 30_000);
    expect(userTexts(server, 0)).toEqual([
      '<bash-input>echo tui-bang-$((6*7))</bash-input>',
      '<bash-stdout>tui-bang-42</bash-stdout><bash-stderr></bash-stderr>',
      'and now?',
    ]);
    await quit(tmux);
  });
});
