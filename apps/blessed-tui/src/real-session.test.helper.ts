/**
 * The real session for the TUI's tests: `createSession` (the wiring both bins use) in a temp home,
 * config, state and work root, against a mock Messages API server. Everything made is undone by
 * `undoAll()` (call it in `afterEach`), also when a test failed.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockServer } from '@coding-harness/mock-anthropic';
import type { MockServer, ScriptBuilder } from '@coding-harness/mock-anthropic';
import { createSession, parseHarnessArgs } from '@coding-harness/session';
import type { Session } from '@coding-harness/session';

const undo: (() => unknown)[] = [];

/** Registers `f` to run (last registered first) at the next `undoAll()`. */
export function onUndo(f: () => unknown): void {
  undo.push(f);
}

/** Undoes everything registered since the last call. */
export async function undoAll(): Promise<void> {
  for (const f of undo.splice(0).reverse()) await f();
}

/** A mock server playing `script`, closed at `undoAll()`. */
export async function mockServer(script: ScriptBuilder): Promise<MockServer> {
  const server = await startMockServer({ script: script.build() });
  onUndo(() => server.close());
  return server;
}

/** A temp box (home, config, state, `work`) whose sessions talk to `server`. */
export function sandbox(server: MockServer, extraEnv: Record<string, string> = {}) {
  const root = mkdtempSync(join(tmpdir(), 'harness-tui-session-'));
  onUndo(() => rmSync(root, { recursive: true, force: true }));
  const work = join(root, 'work');
  mkdirSync(work);
  const env = {
    ANTHROPIC_BASE_URL: server.url,
    // As long as a real key: the redaction of running output holds back what could start it.
    ANTHROPIC_API_KEY: 'sk-ant-api03-fake-key-for-the-tui-tests-0123456789',
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'config'),
    ...extraEnv,
  };
  const home = join(root, 'home');
  /** A session in `work` with `argv` (closed at `undoAll()`). */
  const open = async (argv: string[] = []): Promise<Session> => {
    const parsed = parseHarnessArgs(['-C', work, ...argv]);
    if (!parsed.ok) throw new Error(parsed.message);
    const session = await createSession(parsed.flags, env, { home, cwd: root });
    onUndo(() => session.close());
    return session;
  };
  return { root, work, env, home, open };
}
