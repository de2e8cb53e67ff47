/**
 * A home and a repository laid out as a Claude Code user's (settings at every level, memory files
 * with imports), driven through the built `harness -p` against the mock: what each file grants,
 * with the file named; and the same repository untrusted grants nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './test-support/cli.js';
import { childEnv, cleanup, makeSandbox, mock, resultText, run, systemText, toolResults } from './test-support/cli.js';

afterEach(cleanup);

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** The fixture: user, harness, project and local settings; user and project memory with imports. */
function claudeCodeUser(box: Sandbox): void {
  mkdirSync(join(box.work, '.git'));
  write(
    join(box.home, '.claude', 'settings.json'),
    '// mine\n{ "model": "claude-haiku-5-5", "permissions": { "allow": ["Bash(printf user:*)"] } }\n',
  );
  write(
    join(box.config, 'coding-harness', 'settings.json'),
    '{ "permissions": { "deny": ["Bash(printf harness-denied:*)"] } }',
  );
  write(
    join(box.work, '.claude', 'settings.json'),
    JSON.stringify({
      permissions: {
        allow: ['Bash(printf project:*)', 'WebFetch', 'NotebookEdit'],
        deny: ['Bash(printf project-denied:*)'],
      },
      env: { ANTHROPIC_MODEL: 'claude-opus-5-5' },
    }),
  );
  write(join(box.work, '.claude', 'settings.local.json'), '{ "permissions": { "allow": ["Bash(printf local:*)"] } }');
  write(join(box.home, '.claude', 'CLAUDE.md'), 'USER-MEMORY\n@notes/style.md\n');
  write(join(box.home, '.claude', 'notes', 'style.md'), 'USER-IMPORT\n');
  write(join(box.work, 'CLAUDE.md'), 'PROJECT-MEMORY, see @docs/conventions.md\n');
  write(join(box.work, 'docs', 'conventions.md'), 'PROJECT-IMPORT\n');
  write(join(box.work, 'CLAUDE.local.md'), 'LOCAL-MEMORY\n');
}

const calls = ['user', 'project', 'local', 'project-denied', 'harness-denied'];
const script = (): ScriptBuilder => {
  const s = new ScriptBuilder();
  for (const word of calls) s.toolUse('bash', { command: `printf ${word}` });
  return s.text('done');
};

/** Each call's result: `ran` with its output, or the error text. */
function outcomes(server: Awaited<ReturnType<typeof mock>>): Record<string, string> {
  const results = toolResults(server.messageRequests().at(-1));
  return Object.fromEntries(
    calls.map((word, i) => [word, results[i]!.is_error ? `error: ${resultText(results[i]!)}` : 'ran']),
  );
}

describe("a Claude Code user's settings and memory files", () => {
  it('trusted: every file grants its rules, deny rules name their file, memory files and imports are in the prompt', async () => {
    const box = makeSandbox();
    claudeCodeUser(box);
    const server = await mock(script().build());
    const res = await run(['-C', box.work, '-p', 'go', '--trust', '--no-sandbox'], { env: childEnv(box, server) });
    expect(res.code, res.stderr).toBe(0);
    const out = outcomes(server);
    expect([out.user, out.project, out.local]).toEqual(['ran', 'ran', 'ran']);
    expect(out['project-denied']).toContain(join(box.work, '.claude', 'settings.json'));
    expect(out['harness-denied']).toContain(join(box.config, 'coding-harness', 'settings.json'));
    // The project's env (trusted) names the model over the user's settings.
    expect((server.messageRequests()[0]!.body as { model: string }).model).toBe('claude-opus-5-5');
    const system = systemText(server.messageRequests()[0]);
    for (const marker of ['USER-MEMORY', 'USER-IMPORT', 'PROJECT-MEMORY', 'PROJECT-IMPORT', 'LOCAL-MEMORY'])
      expect(system).toContain(marker);
    expect(system.indexOf('USER-MEMORY')).toBeLessThan(system.indexOf('PROJECT-MEMORY'));
    // A Claude Code tool this harness has no tool for is a notice, not an error; WebFetch turns on the API's web fetch.
    expect(res.stderr).toContain('NotebookEdit was left out: this harness has no NotebookEdit tool');
    expect(res.stderr).not.toContain('no WebFetch tool');
  });

  it('untrusted: the repository grants nothing (allow rules, env), its deny rules still apply, the user files do', async () => {
    const box = makeSandbox();
    claudeCodeUser(box);
    const server = await mock(script().build());
    const res = await run(['-C', box.work, '-p', 'go', '--no-sandbox'], { env: childEnv(box, server) });
    expect(res.code, res.stderr).toBe(0);
    const out = outcomes(server);
    expect(out.user).toBe('ran');
    expect(out.project).toMatch(/^error: /);
    expect(out.local).toMatch(/^error: /);
    expect(out['project-denied']).toContain(join(box.work, '.claude', 'settings.json'));
    // No env from the repository: the user's settings name the model.
    expect((server.messageRequests()[0]!.body as { model: string }).model).toBe('claude-haiku-5-5');
    expect(res.stderr).toContain('not applied: this repository is not trusted');
  });

  it("--untrusted: the repository's memory files are not read and its settings grant nothing", async () => {
    const box = makeSandbox();
    claudeCodeUser(box);
    const server = await mock(script().build());
    const res = await run(['-C', box.work, '-p', 'go', '--untrusted', '--no-sandbox'], { env: childEnv(box, server) });
    expect(res.code, res.stderr).toBe(0);
    const system = systemText(server.messageRequests()[0]);
    expect(system).toContain('USER-IMPORT');
    for (const marker of ['PROJECT-MEMORY', 'PROJECT-IMPORT', 'LOCAL-MEMORY']) expect(system).not.toContain(marker);
    expect(outcomes(server).project).toMatch(/^error: /);
  });

  it('a settings file that does not parse is named with its line and skipped; the run goes on', async () => {
    const box = makeSandbox();
    write(join(box.home, '.claude', 'settings.json'), '{\n  "model": "claude-haiku-5-5"\n  "permissions": {}\n}\n');
    const server = await mock(new ScriptBuilder().text('ok').build());
    const res = await run(['-C', box.work, '-p', 'go'], { env: childEnv(box, server) });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain(
      `${join(box.home, '.claude', 'settings.json')}:3: CommaExpected; the file was skipped`,
    );
  });
});

