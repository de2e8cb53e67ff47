import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, resultText, run, toolResults } from './test-support/cli.js';

afterEach(cleanup);

/** A work root whose `npm test` prints three lines (real npm runs it). */
function project() {
  const box = makeSandbox();
  const scripts = { test: 'echo first-line && echo second-line && echo last-line' };
  writeFileSync(join(box.work, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', scripts }));
  return box;
}

describe('a command rule covers the command followed by harmless filters (-p, built CLI)', () => {
  it('Bash(npm test:*) allows `npm test 2>&1 | grep -v notice | tail -2` outside the sandbox', async () => {
    const box = project();
    const server = await mock(
      new ScriptBuilder().toolUse('bash', { command: 'npm test 2>&1 | grep -v notice | tail -2' }).text('done').build(),
    );
    const res = await run(['-C', box.work, '-p', 'test', '--no-sandbox', '--allowed-tools', 'Bash(npm test:*)'], {
      env: childEnv(box, server, { npm_config_update_notifier: 'false' }),
    });
    expect(res.code).toBe(0);
    const result = toolResults(server.messageRequests()[1])[0]!;
    expect(result.is_error).not.toBe(true);
    expect(resultText(result)).toContain('last-line');
    expect(resultText(result)).not.toContain('first-line');
  });

  it.each([
    ['npm test | tee copied.txt', 'copied.txt'],
    ['npm test > out.txt', 'out.txt'],
    ['npm test | sort -o sorted.txt', 'sorted.txt'],
  ])('the same rule refuses %j (nothing written)', async (command, file) => {
    const box = project();
    const server = await mock(new ScriptBuilder().toolUse('bash', { command }).text('refused').build());
    const res = await run(['-C', box.work, '-p', 'test', '--no-sandbox', '--allowed-tools', 'Bash(npm test:*)'], {
      env: childEnv(box, server, { npm_config_update_notifier: 'false' }),
    });
    expect(res.code).toBe(0);
    const result = toolResults(server.messageRequests()[1])[0]!;
    expect(result.is_error).toBe(true);
    expect(resultText(result)).toContain('--allowed-tools');
    expect(existsSync(join(box.work, file))).toBe(false);
  });
});
