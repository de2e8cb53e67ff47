/**
 * `--plugin-dir DIR` through the built `harness -p` against the mock: a plugin folder loaded for
 * this run only brings its skill (`<plugin>:<name>`), its agent and its hooks, as an installed,
 * enabled plugin does; without the flag the same folder brings nothing.
 */
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, run } from './test-support/cli.js';

afterEach(cleanup);

function put(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const toolOf = (request: Parameters<typeof body>[0], name: string): string =>
  ((body(request).tools ?? []).find((t) => t.name === name) as { description?: string } | undefined)?.description ?? '';

describe('--plugin-dir', () => {
  it("loads the folder's skill, agent and hooks for this run", async () => {
    const box = makeSandbox();
    const plugin = join(box.root, 'my-plugin');
    put(join(plugin, '.claude-plugin', 'plugin.json'), JSON.stringify({ name: 'devkit' }));
    put(
      join(plugin, 'skills', 'release', 'SKILL.md'),
      '---\nname: release\ndescription: Cut a release of this project.\n---\nTag it.\n',
    );
    put(join(plugin, 'agents', 'tester.md'), '---\nname: tester\ndescription: Runs the tests.\n---\nYou test.\n');
    const guard = join(plugin, 'hooks', 'guard.sh');
    put(guard, '#!/bin/bash\ncat > /dev/null\necho "devkit forbids this" >&2\nexit 2\n');
    chmodSync(guard, 0o755);
    put(
      join(plugin, 'hooks', 'hooks.json'),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh' }] },
          ],
        },
      }),
    );
    const server = await mock(
      new ScriptBuilder().toolUse('bash', { command: 'touch made.txt' }).text('done').text('plain').build(),
    );
    const env = childEnv(box, server);
    const res = await run(
      ['-C', box.work, '-p', 'go', '--plugin-dir', plugin, '--allowed-tools', 'Bash', '--no-sandbox'],
      { env },
    );
    expect(res.code, res.stderr).toBe(0);
    const [first, second] = server.messageRequests();
    expect(JSON.stringify(body(first!))).toContain('devkit:release');
    expect(toolOf(first!, 'agent')).toContain('devkit:tester');
    expect(existsSync(join(box.work, 'made.txt'))).toBe(false);
    expect(JSON.stringify(body(second!))).toContain('devkit forbids this');
    // Without the flag the folder is nothing to this run.
    const bare = await run(['-C', box.work, '-p', 'go'], { env });
    expect(bare.code, bare.stderr).toBe(0);
    const third = server.messageRequests()[2]!;
    expect(JSON.stringify(body(third))).not.toContain('devkit:release');
    expect(toolOf(third, 'agent')).not.toContain('devkit:tester');
  });
});
