/** The BUILT `harness-tui` bin before it takes the screen: help, usage errors and credentials. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MISSING_KEY_MESSAGE } from '@coding-harness/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../dist/bin/harness-tui.cjs', import.meta.url));
let home: string;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'harness-tui-cli-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

function run(args: string[], extra: Record<string, string> = {}, bin = BIN) {
  expect(existsSync(bin), `${bin} is missing: build first (pnpm build)`).toBe(true);
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'c'),
    XDG_STATE_HOME: join(home, 's'),
    ...extra,
  };
  const r = spawnSync(process.execPath, [bin, ...args], {
    env,
    cwd: home,
    encoding: 'utf8',
    input: '',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('harness-tui (built bin, no terminal)', () => {
  it("--help lists harness's session flags, without the -p ones", () => {
    const r = run(['--help']);
    expect(r.code).toBe(0);
    for (const flag of [
      'harness-tui [flags]',
      '--demo-fake',
      '-C, --directory',
      '--allowed-tools',
      '--permission-mode',
      '--no-skills',
      '--model',
    ])
      expect(r.stdout).toContain(flag);
    expect(r.stdout).not.toContain('--output-format');
    expect(r.stdout).not.toContain('-p, --print');
  });

  it('a bad flag or value exits 2 naming it', () => {
    const bad = run(['--bogus']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("'--bogus'");
    const value = run(['--permission-mode', 'yolo']);
    expect(value.code).toBe(2);
    expect(value.stderr).toContain('--permission-mode');
  });

  it('-p and the skills subcommand belong to harness (exit 2)', () => {
    expect(run(['-p', 'hi'], { ANTHROPIC_API_KEY: 'fake' })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('use harness -p'),
    });
    expect(run(['skills'])).toMatchObject({ code: 2, stderr: expect.stringContaining('harness skills') });
  });

  // harness says the same (apps/line-cli's print-mode test): each app tests its own bin only,
  // never another app's dist/, which that app's build owns.
  it('without credentials it says what harness says, before any screen', () => {
    const tui = run([]);
    expect(tui.code).toBe(2);
    expect(tui.stderr).toBe(`harness-tui: ${MISSING_KEY_MESSAGE}\n`);
    expect(tui.stdout).toBe('');
  });

  it('-C to a missing directory exits 2; with everything right but no terminal it refuses to draw', () => {
    expect(run(['-C', 'nowhere'], { ANTHROPIC_API_KEY: 'fake' })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('-C nowhere'),
    });
    const r = run([], { ANTHROPIC_API_KEY: 'fake', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('needs a terminal');
  });
});
