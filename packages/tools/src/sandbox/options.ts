/**
 * The sandbox's configuration: one plain value, built by the session wiring (from flags now, from
 * settings files later) and handed to `createSandbox`. Field names follow Claude Code's `sandbox`
 * settings keys where it has one (noted on each field), so a settings file maps onto it directly.
 */
import os from 'node:os';
import path from 'node:path';

export interface SandboxOptions {
  /** `sandbox.enabled`: run model and skill commands inside the sandbox when one is available. */
  enabled: boolean;
  /** `sandbox.autoAllowBashIfSandboxed`: a sandboxed command runs without a question unless a deny or ask rule matches. */
  autoAllowBashIfSandboxed: boolean;
  /** `sandbox.allowUnsandboxedCommands`: bash's `dangerouslyDisableSandbox` is honoured (the call then always asks); false ignores it. */
  allowUnsandboxedCommands: boolean;
  /** `sandbox.bwrapPath`: the bubblewrap binary; default: `bwrap` on PATH. */
  bwrapPath?: string;
  /** The work root (writable). */
  root: string;
  /** The home directory (its secrets are hidden). */
  home: string;
  /** `sandbox.filesystem.allowWrite`: more writable folders (absolute). The work root and a private /tmp always are. */
  allowWrite: string[];
  /** `sandbox.filesystem.denyWrite`: paths bound read-only even inside a writable folder, on top of the protected paths. */
  denyWrite: string[];
  /** `sandbox.filesystem.denyRead` and `sandbox.credentials.files`: paths that are not visible (an empty folder or file in their place). */
  denyRead: string[];
  /**
   * The environment variables a sandboxed command gets (a harness key: `sandbox.environment.allow`;
   * Claude Code has only a deny list, `sandbox.credentials.envVars`). Names, or a prefix ending in
   * `*` (`LC_*`). Everything else, the API key included, is left out.
   */
  envAllow: string[];
  /** `sandbox.network.allowedDomains` and `WebFetch(domain:…)` allow rules: hosts reachable through the proxy (`example.com`, `*.example.com`, `host:port`). */
  allowedDomains: string[];
  /** `sandbox.network.deniedDomains` and `WebFetch(domain:…)` deny rules: never reachable, whatever is allowed. */
  deniedDomains: string[];
  /**
   * `sandbox.excludedCommands`: commands that run outside the sandbox (and so ask as unsandboxed
   * commands do): `docker` or `docker:*` matches `docker` and `docker ps`; absent: none.
   */
  excludedCommands?: string[];
}

/** True when `command` starts with one of `patterns` (a word or words, `:*` allowed at the end), as a whole word. */
export function excludedFromSandbox(command: string, patterns: readonly string[] | undefined): boolean {
  if (patterns === undefined || patterns.length === 0) return false;
  const text = command.trimStart();
  return patterns.some((raw) => {
    const p = raw.replace(/:\*$/, '').trim();
    return p !== '' && (text === p || text.startsWith(`${p} `) || text.startsWith(`${p}\t`));
  });
}

/** What a sandboxed command's environment keeps by default: what tools need to find themselves and print, no credentials. */
export const DEFAULT_ENV_ALLOW: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'LC_*',
  'TERM',
  'COLORTERM',
  'NO_COLOR',
  'FORCE_COLOR',
  'CI',
  'TZ',
  'EDITOR',
  'VISUAL',
  'XDG_CONFIG_HOME',
  'XDG_CACHE_HOME',
  'XDG_DATA_HOME',
  'XDG_STATE_HOME',
  'GOPATH',
  'GOROOT',
  'CARGO_HOME',
  'RUSTUP_HOME',
  'JAVA_HOME',
  'VIRTUAL_ENV',
  'CONDA_PREFIX',
  'NVM_DIR',
  'NVM_BIN',
  'PNPM_HOME',
];

/**
 * Secrets in the home directory no sandboxed command sees, relative to home: keys, cloud and
 * registry credentials, tokens. The harness's own config, state, sessions and trust decisions are
 * added by the wiring (they may live elsewhere through XDG variables).
 */
export const DEFAULT_HIDDEN_IN_HOME: readonly string[] = [
  '.ssh',
  '.aws',
  '.azure',
  '.config/gcloud',
  '.config/gh',
  '.config/hub',
  '.kube',
  '.docker/config.json',
  '.gnupg',
  '.netrc',
  '.git-credentials',
  '.npmrc',
  '.yarnrc.yml',
  '.pypirc',
  '.claude/.credentials.json',
  '.claude.json',
];

/** What the wiring knows when it builds the options. */
export interface SandboxOptionsInput {
  root: string;
  home: string;
  /** Folders of the harness itself to hide (config with trust.json, state with sessions). */
  harnessDirs?: readonly string[];
  enabled?: boolean;
  allowedDomains?: readonly string[];
  deniedDomains?: readonly string[];
  allowWrite?: readonly string[];
  denyWrite?: readonly string[];
  denyRead?: readonly string[];
  envAllow?: readonly string[];
}

/** The options with this project's defaults filled in (sandbox on, auto-allow on, escape hatch on). */
export function sandboxOptions(input: SandboxOptionsInput): SandboxOptions {
  const home = path.resolve(input.home || os.homedir());
  return {
    enabled: input.enabled ?? true,
    autoAllowBashIfSandboxed: true,
    allowUnsandboxedCommands: true,
    root: path.resolve(input.root),
    home,
    allowWrite: [...(input.allowWrite ?? [])],
    denyWrite: [...(input.denyWrite ?? [])],
    denyRead: [
      ...DEFAULT_HIDDEN_IN_HOME.map((rel) => path.join(home, rel)),
      ...(input.harnessDirs ?? []),
      ...(input.denyRead ?? []),
    ],
    envAllow: [...DEFAULT_ENV_ALLOW, ...(input.envAllow ?? [])],
    allowedDomains: [...(input.allowedDomains ?? [])],
    deniedDomains: [...(input.deniedDomains ?? [])],
  };
}
