import { realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The model used when neither `--model` nor `ANTHROPIC_MODEL` names one. */
export const DEFAULT_MODEL = 'claude-sonnet-5-5';

/** The environment variables the wiring reads; everything else in `env` is ignored. */
export type HarnessEnv = Partial<Record<string, string | undefined>>;

/** A usage problem found before any work: the front end prints `message` and exits 2. */
export class UsageError extends Error {
  readonly exitCode = 2;
  override name = 'UsageError';
}

/** The key sent when only a base URL is set (a local server that needs none); not a secret. */
export const DUMMY_API_KEY = 'no-key-needed';

/** Credentials for the model client, as found in `env`. */
export interface Credentials {
  apiKey?: string;
  authToken?: string;
  baseURL?: string;
}

/** The message shown when no credentials are set; names the variable and the offline demo. */
export const MISSING_KEY_MESSAGE =
  'ANTHROPIC_API_KEY is not set. Export it (or ANTHROPIC_AUTH_TOKEN, or ANTHROPIC_BASE_URL for a local server that needs no key), ' +
  'or try it offline against a scripted server: npx -p @coding-harness/mock-anthropic mock-anthropic --help';

/**
 * Reads credentials from `env`. A base URL alone (a proxy or a local server such as the mock) is
 * enough: a dummy key is passed so the SDK sends a header. Returns a UsageError when there is
 * neither a key, a token nor a base URL.
 */
export function resolveCredentials(env: HarnessEnv): Credentials | UsageError {
  const apiKey = env.ANTHROPIC_API_KEY || undefined;
  const authToken = env.ANTHROPIC_AUTH_TOKEN || undefined;
  const baseURL = env.ANTHROPIC_BASE_URL || undefined;
  if (!apiKey && !authToken && !baseURL) return new UsageError(MISSING_KEY_MESSAGE);
  return {
    ...(apiKey ? { apiKey } : authToken ? {} : { apiKey: DUMMY_API_KEY }),
    ...(authToken ? { authToken } : {}),
    ...(baseURL ? { baseURL } : {}),
  };
}

/** `--model`, else `ANTHROPIC_MODEL`, else DEFAULT_MODEL. */
export function resolveModel(flagModel: string | undefined, env: HarnessEnv): string {
  return flagModel || env.ANTHROPIC_MODEL || DEFAULT_MODEL;
}

/** `$XDG_CONFIG_HOME/coding-harness`, else `<home>/.config/coding-harness` (where AGENTS.md for every session lives). */
export function configDir(env: HarnessEnv, home: string): string {
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'coding-harness');
}

/** The work root: `-C DIR` against `cwd` (or `cwd` itself), symlinks resolved; a UsageError when it is not a directory. */
export function resolveWorkroot(directory: string | undefined, cwd: string): string | UsageError {
  const path = resolve(cwd, directory ?? '.');
  try {
    if (!statSync(path).isDirectory()) return new UsageError(`-C ${directory}: not a directory`);
    return realpathSync(path);
  } catch {
    return new UsageError(`-C ${directory ?? path}: no such directory`);
  }
}
