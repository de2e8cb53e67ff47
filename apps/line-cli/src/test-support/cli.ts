/**
 * Test support: temp homes and work roots, the real mock server, and the BUILT `harness` bin
 * run as a child process with a made-up environment (never the caller's API key).
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '@coding-harness/mock-anthropic';
import type { MockServer, RecordedRequest, Script } from '@coding-harness/mock-anthropic';

/**
 * How long a wait for expected output or requests lasts at most. Generous, for a busy machine:
 * it only decides how long a broken test takes to fail, never whether a working one passes.
 */
export const WAIT_MS = 30_000;

/** The bundled bin under test. */
export const BIN = fileURLToPath(new URL('../../dist/bin/harness.cjs', import.meta.url));

/** A temp tree: `home`, `work` (the work root), XDG config and state dirs. */
export interface Sandbox {
  root: string;
  home: string;
  work: string;
  config: string;
  state: string;
}

const sandboxes: string[] = [];
const children = new Set<ChildProcessWithoutNullStreams>();
const servers = new Set<MockServer>();

export function makeSandbox(): Sandbox {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'harness-test-')));
  sandboxes.push(root);
  const box = {
    root,
    home: join(root, 'home'),
    work: join(root, 'work'),
    config: join(root, 'config'),
    state: join(root, 'state'),
  };
  for (const dir of [box.home, box.work, box.config, box.state]) mkdirSync(dir);
  return box;
}

/** Writes `<parent>/<name>/SKILL.md` (and extra files relative to the skill dir); returns the skill dir. */
export function writeSkill(
  parent: string,
  name: string,
  frontmatter: string,
  body: string,
  files: Record<string, string> = {},
): string {
  const dir = join(parent, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'SKILL.md'), `---\n${frontmatter.trim()}\n---\n${body}`);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

export async function mock(script: Script): Promise<MockServer> {
  const server = await startMockServer({ script });
  servers.add(server);
  return server;
}

/** The environment a child gets: only what is listed, HOME and XDG dirs in the sandbox. */
export function childEnv(
  box: Sandbox,
  server: MockServer | undefined,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: box.home,
    XDG_CONFIG_HOME: box.config,
    XDG_STATE_HOME: box.state,
    ...(server ? { ANTHROPIC_BASE_URL: server.url } : {}),
    ...extra,
  };
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A running `harness` child with its output so far. */
export interface Running {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  write(text: string): void;
  /** Resolves once stdout (or stderr) matches `pattern`, counting only output after `from` characters. */
  waitFor(
    pattern: RegExp | string,
    opts?: { stream?: 'stdout' | 'stderr'; from?: number; timeoutMs?: number },
  ): Promise<void>;
  exited: Promise<Finished>;
}

export function start(args: string[], opts: { env: Record<string, string>; cwd?: string; stdin?: string }): Running {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: opts.env,
    cwd: opts.cwd ?? opts.env.HOME,
    stdio: 'pipe',
  });
  children.add(child);
  let out = '';
  let err = '';
  const listeners = new Set<() => void>();
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    for (const l of listeners) l();
  });
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
    for (const l of listeners) l();
  });
  const exited = new Promise<Finished>((resolve) => {
    child.on('close', (code, signal) => {
      children.delete(child);
      for (const l of listeners) l();
      resolve({ code, signal, stdout: out, stderr: err });
    });
  });
  if (opts.stdin !== undefined) child.stdin.end(opts.stdin);
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    write: (text) => void child.stdin.write(text),
    exited,
    waitFor(pattern, o = {}) {
      const timeoutMs = o.timeoutMs ?? WAIT_MS;
      const test = (): boolean => {
        const text = (o.stream === 'stderr' ? err : out).slice(o.from ?? 0);
        return typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
      };
      return new Promise((resolve, reject) => {
        if (test()) return resolve();
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${String(pattern)}\n--- stdout:\n${out}\n--- stderr:\n${err}`));
        }, timeoutMs);
        const check = (): void => {
          if (!test() && child.exitCode === null) return;
          listeners.delete(check);
          clearTimeout(timer);
          if (test()) resolve();
          else reject(new Error(`harness exited before ${String(pattern)}\n--- stdout:\n${out}\n--- stderr:\n${err}`));
        };
        listeners.add(check);
      });
    },
  };
}

/** Runs `harness` to completion (stdin closed, or fed `stdin`). */
export function run(
  args: string[],
  opts: { env: Record<string, string>; cwd?: string; stdin?: string },
): Promise<Finished> {
  return start(args, { ...opts, stdin: opts.stdin ?? '' }).exited;
}

/** Resolves once the server has received `count` requests to /v1/messages. */
export async function requestsArrived(server: MockServer, count: number, timeoutMs = WAIT_MS): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (server.messageRequests().length < count) {
    if (Date.now() > until)
      throw new Error(`the mock got ${server.messageRequests().length} requests, expected ${count}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The body of a recorded request, typed loosely for assertions. */
export interface RequestBody {
  system?: Array<{ type: string; text: string }> | string;
  tools?: Array<{ name: string; input_schema?: unknown }>;
  messages: Array<{ role: string; content: string | Array<Record<string, unknown>> }>;
}

export function body(request: RecordedRequest | undefined): RequestBody {
  if (!request) throw new Error('no such request');
  return request.body as RequestBody;
}

/** The system prompt of a request as one string. */
export function systemText(request: RecordedRequest | undefined): string {
  const system = body(request).system;
  return typeof system === 'string' ? system : (system ?? []).map((b) => b.text).join('\n\n');
}

/** Every tool_result block of a request, in order. */
export function toolResults(
  request: RecordedRequest | undefined,
): Array<{ tool_use_id: string; content: unknown; is_error?: boolean }> {
  return body(request).messages.flatMap((m) =>
    typeof m.content === 'string' ? [] : m.content.filter((b) => b.type === 'tool_result'),
  ) as never;
}

/** The text of a tool_result's content (string or text blocks). */
export function resultText(result: { content: unknown }): string {
  const c = result.content;
  if (typeof c === 'string') return c;
  return Array.isArray(c) ? c.map((b: { text?: string }) => b.text ?? '').join('') : '';
}

/** Kills children still running, closes servers, removes temp dirs: call in afterEach. */
export async function cleanup(): Promise<void> {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  await Promise.all([...servers].map((s) => s.close()));
  servers.clear();
  for (const dir of sandboxes.splice(0)) rmSync(dir, { recursive: true, force: true });
}
