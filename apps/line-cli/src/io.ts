import type { HarnessEnv } from '@coding-harness/session';

/** A terminal-ish output stream: what the CLI writes to. */
export type OutStream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

/** Everything the CLI takes from its process, as parameters (tests pass their own). */
export interface CliIo {
  env: HarnessEnv;
  home: string;
  cwd: string;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdout: OutStream;
  stderr: OutStream;
  /** Calls `handler` on SIGINT until the returned function is called. */
  onInterrupt(handler: () => void): () => void;
  /** Calls `handler` on SIGTERM until the returned function is called (`--acp` closes its sessions). */
  onTerminate?(handler: () => void): () => void;
}

/** Resolves once everything written to `stream` so far has been handed to the OS. */
export function drained(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    stream.write('', () => resolve());
  });
}

/** Reads a whole stream as UTF-8 text. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(parts).toString('utf8');
}
