#!/usr/bin/env node
import { homedir } from 'node:os';
import { main } from '../cli.js';
import { useBundledMcpSdk } from '../mcp-sdk.js';
import { EarlyInput } from '../early-input.js';

// The MCP SDK comes from the bin's vendor bundle, when a server is started at all.
useBundledMcpSdk();

const tty = process.stdin.isTTY === true && process.stdout.isTTY === true;
// First thing: raw mode, so that Enter typed while the session starts still reads as Enter.
const early = tty ? new EarlyInput(process.stdin, () => process.exit(130)) : undefined;
early?.start();

const exitSoon = (code: number): void => {
  process.exitCode = code;
  // The screen is restored and output written; this only fires if a stray handle (a keep-alive socket) holds the loop.
  setTimeout(() => process.exit(code), 2000).unref();
};

// Keys typed before raw mode took effect wait in the terminal already cooked (Enter became `\n`),
// and only keys EarlyInput reads are uncooked. The bundled bin builds the session in microtasks
// alone, so without one turn of the event loop (whose poll phase reads the terminal) it would hand
// the keys to the screen before Node ever read them, and an early Enter would arrive as Ctrl-J.
const polled = new Promise<void>((resolve) => (early ? setImmediate(resolve) : resolve()));

polled
  .then(() =>
    main(process.argv.slice(2), {
      stdout: process.stdout,
      stderr: process.stderr,
      env: process.env,
      cwd: process.cwd(),
      home: homedir(),
      tty,
      ...(early ? { early } : {}),
    }),
  )
  .then(exitSoon, (err: unknown) => {
    process.stderr.write(`harness-tui: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    exitSoon(1);
  });
