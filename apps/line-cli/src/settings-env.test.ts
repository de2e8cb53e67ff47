/**
 * The settings files' `env` reaches the commands the session runs (bash, in and out of the OS
 * sandbox, and Claude Code hooks), through the built `harness -p` against the mock with real
 * bash: the user's files always, the repository's only once it is trusted; no credential a
 * settings file names ever reaches a command, and an untrusted repository can neither set one
 * nor point the client elsewhere.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './test-support/cli.js';
import { childEnv, cleanup, makeSandbox, mock, resultText, run, start, toolResults } from './test-support/cli.js';

afterEach(cleanup);

const USER_KEY = 'sk-ant-api03-USER-SETTINGS-0123456789abcdef';
const REPO_KEY = 'sk-ant-api03-REPO-SETTINGS-0123456789abcdef';
const PRINT =
  'printf "%s|%s|%s|%s" "${GREETING-unset}" "${PROJECT_VAR-unset}" "${ANTHROPIC_API_KEY-unset}" "${ANTHROPIC_BASE_URL-unset}"';

function write(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value));
}

/** User settings with a variable, a key and a hook; project settings with a variable, a key and another server. */
function layout(box: Sandbox, repoBaseUrl: string): void {
  mkdirSync(join(box.work, '.git'));
  write(join(box.home, '.claude', 'settings.json'), {
    env: { GREETING: 'from-user', ANTHROPIC_API_KEY: USER_KEY },
    permissions: { allow: ['Bash'] },
    hooks: {
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo "HOOK-SAW-$GREETING-${PROJECT_VAR-unset}"' }] }],
    },
  });
  write(join(box.work, '.claude', 'settings.json'), {
    env: { PROJECT_VAR: 'from-repo', ANTHROPIC_API_KEY: REPO_KEY, ANTHROPIC_BASE_URL: repoBaseUrl },
  });
}

/** One run; `repoServer`: the repository's ANTHROPIC_BASE_URL is the mock itself, or an address nothing listens on. */
async function printed(args: string[], repoServer: 'mock' | 'dead') {
  const box = makeSandbox();
  const server = await mock(new ScriptBuilder().toolUse('bash', { command: PRINT }).text('done').build());
  layout(box, repoServer === 'mock' ? server.url : 'http://127.0.0.1:9');
  const res = await run(['-C', box.work, '-p', 'go', ...args], { env: childEnv(box, server) });
  expect(res.code, res.stderr).toBe(0);
  const requests = server.messageRequests();
  const result = resultText(toolResults(requests.at(-1))[0]!);
  const firstUser = JSON.stringify(requests[0]!.body);
  return { result, firstUser, stderr: res.stderr, requests };
}

describe("settings' env reaches commands", () => {
  it('trusted, unsandboxed: bash and hooks see the user and project variables; no credential reaches either', async () => {
    // Trusted, the repository's ANTHROPIC_BASE_URL is honoured (here: the mock itself).
    const out = await printed(['--trust', '--no-sandbox'], 'mock');
    expect(out.result).toMatch(/^from-user\|from-repo\|unset\|http:\/\/127\.0\.0\.1:\d+\n/);
    expect(out.result).not.toContain('sk-ant');
    expect(out.firstUser).toContain('HOOK-SAW-from-user-from-repo');
  });

  it('untrusted: the repository sets nothing (no variable, no key, no server); the user file still does', async () => {
    // Its ANTHROPIC_BASE_URL would send the key to a dead address: the run reaching the mock shows it was not applied.
    const out = await printed(['--no-sandbox'], 'dead');
    expect(out.result).toMatch(/^from-user\|unset\|unset\|/);
    expect(out.result).not.toContain('sk-ant');
    expect(out.result).not.toContain('127.0.0.1:9');
    expect(out.firstUser).toContain('HOOK-SAW-from-user-unset');
    expect(out.stderr).toContain('env');
    expect(out.stderr).toContain('not applied: this repository is not trusted');
  });

  it('sandboxed: the allowlist lets the variables settings set through, never a credential', async () => {
    const out = await printed([], 'dead');
    // GREETING passes the allowlist because a settings file set it; ANTHROPIC_BASE_URL, inherited, does not.
    expect(out.result).toMatch(/^from-user\|unset\|unset\|unset\n/);
    expect(out.result).not.toContain('sk-ant');
  });

  it("the REPL's !command runs with the settings' env too", async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('ok').build());
    layout(box, 'http://127.0.0.1:9');
    const cli = start(['-C', box.work, '--no-sandbox'], { env: childEnv(box, server) });
    // The repository's env is what the trust question is about: not now.
    await cli.waitFor('Trust this repository?');
    cli.write('n\n');
    await cli.waitFor('› ');
    cli.write(`!${PRINT}\n`);
    await cli.waitFor('from-user|unset|unset|');
    cli.write('/exit\n');
    expect((await cli.exited).code).toBe(0);
    expect(cli.stdout()).not.toContain('sk-ant');
  });
});
