import { StringDecoder } from 'node:string_decoder';
import * as z from 'zod/mini';
import { errorResult, okResult } from './result.js';
import { childEnv } from './secrets.js';
import { defineTool } from './define-tool.js';
import type { Tool, ToolContext, ToolResult } from './types.js';
import { loadSpawn } from './spawn.js';
import type { Sandbox } from './sandbox/sandbox.js';
import { blockedHints } from './sandbox/blocked.js';
import { excludedFromSandbox } from './sandbox/options.js';

/** Default and maximum timeouts of one bash call, in milliseconds. */
export const BASH_DEFAULT_TIMEOUT_MS = 120_000;
export const BASH_MAX_TIMEOUT_MS = 600_000;
/** Output kept per call: the first and last half of this many bytes. */
export const BASH_OUTPUT_CAP = 30_000;
/** After SIGTERM, how long the group gets before SIGKILL (short: Ctrl-C must answer within a second). */
const KILL_GRACE_MS = 500;

const schema = z.object({
  command: z
    .string()
    .check(z.minLength(1))
    .register(z.globalRegistry, { description: 'The command line, run with /bin/bash -c in the work root.' }),
  timeout: z.optional(z.int().check(z.minimum(1), z.maximum(BASH_MAX_TIMEOUT_MS))).register(z.globalRegistry, {
    description: `Timeout in milliseconds. Default ${BASH_DEFAULT_TIMEOUT_MS}, at most ${BASH_MAX_TIMEOUT_MS}.`,
  }),
  dangerouslyDisableSandbox: z.optional(z.boolean()).register(z.globalRegistry, {
    description: 'True runs it outside the sandbox: only after the sandbox blocked it. The user is asked first.',
  }),
});
type Input = z.infer<typeof schema>;

/** Keeps head and tail of a byte stream within `cap`, counting what falls between. */
export class HeadTail {
  private head: Buffer[] = [];
  private headLen = 0;
  private tail: Buffer[] = [];
  private tailLen = 0;
  private dropped = 0;
  constructor(private readonly cap: number) {}

  push(chunk: Buffer): void {
    const half = Math.floor(this.cap / 2);
    if (this.headLen < half) {
      const take = chunk.subarray(0, half - this.headLen);
      this.head.push(take);
      this.headLen += take.length;
      chunk = chunk.subarray(take.length);
    }
    if (chunk.length === 0) return;
    this.tail.push(chunk);
    this.tailLen += chunk.length;
    while (this.tailLen > this.cap - half) {
      const first = this.tail[0];
      if (first === undefined) break;
      const excess = this.tailLen - (this.cap - half);
      if (first.length <= excess) {
        this.tail.shift();
        this.tailLen -= first.length;
        this.dropped += first.length;
      } else {
        this.tail[0] = first.subarray(excess);
        this.tailLen -= excess;
        this.dropped += excess;
      }
    }
  }

  text(): string {
    const head = Buffer.concat(this.head).toString('utf8');
    const tail = Buffer.concat(this.tail).toString('utf8');
    if (this.dropped === 0) return head + tail;
    return `${head}\n[… ${this.dropped} bytes of output cut …]\n${tail}`;
  }
}

/** Process groups of calls still running; killed when the harness exits, however it exits. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function trackGroup(pid: number): void {
  liveGroups.add(pid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const group of liveGroups) {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  });
}

/** Options of one bash run beyond the command itself. */
export interface BashRunOptions {
  /** The child's environment before credentials are dropped; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Values whose variables are dropped from the child's environment. */
  secrets?: readonly string[];
  /**
   * Told each piece of output as it arrives, decoded as UTF-8: stdout and stderr in order on one
   * pipe (no `stream`), or, with `stderrApart`, each from its own pipe and named.
   */
  onOutput?: (text: string, stream?: 'stdout' | 'stderr') => void;
  /**
   * Keep stderr apart from stdout (the user's `!command`, whose transcript shows them apart, as
   * Claude Code's `<bash-stdout>` / `<bash-stderr>`): two pipes, so their relative order is only
   * as the pipes deliver it. Default false: the bash tool's one pipe keeps the order exact.
   */
  stderrApart?: boolean;
  /** Runs the command inside this sandbox when it is active (the environment is then its allowlist). */
  sandbox?: Sandbox;
  /** False: no notes on what the sandbox blocked (a skill's dynamic context, where the model cannot ask to leave it). */
  sandboxHints?: boolean;
}

