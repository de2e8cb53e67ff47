import { PassThrough } from 'node:stream';
import type { Widgets } from 'blessed';
import { vi } from 'vitest';
import type { Session } from '@coding-harness/session';
import { runTui } from './app.js';
import type { ClientOptions } from './session-client.js';
import type { TuiApp } from './tui-app.js';

/**
 * Waits until `check` passes (it throws until then), polling; the limit is generous because the
 * tests share a busy 2-core machine (vitest's own default is one second); it only decides how
 * long a broken test takes to fail.
 */
export function eventually<T>(check: () => T): Promise<T> {
  return vi.waitFor(check, { timeout: 30_000, interval: 20 });
}

/** Key sequences as a terminal sends them. */
export const KEY = {
  enter: '\r',
  esc: '\x1b',
  tab: '\t',
  up: '\x1b[A',
  down: '\x1b[B',
  pageUp: '\x1b[5~',
  pageDown: '\x1b[6~',
  ctrlC: '\x03',
  ctrlD: '\x04',
  ctrlO: '\x0f',
  altEnter: '\x1b\r',
};

/** A TUI running on in-memory streams (80x24 unless said otherwise), driven by writing key sequences. */
export interface FakeTerminal {
  app: TuiApp;
  screen: Widgets.Screen;
  /** Everything written to the terminal so far. */
  written(): string;
  /** The screen buffer as text rows (what a person would see). */
  text(): string;
  /** Writes each sequence as its own chunk, as a terminal does for separate key presses. */
  press(...keys: string[]): Promise<void>;
  /** Types text one character at a time. */
  type(text: string): Promise<void>;
  /** Waits until the screen shows `word` and that frame has reached `written()`. */
  see(word: string): Promise<void>;
  exit: Promise<number>;
}

/** Starts the TUI on `session` in a fake terminal. */
export async function fakeTerminal(
  session: Session,
  opts: {
    columns?: number;
    rows?: number;
    env?: Record<string, string>;
    typedBefore?: string;
    pending?: string;
    client?: ClientOptions;
  } = {},
): Promise<FakeTerminal> {
  const input = new PassThrough();
  const output = Object.assign(new PassThrough(), { columns: opts.columns ?? 80, rows: opts.rows ?? 24, isTTY: true });
  let out = '';
  output.on('data', (d: Buffer) => (out += d.toString()));
  let started: { app: TuiApp; screen: Widgets.Screen } | undefined;
  // Keys a person typed before the TUI started reading: they wait in the stream.
  if (opts.typedBefore) input.write(opts.typedBefore);
  const exit = runTui(session, opts.client ?? {}, {
    ...(opts.pending ? { pending: opts.pending } : {}),
    input,
    output,
    terminal: 'xterm-256color',
    env: opts.env ?? {},
    home: '/home/u',
    handleProcess: false,
    onStart: (app, screen) => (started = { app, screen }),
  });
  await eventually(() => {
    if (!started) throw new Error('not started');
  });
  const { app, screen } = started as { app: TuiApp; screen: Widgets.Screen };
  const text = () =>
    (screen as unknown as { lines: [number, string][][] }).lines
      .map((row) => row.map((cell) => cell[1]).join(''))
      .join('\n');
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  const press = async (...keys: string[]) => {
    for (const k of keys) {
      input.write(k);
      await tick();
    }
  };
  return {
    app,
    screen,
    written: () => out,
    text,
    press,
    type: (t: string) => press(...t),
    // blessed writes a drawn frame to the stream on a later setImmediate (Program#_buffer): one
    // tick after the screen buffer shows `word`, `written()` holds the frame's bytes too.
    see: async (word: string) => {
      await eventually(() => {
        if (!text().includes(word)) throw new Error(`screen lacks ${JSON.stringify(word)}:\n${text()}`);
      });
      await tick();
    },
    exit,
  };
}
