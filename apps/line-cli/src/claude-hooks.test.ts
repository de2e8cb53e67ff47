/**
 * Claude Code's hooks through the built `harness -p` against the mock: settings files in the
 * test's home and repository, real bash scripts as hooks, what the model gets next.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, run, start } from './test-support/cli.js';
import type { Sandbox } from './test-support/cli.js';

afterEach(cleanup);

const KEY = 'sk-ant-api03-cli-hook-test-secret';

/** Writes an executable hook script under the sandbox root; returns its path. */
function hookScript(box: Sandbox, name: string, body: string): string {
  const file = join(box.root, name);
  writeFileSync(file, `#!/bin/bash\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

/** Writes Claude Code settings with `hooks` at `where` (user: ~/.claude, project: <work>/.claude). */
function settings(box: Sandbox, where: 'user' | 'project', hooks: unknown): void {
  const dir = join(where === 'user' ? box.home : box.work, '.claude');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'settings.json'), `{\n  // hooks for the test\n  "hooks": ${JSON.stringify(hooks)}\n}\n`);
}

const on = (event: string, command: string, matcher?: string) => ({
  [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command }] }],
});

const sent = (server: Awaited<ReturnType<typeof mock>>, i: number): string =>
  JSON.stringify(server.messageRequests()[i]?.body ?? null);

describe('harness -p with Claude Code hooks', () => {
  it('a PreToolUse hook exiting 2 blocks a bash call; its stderr reaches the model; the API key is not in its environment', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder().toolUse('bash', { command: 'touch made.txt' }).text('blocked, ok').build(),
    );
    const envFile = join(box.root, 'hook-env.txt');
    const hook = hookScript(
      box,
      'guard.sh',
      `cat >/dev/null\nenv > '${envFile}'\necho "touch is not allowed here" >&2\nexit 2`,
    );
    settings(box, 'user', on('PreToolUse', hook, 'Bash'));
    const res = await run(['-C', box.work, '--no-sandbox', '--allowed-tools', 'Bash', '-p', 'make a file'], {
      env: childEnv(box, server, { ANTHROPIC_API_KEY: KEY }),
    });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('blocked, ok');
    expect(existsSync(join(box.work, 'made.txt'))).toBe(false);
    expect(sent(server, 1)).toContain('touch is not allowed here');
    const env = readFileSync(envFile, 'utf8');
    expect(env).toContain(`CLAUDE_PROJECT_DIR=${box.work}\n`);
    expect(env).not.toContain(KEY);
    expect(env).not.toMatch(/^ANTHROPIC_API_KEY=/m);
  });

  it("PostToolUse additionalContext goes with the tool's result; UserPromptSubmit stdout goes with the prompt", async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().toolUse('bash', { command: 'echo hi' }).text('done').build());
    const post = hookScript(
      box,
      'post.sh',
      `cat >/dev/null\necho '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"remember to run the formatter"}}'`,
    );
    const prompt = hookScript(box, 'prompt.sh', 'cat >/dev/null\necho "the release freeze starts Friday"');
    settings(box, 'user', { ...on('PostToolUse', post, 'Bash'), ...on('UserPromptSubmit', prompt) });
    const res = await run(['-C', box.work, '--no-sandbox', '--allowed-tools', 'Bash', '-p', 'go'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(0);
    expect(sent(server, 0)).toContain('UserPromptSubmit hook additional context: the release freeze starts Friday');
    expect(sent(server, 1)).toContain('PostToolUse hook additional context: remember to run the formatter');
  });

  it('a Stop hook sends the turn on once, then lets it end', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('first try').text('second try').build());
    const stop = hookScript(
      box,
      'stop.sh',
      `if cat | grep -q '"stop_hook_active":true'; then exit 0; fi\necho "the changelog is not updated" >&2\nexit 2`,
    );
    settings(box, 'user', on('Stop', stop));
    const res = await run(['-C', box.work, '-p', 'fix it'], { env: childEnv(box, server) });
    expect(res.code).toBe(0);
    expect(server.messageRequests()).toHaveLength(2);
    expect(sent(server, 1)).toContain('Stop hook feedback: the changelog is not updated');
    expect(res.stdout).toContain('second try');
  });

  it("an untrusted repository's hooks do not run (stderr says so); --trust runs them", async () => {
    const box = makeSandbox();
    const marker = join(box.root, 'repo-hook-ran');
    settings(box, 'project', on('UserPromptSubmit', `touch '${marker}'`));
    const server = await mock(new ScriptBuilder().text('one').text('two').build());
    const untrusted = await run(['-C', box.work, '-p', 'hi'], { env: childEnv(box, server) });
    expect(untrusted.code).toBe(0);
    expect(untrusted.stderr).toContain('hook of this repository not run: it is not trusted');
    expect(existsSync(marker)).toBe(false);
    const trusted = await run(['-C', box.work, '--trust', '-p', 'hi'], { env: childEnv(box, server) });
    expect(trusted.code).toBe(0);
    expect(existsSync(marker)).toBe(true);
  });

  it('/hooks in the REPL lists each hook with its event, matcher, command and source, and what was skipped', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('never').build());
    settings(box, 'user', {
      ...on('PreToolUse', 'echo guard', 'Bash|Write'),
      ...on('PermissionRequest', 'echo never'),
    });
    settings(box, 'project', on('Stop', 'echo repo-stop'));
    // The repository's settings bring hooks, so the REPL first asks whether to trust it: not now.
    const res = await start(['-C', box.work], { env: childEnv(box, server), stdin: 'n\n/hooks\n' }).exited;
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('PreToolUse [Bash|Write]: echo guard');
    expect(res.stdout).toContain(`from user settings: ${join(box.home, '.claude', 'settings.json')}`);
    expect(res.stdout).toContain('Stop: echo repo-stop');
    expect(res.stdout).toContain('not run: the repository is not trusted');
    expect(res.stdout).toContain('skipped: ');
    expect(res.stdout).toContain('hook event "PermissionRequest" is not run by this harness');
    expect(server.requests).toHaveLength(0);
  });
});