/** A bash run's result; with `stderrApart`, also what each stream printed (each capped like the whole). */
export type BashRun = ToolResult & { stdout?: string; stderr?: string };

/**
 * Runs a command in its own process group with the harness's credentials removed from its
 * environment. When the call ends (bash exits, the timeout fires, the signal aborts) the whole
 * group is killed, so `cmd &` does not outlive the call; a process that leaves the group
 * (`setsid`, a daemon that double-forks into a new session) is beyond its reach.
 */
export async function runBash(
  command: string,
  cwd: string,
  timeoutMs: number,
  signal: AbortSignal,
  cap = BASH_OUTPUT_CAP,
  opts: BashRunOptions = {},
): Promise<BashRun> {
  const spawn = await loadSpawn();
  const sandbox = opts.sandbox?.active === true ? opts.sandbox : undefined;
  const apart = opts.stderrApart === true;
  const plan = sandbox
    ? await sandbox.plan(command, cwd, opts.env, opts.secrets, apart ? { stderrApart: true } : undefined)
    : undefined;
  return new Promise((resolve) => {
    const out = new HeadTail(cap);
    const streams = apart ? { stdout: new HeadTail(cap), stderr: new HeadTail(cap) } : undefined;
    // `exec 2>&1` on the command's first line: one pipe, so stdout and stderr keep their order.
    const child = plan
      ? spawn(plan.file, plan.args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe', 'pipe'], env: plan.env })
      : spawn('/bin/bash', ['-c', apart ? command : `exec 2>&1; ${command}`], {
          cwd,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: childEnv(opts.env ?? process.env, opts.secrets),
        });
    let status = '';
    const statusPipe = plan ? child.stdio[plan.statusFd] : undefined;
    if (statusPipe && 'on' in statusPipe) statusPipe.on('data', (c: Buffer) => (status += c.toString('utf8')));
    if (child.pid !== undefined) trackGroup(child.pid);
    let reason: 'timeout' | 'abort' | undefined;
    let graceTimer: NodeJS.Timeout | undefined;
    const killGroup = (sig: NodeJS.Signals): void => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, sig);
      } catch {
        /* the group is already gone */
      }
    };
    const stop = (why: 'timeout' | 'abort'): void => {
      if (reason !== undefined) return;
      reason = why;
      killGroup('SIGTERM');
      graceTimer = setTimeout(() => killGroup('SIGKILL'), KILL_GRACE_MS);
    };
    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    const onAbort = (): void => stop('abort');
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    // A multi-byte character split between two chunks is decoded whole, in the later piece (one decoder per pipe).
    const decoders = {
      stdout: opts.onOutput ? new StringDecoder('utf8') : undefined,
      stderr: opts.onOutput && apart ? new StringDecoder('utf8') : undefined,
    };
    const take = (stream: 'stdout' | 'stderr', c: Buffer): void => {
      out.push(c);
      streams?.[stream].push(c);
      const text = decoders[apart ? stream : 'stdout']?.write(c);
      if (text) opts.onOutput?.(text, apart ? stream : undefined);
    };
    child.stdout?.on('data', (c: Buffer) => take('stdout', c));
    child.stderr?.on('data', (c: Buffer) => take('stderr', c));
    const finish = (result: ToolResult): void => {
      const run: BashRun = streams
        ? { ...result, stdout: streams.stdout.text(), stderr: streams.stderr.text() }
        : result;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (graceTimer !== undefined) clearTimeout(graceTimer);
      // Whatever is left of the group (background jobs) ends with the call.
      killGroup('SIGKILL');
      if (child.pid !== undefined) liveGroups.delete(child.pid);
      resolve(run);
    };
    child.on('exit', () => {
      // bash is done: end its background jobs now (they would hold the pipes open), keeping
      // what they printed so far.
      killGroup('SIGKILL');
      setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, 500).unref();
    });
    child.on('error', (err) => finish(errorResult(`Could not start /bin/bash: ${err.message}`)));
    child.on('close', (code, sig) => {
      for (const stream of ['stdout', 'stderr'] as const) {
        const rest = decoders[stream]?.end();
        if (rest) opts.onOutput?.(rest, apart ? stream : undefined);
      }
      const text = out.text();
      const outcome = plan?.finish(status, text);
      if (outcome?.startFailed !== undefined)
        return finish(
          errorResult(
            `Not run: ${outcome.startFailed}. From now on commands run outside the sandbox, each one asking first as before; run it again to be asked.`,
            'sandbox unavailable',
          ),
        );
      const hints =
        sandbox && outcome && opts.sandboxHints !== false
          ? blockedHints(text, code !== 0 || sig !== null, sandbox.options, outcome.notes)
          : [];
      const body = (text === '' ? '(no output)' : text.replace(/\n$/, '')) + hints.map((h) => `\n${h}`).join('');
      if (reason === 'timeout') {
        return finish(
          errorResult(
            `${body}\n\nCommand timed out after ${timeoutMs} ms; its process group was killed.`,
            `timed out after ${timeoutMs} ms`,
            'timeout',
          ),
        );
      }
      if (reason === 'abort')
        return finish(
          errorResult(`${body}\n\nCommand was cancelled; its process group was killed.`, 'cancelled', 'cancelled'),
        );
      if (sig !== null) return finish(errorResult(`${body}\n\nKilled by signal ${sig}.`, `signal ${sig}`));
      if (code === 0) return finish(okResult(`${body}\n\nExit code 0.`, 'exit 0'));
      return finish(errorResult(`${body}\n\nExit code ${code}.`, `exit ${code}`));
    });
  });
}

