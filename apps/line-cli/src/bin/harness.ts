import { homedir } from 'node:os';
import { main } from '../main.js';

const io = {
  env: process.env,
  home: homedir(),
  cwd: process.cwd(),
  // Getters: each process stream is built on first read (stdin from a file also loads fs streams),
  // and `-p PROMPT` never reads stdin, nor stderr when nothing goes wrong.
  get stdin() {
    return process.stdin;
  },
  stdout: process.stdout,
  get stderr() {
    return process.stderr;
  },
  onInterrupt(handler: () => void): () => void {
    process.on('SIGINT', handler);
    return () => process.off('SIGINT', handler);
  },
};

main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
    // Output is already drained; an unref'd timer only fires if a stray handle keeps us alive.
    setTimeout(() => process.exit(code), 3000).unref();
  },
  (err: unknown) => {
    process.stderr.write(`harness: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
    setTimeout(() => process.exit(1), 3000).unref();
  },
);
