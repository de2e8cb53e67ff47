/**
 * Runs one hook command: `/bin/bash -c <command>` in the work root, the event's JSON on stdin,
 * the given environment (the caller strips the credentials), a timeout after which the whole
 * process group is killed, output capped. Hooks are the user's own configuration and run outside
 * the OS sandbox, as in Claude Code; a repository's hooks reach here only once it is trusted.
 * Never throws: a command that cannot start is a run with `error`.
 */

/** Output kept per stream; the rest is cut (a hook printing megabytes must not fill memory). */
export const OUTPUT_CAP = 256 * 1024;

export interface CommandRun {
  /** Null when killed (timeout, abort) or it never started. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Why it did not run at all. */
  error?: string;
}

export interface CommandSpec {
  command: string;
  stdin: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Collects a stream up to OUTPUT_CAP. */
function collector(): { push: (chunk: Buffer) => void; text: () => string } {
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    push(chunk) {
      if (size >= OUTPUT_CAP) return;
      chunks.push(chunk.subarray(0, OUTPUT_CAP - size));
      size += Math.min(chunk.length, OUTPUT_CAP - size);
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

/** Runs `spec` to its end (or its timeout, or the signal). */
export async function runHookCommand(spec: CommandSpec): Promise<CommandRun> {
  // Loaded on the first hook: a session without hooks never pays for child_process here.
  const { spawn } = await import('node:child_process');
  return new Promise<CommandRun>((done) => {
    const out = collector();
    const err = collector();
    let timedOut = false;
    let child: ReturnType<typeof spawn>;
    try {
      // --norc: node's stdin pipe is a socket, and Debian's bash sources ~/.bashrc for a shell
      // whose stdin is a socket (its ssh rule); a hook must not run the user's interactive rc.
      child = spawn('/bin/bash', ['--norc', '-c', spec.command], {
        cwd: spec.cwd,
        env: spec.env,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      });
    } catch (e) {
      done({
        exitCode: null,
        stdout: '',
        stderr: '',
        timedOut: false,
        error: e instanceof Error ? e.message : String(e),
      });
      return;
    }
    const kill = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, spec.timeoutMs);
    const onAbort = (): void => kill();
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout?.on('data', out.push);
    child.stderr?.on('data', err.push);
    // A hook that never reads its stdin closes the pipe early: that is not a failure.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(spec.stdin);
    let error: string | undefined;
    child.on('error', (e) => {
      error = e.message;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
      done({
        exitCode: timedOut ? null : code,
        stdout: out.text(),
        stderr: err.text(),
        timedOut,
        ...(error !== undefined ? { error } : {}),
      });
    });
  });
}