/**
 * bash: inside the session's sandbox when one is active (ctx.sandbox), else not jailed
 * (documented); the command starts in the work root. `dangerouslyDisableSandbox` runs it outside,
 * with the parent's environment less the credentials: the request then says it escapes the
 * sandbox and the policy always asks.
 */
export const bashTool: Tool<Input> = defineTool({
  name: 'bash',
  description:
    'Run a shell command with /bin/bash -c, starting in the work root. stdout and stderr are interleaved and capped ' +
    `(head and tail kept). Timeout in milliseconds, default ${BASH_DEFAULT_TIMEOUT_MS}, max ${BASH_MAX_TIMEOUT_MS}; on timeout the whole ` +
    'process group is killed, and when the command ends anything it left running in the background (`cmd &`) is killed too: start a server and use it within one command. ' +
    "The harness's API credentials are not in the environment. Commands may run in a sandbox (writes only in the work root and /tmp, no network unless allowed); a result says when it blocked something. " +
    'Prefer read_file, glob, grep and edit_file over cat, find, grep and sed.',
  kind: 'exec',
  ruleNames: ['Bash'],
  pathFields: [],
  specifier: 'command',
  schema,
  summarize: (input) =>
    `bash: ${input.command.split('\n')[0] ?? ''}${input.dangerouslyDisableSandbox === true ? ' (asks to run outside the sandbox)' : ''}`,
  permission: (input, ctx) => {
    const sandbox = ctx.sandbox?.active === true && !excluded(input, ctx) ? ctx.sandbox : undefined;
    if (sandbox === undefined) return { target: input.command };
    if (escapes(input, ctx)) return { target: input.command, escapesSandbox: true };
    return { target: input.command, sandboxed: true };
  },
  execute: (input, ctx, opts = {}) =>
    runBash(input.command, ctx.root, input.timeout ?? BASH_DEFAULT_TIMEOUT_MS, ctx.signal, BASH_OUTPUT_CAP, {
      ...(ctx.secrets ? { secrets: ctx.secrets } : {}),
      ...(ctx.env ? { env: ctx.env } : {}),
      ...(opts.onUpdate ? { onOutput: opts.onUpdate } : {}),
      ...(ctx.sandbox && !escapes(input, ctx) && !excluded(input, ctx) ? { sandbox: ctx.sandbox } : {}),
    }),
});

/** Whether this call asks to run outside an active sandbox that lets it (`allowUnsandboxedCommands`). */
function escapes(input: Input, ctx: Pick<ToolContext, 'sandbox'>): boolean {
  const sandbox = ctx.sandbox;
  return (
    input.dangerouslyDisableSandbox === true && sandbox?.active === true && sandbox.options.allowUnsandboxedCommands
  );
}

/** A command the settings' `sandbox.excludedCommands` runs outside the sandbox (it then asks as any unsandboxed command). */
function excluded(input: Input, ctx: Pick<ToolContext, 'sandbox'>): boolean {
  return ctx.sandbox?.active === true && excludedFromSandbox(input.command, ctx.sandbox.options.excludedCommands);
}
