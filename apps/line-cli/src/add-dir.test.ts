/**
 * `--add-dir` and settings' `permissions.additionalDirectories` through the built `harness -p`
 * against the mock: the added folder is written like the work root. In acceptEdits mode a
 * write_file there runs unasked; in default mode it asks (and -p refuses, naming the fix); a
 * sandboxed command may write there too, and still nowhere else.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, resultText, run, toolResults } from './test-support/cli.js';

afterEach(cleanup);

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

describe('--add-dir folders are written like the work root', () => {
  it('acceptEdits writes there unasked; a sandboxed command writes there and not beside it', async () => {
    const box = makeSandbox();
    const extra = join(box.root, 'extra');
    mkdirSync(extra);
    const server = await mock(
      new ScriptBuilder()
        .toolUse('write_file', { path: join(extra, 'from-tool.txt'), content: 'TOOL\n' })
        .toolUse('bash', {
          command: `echo CMD > ${extra}/from-cmd.txt; echo NO > ${box.root}/beside.txt; echo finished`,
        })
        .text('done')
        .build(),
    );
    const res = await run(
      ['-C', box.work, '-p', 'go', '--add-dir', extra, '--permission-mode', 'acceptEdits', '--allowed-tools', 'Bash'],
      { env: childEnv(box, server) },
    );
    expect(res.code, res.stderr).toBe(0);
    const results = toolResults(server.messageRequests().at(-1));
    expect(results[0]!.is_error ?? false, resultText(results[0]!)).toBe(false);
    expect(readFileSync(join(extra, 'from-tool.txt'), 'utf8')).toBe('TOOL\n');
    expect(readFileSync(join(extra, 'from-cmd.txt'), 'utf8')).toBe('CMD\n');
    // The sandbox binds the added folder writable, and nothing else beside the work root.
    expect(existsSync(join(box.root, 'beside.txt'))).toBe(false);
  });

  it("settings' additionalDirectories (user file) is writable too; in default mode the write asks, and -p names the fix", async () => {
    const box = makeSandbox();
    const extra = join(box.root, 'extra');
    mkdirSync(extra);
    write(
      join(box.home, '.claude', 'settings.json'),
      JSON.stringify({ permissions: { additionalDirectories: [extra] } }),
    );
    const server = await mock(
      new ScriptBuilder()
        .toolUse('write_file', { path: join(extra, 'asked.txt'), content: 'x' })
        .text('done')
        .build(),
    );
    const res = await run(['-C', box.work, '-p', 'go', '--no-sandbox'], { env: childEnv(box, server) });
    expect(res.code, res.stderr).toBe(0);
    const denied = resultText(toolResults(server.messageRequests().at(-1))[0]!);
    expect(denied).toContain('needs approval');
    // Asked, not refused by the jail: the suggestion is the work root's (acceptEdits).
    expect(denied).toContain('acceptEdits');
    expect(existsSync(join(extra, 'asked.txt'))).toBe(false);
  });
});