describe("Claude Code's CI flags", () => {
  it('-p takes them all with their meaning; tool names this harness lacks are notices', async () => {
    const box = makeSandbox();
    const extra = join(box.root, 'extra');
    write(join(extra, 'shared.txt'), 'SHARED-TEXT\n');
    write(join(box.root, 'ci-settings.json'), '{ "permissions": { "deny": ["Bash(printf ci-denied:*)"] } }');
    const server = await mock(
      new ScriptBuilder()
        .toolUse('read_file', { path: join(extra, 'shared.txt') })
        .toolUse('bash', { command: 'printf bypassed' })
        .toolUse('bash', { command: 'printf ci-denied' })
        .text('done')
        .build(),
    );
    const res = await run(
      [
        '-C',
        box.work,
        '-p',
        'go',
        '--no-sandbox',
        '--system-prompt',
        'YOU-ARE-A-CI-BOT',
        '--append-system-prompt',
        'APPENDED-LAST',
        '--add-dir',
        extra,
        '--dangerously-skip-permissions',
        '--max-turns',
        '5',
        '--settings',
        join(box.root, 'ci-settings.json'),
        '--allowed-tools',
        'WebFetch Task Agent Read Edit Write Glob Grep Bash WebSearch NotebookEdit TodoWrite',
        '--disallowed-tools',
        'NotebookEdit',
      ],
      { env: childEnv(box, server) },
    );
    expect(res.code, res.stderr).toBe(0);
    const system = systemText(server.messageRequests()[0]);
    expect(system.startsWith('YOU-ARE-A-CI-BOT')).toBe(true);
    expect(system.endsWith('APPENDED-LAST')).toBe(true);
    const results = toolResults(server.messageRequests().at(-1));
    expect(resultText(results[0]!)).toContain('SHARED-TEXT');
    expect(results[1]!.is_error ?? false).toBe(false);
    expect(resultText(results[2]!)).toContain(join(box.root, 'ci-settings.json'));
    for (const name of ['NotebookEdit', 'TodoWrite'])
      expect(res.stderr).toContain(`${name} was left out: this harness has no ${name} tool`);
    // WebFetch and WebSearch turn on the API's web server tools; Task and Agent name this
    // harness's agent tool: matched, not left out.
    for (const name of ['WebFetch', 'WebSearch']) expect(res.stderr).not.toContain(`no ${name} tool`);
    for (const name of ['Task', 'Agent']) expect(res.stderr).not.toContain(`no ${name} tool`);
  });

  it('a misspelt tool name is still a usage error (exit 2) naming the flag', async () => {
    const box = makeSandbox();
    const res = await run(['-C', box.work, '-p', 'go', '--allowed-tools', 'Bahs'], {
      env: childEnv(box, undefined, { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' }),
    });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--allowed-tools: invalid rule "Bahs"');
  });
});
