/**
 * The settings files' `sandbox` key through the built `harness -p` against the mock, with real
 * bash and bubblewrap: `filesystem.allowWrite` makes a folder writable for sandboxed commands,
 * `excludedCommands` runs a command outside the sandbox (so it asks, and -p refuses it), and
 * `enabled: false` switches the sandbox off.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './test-support/cli.js';
import { childEnv, cleanup, makeSandbox, mock, resultText, run, toolResults } from './test-support/cli.js';

afterEach(cleanup);

function settings(box: Sandbox, sandbox: unknown): void {
  const file = join(box.home, '.claude', 'settings.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ sandbox }));
}

describe("settings' sandbox key", () => {
  it('allowWrite opens a folder to sandboxed commands; an excluded command runs outside the sandbox, so it asks', async () => {
    const box = makeSandbox();
    const extra = join(box.root, 'extra');
    mkdirSync(extra);
    settings(box, { filesystem: { allowWrite: [extra] }, excludedCommands: ['touch'] });
    const server = await mock(
      new ScriptBuilder()
        .toolUse('bash', { command: `echo in > ${extra}/written.txt; echo out > ${box.root}/beside.txt; echo ran` })
        .toolUse('bash', { command: `touch ${box.root}/excluded.txt` })
        .text('done')
        .build(),
    );
    const res = await run(['-C', box.work, '-p', 'go'], { env: childEnv(box, server) });
    expect(res.code, res.stderr).toBe(0);
    expect(existsSync(join(extra, 'written.txt'))).toBe(true);
    expect(existsSync(join(box.root, 'beside.txt'))).toBe(false);
    // Unsandboxed, it is not allowed by the sandbox: -p cannot ask, so it did not run.
    expect(resultText(toolResults(server.messageRequests().at(-1)).at(-1)!)).toContain('needs approval');
    expect(existsSync(join(box.root, 'excluded.txt'))).toBe(false);
  });

  it('enabled: false switches it off: an allowed command writes outside the work root; a bad value is a notice', async () => {
    const box = makeSandbox();
    settings(box, { enabled: false, autoAllowBashIfSandboxed: 'yes' });
    const server = await mock(
      new ScriptBuilder()
        .toolUse('bash', { command: `echo out > ${box.root}/beside.txt` })
        .text('done')
        .build(),
    );
    const res = await run(['-C', box.work, '-p', 'go', '--allowed-tools', 'Bash'], { env: childEnv(box, server) });
    expect(res.code, res.stderr).toBe(0);
    expect(existsSync(join(box.root, 'beside.txt'))).toBe(true);
    expect(res.stderr).toContain('sandbox.autoAllowBashIfSandboxed must be true or false; it was ignored');
  });
});
