/**
 * A sandboxed command's environment: only the variables the allowlist names (`LC_*` for a
 * prefix), with `PATH` reduced to absolute entries and `TMPDIR` pointing at the sandbox's private
 * /tmp. An allowlist rather than a denylist: a cloud, GitHub or registry token has no common
 * spelling to deny, and the harness's own API key must not reach a command by any name.
 */
import { CREDENTIAL_ENV_NAMES, absolutePath } from '../secrets.js';

/** Whether `name` is allowed by one of `allow` (an exact name, or a prefix written `PREFIX*`). */
export function envAllowed(name: string, allow: readonly string[]): boolean {
  return allow.some((entry) => (entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) : name === entry));
}

/**
 * The environment of a sandboxed command: `env` filtered by `allow`, never a credential variable
 * (whatever the allowlist says), never a variable holding one of `secrets`, `PATH` absolute only.
 */
export function sandboxEnv(
  env: NodeJS.ProcessEnv,
  allow: readonly string[],
  secrets: readonly string[] = [],
): Record<string, string> {
  const drop = new Set(secrets);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || CREDENTIAL_ENV_NAMES.includes(name) || drop.has(value)) continue;
    if (envAllowed(name, allow)) out[name] = value;
  }
  out['PATH'] = absolutePath(out['PATH']);
  out['TMPDIR'] = '/tmp';
  return out;
}
