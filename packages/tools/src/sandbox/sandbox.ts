/**
 * One session's sandbox: what was detected at start, the private folder (the sandbox's `/tmp`,
 * an empty file for hiding, the proxy's socket), the proxy when some domain is allowed, and the
 * plan for each command: bwrap's argv, the environment, and what to check when it ends (did the
 * sandbox start at all; were protected paths created; was a host refused). The first command
 * that cannot start the sandbox (a kernel or container that refuses namespaces) switches it off
 * for the session with one notice, and that command does not run: it was approved as sandboxed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bwrapArgs, innerCommand, proxyEnv } from './argv.js';
import { detectSandbox } from './detect.js';
import type { Detection } from './detect.js';
import { sandboxEnv } from './env.js';
import type { SandboxOptions } from './options.js';
import { protectionFor, removeCreated } from './protect.js';
import { startProxy } from './proxy.js';
import type { Proxy } from './proxy.js';

/** Where the sandbox stands: on, switched off by the user, or not available here (with why). */
export type SandboxState =
  | { state: 'on'; bwrap: string }
  | { state: 'off'; why: string }
  | { state: 'unavailable'; why: string };

/** How one command runs: the program and its arguments, its environment, and what to check when it ends. */
export interface SandboxPlan {
  file: string;
  args: string[];
  env: Record<string, string>;
  /** The child's file descriptor bwrap reports its status on (a pipe). */
  statusFd: number;
  /**
   * After the command: `startFailed` when the sandbox never started (bwrap's message; nothing
   * ran), else notes for the result (protected paths the command created, now removed; hosts
   * the proxy refused).
   */
  finish(status: string, output: string): SandboxOutcome;
}

export type SandboxOutcome = { startFailed: string } | { startFailed?: undefined; notes: string[] };

export interface Sandbox {
  readonly options: SandboxOptions;
  /** True while commands run sandboxed (enabled, detected, not failed to start). Read by the bash tool for approval. */
  readonly active: boolean;
  status(): SandboxState;
  /**
   * The plan for one command in `cwd`: its environment is `env` (default: the sandbox's own, see
   * SandboxDeps.env) filtered by the allowlist, without any variable holding one of `secrets`.
   */
  plan(
    command: string,
    cwd: string,
    env?: NodeJS.ProcessEnv,
    secrets?: readonly string[],
    /** `stderrApart`: the command's stderr stays on its own pipe (default: joined to stdout, in order). */
    how?: { stderrApart?: boolean },
  ): Promise<SandboxPlan>;
  /** Stops the proxy and removes the private folder. */
  close(): Promise<void>;
}

/** What `createSandbox` takes besides the options. */
export interface SandboxDeps {
  /** The harness's environment: where bwrap is looked up (PATH) and what commands' environments are filtered from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Detection made earlier (tests pass one); default: `detectSandbox` now. */
  detection?: Detection;
  /** Called once when the sandbox switches itself off (it could not start). */
  onUnavailable?: (why: string) => void;
}

interface Private {
  dir: string;
  tmp: string;
  empty: string;
}

const STATUS_FD = 3;

/** Builds the session's sandbox. Cheap: detection only; the private folder and proxy come with the first command. */
export function createSandbox(options: SandboxOptions, deps: SandboxDeps = {}): Sandbox {
  const detection = options.enabled
    ? (deps.detection ?? detectSandbox(deps.env ?? process.env, options.bwrapPath))
    : ({ ok: false, why: 'switched off (--no-sandbox or sandbox.enabled: false)' } as const);
  let failed: string | undefined;
  let priv: Private | undefined;
  let proxy: Promise<Proxy> | undefined;

  const makePrivate = (): Private => {
    if (priv) return priv;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coding-harness-sandbox-'));
    fs.chmodSync(dir, 0o700);
    const tmp = path.join(dir, 'tmp');
    fs.mkdirSync(tmp, { mode: 0o700 });
    const empty = path.join(dir, 'empty');
    fs.writeFileSync(empty, '', { mode: 0o400 });
    priv = { dir, tmp, empty };
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    return priv;
  };
  const networked = (): boolean => options.allowedDomains.length > 0;
  const startedProxy = (dir: string): Promise<Proxy> => {
    proxy ??= startProxy({
      socketPath: path.join(dir, 'proxy.sock'),
      allowed: () => options.allowedDomains,
      denied: () => options.deniedDomains,
    });
    return proxy;
  };

  return {
    options,
    get active() {
      return detection.ok && failed === undefined;
    },
    status() {
      if (!options.enabled) return { state: 'off', why: 'switched off (--no-sandbox or sandbox.enabled: false)' };
      if (!detection.ok) return { state: 'unavailable', why: detection.why };
      if (failed !== undefined) return { state: 'unavailable', why: failed };
      return { state: 'on', bwrap: detection.bwrap };
    },
    async plan(command, cwd, env, secrets = [], how = {}) {
      if (!detection.ok) throw new Error('createSandbox: plan() called while the sandbox is not active');
      const p = makePrivate();
      const writable = [options.root, ...options.allowWrite];
      const protection = protectionFor(options.root, writable, options.denyWrite);
      const net = networked() ? await startedProxy(p.dir) : undefined;
      const args = bwrapArgs({
        writable: [...writable, ...protection.gitWritable],
        pinned: protection.pinned,
        readOnly: protection.readOnly,
        hidden: options.denyRead,
        privateTmp: p.tmp,
        emptyFile: p.empty,
        ...(net ? { proxySocket: path.join(p.dir, 'proxy.sock') } : {}),
        cwd,
        statusFd: STATUS_FD,
      });
      const base = env ?? deps.env ?? process.env;
      const childEnv = { ...sandboxEnv(base, options.envAllow, secrets), ...(net ? proxyEnv() : {}) };
      return {
        file: detection.bwrap,
        args: [...args, '--', ...innerCommand(command, net ? process.execPath : undefined, how.stderrApart !== true)],
        env: childEnv,
        statusFd: STATUS_FD,
        finish(status, output) {
          const created = removeCreated(protection.watch);
          if (!/"child-pid"/.test(status)) {
            const message = output.split('\n').find((line) => line.startsWith('bwrap:')) ?? output.trim();
            failed = `the sandbox could not start here (${message || 'bwrap failed'})`;
            deps.onUnavailable?.(failed);
            return { startFailed: failed };
          }
          const notes: string[] = [];
          if (created.length > 0)
            notes.push(
              `The sandbox removed what this command created at protected paths (they run or instruct later): ${created.map((c) => path.relative(options.root, c) || c).join(', ')}.`,
            );
          const blocked = net ? net.takeBlocked() : [];
          if (blocked.length > 0)
            notes.push(
              `The sandbox's proxy refused: ${[...new Set(blocked)].join(', ')} (not among the allowed domains).`,
            );
          return { notes };
        },
      };
    },
    async close() {
      if (proxy) await (await proxy).close();
      if (priv) fs.rmSync(priv.dir, { recursive: true, force: true });
      priv = undefined;
      proxy = undefined;
    },
  };
}
