#!/usr/bin/env node
import { closeSync, constants, openSync } from 'node:fs';
import { parseCliArgs, USAGE } from './cli-args.js';
import { loadScriptFile } from './script-file.js';
import { startMockServer } from './server.js';

/**
 * Whether the log can be appended to: opened (created when missing) without blocking, so a FIFO
 * nobody reads is an error at start instead of a server that hangs on its first request. A pipe
 * someone reads and a terminal or /dev/stderr are fine: the log is only ever appended to, never
 * replaced.
 */
function checkLog(log: string): string | undefined {
  const { O_WRONLY, O_APPEND, O_CREAT, O_NONBLOCK, O_NOCTTY } = constants;
  try {
    closeSync(openSync(log, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_NOCTTY, 0o666));
    return undefined;
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    return e.code === 'ENXIO' ? 'it is a FIFO that nobody reads' : e.message;
  }
}

/** `mock-anthropic --script FILE [--port N] [--log FILE] [--lenient] [--old-account]`: serves until SIGINT/SIGTERM; bad input exits 2. */
async function main(): Promise<number | undefined> {
  const parsed = parseCliArgs(process.argv.slice(2));
  if (parsed.ok === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!parsed.ok) {
    process.stderr.write(`mock-anthropic: ${parsed.message}\n${USAGE}\n`);
    return 2;
  }
  const { script: scriptPath, port, log, lenient, oldAccount } = parsed.options;
  let script;
  try {
    script = loadScriptFile(scriptPath);
  } catch (error) {
    process.stderr.write(`mock-anthropic: --script: ${(error as Error).message}\n`);
    return 2;
  }
  if (log !== undefined) {
    const problem = checkLog(log);
    if (problem !== undefined) {
      process.stderr.write(`mock-anthropic: --log: cannot write ${log}: ${problem}\n`);
      return 2;
    }
  }
  let server;
  try {
    server = await startMockServer({ script, port, logFile: log, lenient, oldAccount });
  } catch (error) {
    process.stderr.write(`mock-anthropic: --port: cannot listen on 127.0.0.1:${port}: ${(error as Error).message}\n`);
    return 2;
  }
  process.stdout.write(`mock-anthropic listening on ${server.url}\n`);
  const stop = (): void => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return undefined;
}

main().then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`mock-anthropic: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
