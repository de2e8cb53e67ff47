import { homedir } from 'node:os';
import { drained } from '../io.js';
import { main } from '../main.js';
import { useBundledMcpSdk } from '../mcp-sdk.js';
import { openStdin } from './stdin.js';

// The MCP SDK comes from the bin's vendor bundle, when a server is started at all.
useBundledMcpSdk();

let stderrUsed = false;
let stdin: ReturnType<typeof openStdin> | undefined;

/** Exit status when the reader of our output went away (`harness -p ... | head -3`): 128 + SIGPIPE, as a shell tool killed by it. */
const PIPE_CLOSED = 141;

/**
 * A closed stdout or stderr ends the run at once and quietly: nobody is left to read the answer,
 * so the turn is not worth finishing, and an EPIPE must not surface as a crash. Other write
 * errors are reported (on stderr, if it still works) with exit 1.
 */
function onOutputError(err: NodeJS.ErrnoException): void {
  if (err.code === 'EPIPE') process.exit(PIPE_CLOSED);
  process.stderr.write(`harness: cannot write output: ${err.message}\n`);
  process.exit(1);
}

process.stdout.on('error', onOutputError);
let stderrWatched = false;

const io = {
  env: process.env,
  home: homedir(),
  cwd: process.cwd(),
  // Getters: each stream is built on first read (stdin as ./stdin.ts says), and nothing builds
  // stderr when nothing goes wrong.
  get stdin() {
    stdin ??= openStdin();
    return stdin;
  },
  stdout: process.stdout,
  get stderr() {
    stderrUsed = true;
    if (!stderrWatched) process.stderr.on('error', onOutputError);
    stderrWatched = true;
    return process.stderr;
  },
  onInterrupt(handler: () => void): () => void {
    process.on('SIGINT', handler);
    return () => process.off('SIGINT', handler);
  },
  onTerminate(handler: () => void): () => void {
    process.on('SIGTERM', handler);
    return () => process.off('SIGTERM', handler);
  },
};

/**
 * Exits as soon as the work is done and its output written (stdout, and stderr when it was used,
 * are drained first), not when the event loop empties: background work such as the session file's
 * fsync or an idle keep-alive socket must not hold a finished run.
 */
async function exit(code: number): Promise<never> {
  await drained(process.stdout);
  if (stderrUsed) await drained(process.stderr);
  process.exit(code);
}

main(process.argv.slice(2), io).then(
  (code) => exit(code),
  (err: unknown) => {
    process.stderr.write(`harness: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    stderrUsed = true;
    return exit(1);
  },
);
