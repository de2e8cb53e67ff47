/**
 * The built `harness-tui` in a private tmux server, with a temp home, config, state and work root,
 * for end-to-end tests against the mock server. Everything made is undone by `runCleanups()`
 * (call it in `afterEach`), also when a test failed.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TmuxSession } from './tmux.test.helper.js';

export const BIN = fileURLToPath(new URL('../../dist/bin/harness-tui.cjs', import.meta.url));

const cleanups: (() => void | Promise<void>)[] = [];

/** Registers `undo` to run (last registered first) at the next `runCleanups()`. */
export function onCleanup(undo: () => void | Promise<void>): void {
  cleanups.push(undo);
}

/** Undoes everything registered since the last call. */
export async function runCleanups(): Promise<void> {
  for (const undo of cleanups.splice(0).reverse()) await undo();
}

export type Sandbox = Record<'root' | 'home' | 'work' | 'config' | 'state', string>;

/** A temp root holding home, work (with a `notes.txt`), config and state directories. */
export function sandbox(prefix = 'harness-tui-e2e-'): Sandbox {
  const root = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  onCleanup(() => rmSync(root, { recursive: true, force: true }));
  const box = {
    root,
    home: join(root, 'home'),
    work: join(root, 'work'),
    config: join(root, 'config'),
    state: join(root, 'state'),
  };
  for (const dir of [box.home, box.work, box.config, box.state]) mkdirSync(dir);
  writeFileSync(join(box.work, 'notes.txt'), 'notes\n');
  return box;
}

/**
 * Runs the bin (`-C work`, then `args`) in a fresh 100x30 tmux server; after it exits the pane
 * prints `EXITED:<code>` and stays. `env` adds variables (`NO_COLOR`).
 */
export function startTui(
  box: Sandbox,
  url: string,
  name: string,
  args: string[] = [],
  env: Record<string, string> = {},
): TmuxSession {
  const path = process.env.PATH ?? '/usr/bin:/bin';
  const tmux = new TmuxSession(`harness-tui-${name}-${process.pid}-${Date.now()}`, {
    PATH: path,
    HOME: box.home,
    TMUX_TMPDIR: box.root,
    LANG: 'C.UTF-8',
  });
  onCleanup(() => tmux.kill());
  const vars = [
    `PATH=${path}`,
    `HOME=${box.home}`,
    `XDG_CONFIG_HOME=${box.config}`,
    `XDG_STATE_HOME=${box.state}`,
    'LANG=C.UTF-8',
    `ANTHROPIC_BASE_URL=${url}`,
    'ANTHROPIC_API_KEY=fake-e2e-key',
    ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
  ];
  const script = '"$@"; echo "EXITED:$?"; exec sleep 600';
  const argv = [process.execPath, BIN, '-C', box.work, ...args];
  tmux.start(['env', '-i', ...vars, 'bash', '-c', script, 'bash', ...argv], 100, 30);
  return tmux;
}
