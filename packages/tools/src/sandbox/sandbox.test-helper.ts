import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bashTool } from '../bash.js';
import { createToolContext } from '../context.js';
import type { ToolContext } from '../types.js';
import { runTool } from '../testing/run-tool.test.util.js';
import type { TextResult } from '../testing/run-tool.test.util.js';
import { detectSandbox } from './detect.js';
import { sandboxOptions } from './options.js';
import type { SandboxOptionsInput } from './options.js';
import { createSandbox } from './sandbox.js';
import type { Sandbox } from './sandbox.js';

/** The API key the tests plant in the harness's environment. */
export const PLANTED_KEY = 'sk-ant-api03-PLANTED-test-key-0123456789';

/** A test world: a fake home with secrets, a git work root with protected files, a folder outside both. */
export interface World {
  base: string;
  home: string;
  root: string;
  outside: string;
  configDir: string;
  stateDir: string;
  sandbox: Sandbox;
  ctx: ToolContext;
  bash(command: string, extra?: Record<string, unknown>): Promise<TextResult>;
  close(): Promise<void>;
}

/**
 * Test helper: builds a world outside /tmp (the sandbox replaces /tmp with a private folder, so
 * secrets planted under /tmp would be hidden for the wrong reason).
 */
export function makeWorld(extra: Partial<SandboxOptionsInput> = {}): World {
  const parent = fs.existsSync('/var/tmp') ? '/var/tmp' : os.tmpdir();
  const base = fs.realpathSync(fs.mkdtempSync(path.join(parent, 'sandbox-test-')));
  const home = path.join(base, 'home');
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  const configDir = path.join(home, '.config', 'coding-harness');
  const stateDir = path.join(home, '.local', 'state', 'coding-harness');
  for (const dir of [home, root, outside, configDir, stateDir, path.join(home, '.ssh'), path.join(home, '.aws')])
    fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(home, '.ssh', 'id_ed25519'), 'PRIVATE-KEY-MATERIAL\n');
  fs.writeFileSync(path.join(home, '.aws', 'credentials'), '[default]\naws_secret_access_key=AWS-SECRET\n');
  fs.mkdirSync(path.join(home, '.config', 'gcloud'), { recursive: true });
  fs.writeFileSync(path.join(home, '.config', 'gcloud', 'credentials.db'), 'GCLOUD-SECRET\n');
  fs.writeFileSync(path.join(home, '.netrc'), 'machine example.com login me password NETRC-SECRET\n');
  fs.writeFileSync(path.join(configDir, 'trust.json'), '{"repositories":{}}\n');
  fs.writeFileSync(path.join(stateDir, 'session.jsonl'), 'SESSION-CONTENT\n');
  fs.writeFileSync(path.join(home, 'notes.txt'), 'ordinary file\n');
  const git = (...args: string[]): void => {
    execFileSync('git', args, { cwd: root, stdio: 'ignore', env: { ...process.env, HOME: home } });
  };
  git('init', '-q');
  git('config', 'user.email', 't@example.com');
  git('config', 'user.name', 'T');
  fs.writeFileSync(path.join(root, 'a.txt'), 'one\n');
  fs.writeFileSync(path.join(root, '.npmrc'), 'registry=https://registry.npmjs.org/\n');
  fs.writeFileSync(path.join(root, 'AGENTS.md'), '# instructions\n');
  fs.mkdirSync(path.join(root, '.claude'));
  fs.writeFileSync(path.join(root, '.claude', 'settings.json'), '{}\n');
  git('add', '-A');
  git('commit', '-qm', 'init');
  const options = sandboxOptions({ root, home, harnessDirs: [configDir, stateDir], ...extra });
  const env = {
    ...process.env,
    HOME: home,
    ANTHROPIC_API_KEY: PLANTED_KEY,
    GITHUB_TOKEN: 'ghp_PLANTEDGITHUBTOKEN0123',
  };
  const sandbox = createSandbox(options, { env });
  const ctx = createToolContext({ root, sandbox, env });
  return {
    base,
    home,
    root,
    outside,
    configDir,
    stateDir,
    sandbox,
    ctx,
    bash: (command, more = {}) => runTool(bashTool, { command, ...more }, ctx),
    async close() {
      await sandbox.close();
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

/** Whether this machine can run the sandbox tests (CI installs bubblewrap; a missing one fails there, never skips). */
export function sandboxDetected(): boolean {
  return detectSandbox(process.env).ok;
}
