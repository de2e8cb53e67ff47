/**
 * `${VAR}` and `${VAR:-default}` in a server's command, args, env values, url and headers, as
 * Claude Code expands them. A variable that is unset and has no default is a problem naming it
 * (the server is not started), never an empty string that would start something else. The
 * harness's own credentials (`refused`) are never expanded: a repository's `.mcp.json` writing
 * `${ANTHROPIC_API_KEY}` into a header would hand the key to whoever runs the server.
 */
import type { ServerConfig } from './types.js';

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** The expanded text, or the names of the unset variables it needs. */
export function expandText(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
  refused: readonly string[] = [],
): { ok: true; text: string } | { ok: false; missing: string[]; refused: string[] } {
  const missing: string[] = [];
  const denied: string[] = [];
  const out = text.replace(REFERENCE, (whole, name: string, fallback: string | undefined) => {
    if (refused.includes(name)) {
      denied.push(name);
      return whole;
    }
    const value = env[name];
    if (value !== undefined) return value;
    if (fallback !== undefined) return fallback;
    missing.push(name);
    return whole;
  });
  return missing.length === 0 && denied.length === 0
    ? { ok: true, text: out }
    : { ok: false, missing, refused: denied };
}

/** The config with every reference expanded, or a message naming the missing variables. */
export function expandServer(
  config: ServerConfig,
  env: Readonly<Record<string, string | undefined>>,
  refused: readonly string[] = [],
): { ok: true; config: ServerConfig } | { ok: false; message: string } {
  const missing = new Set<string>();
  const denied = new Set<string>();
  const one = (text: string): string => {
    const r = expandText(text, env, refused);
    if (r.ok) return r.text;
    for (const name of r.missing) missing.add(name);
    for (const name of r.refused) denied.add(name);
    return text;
  };
  const record = (rec: Readonly<Record<string, string>>): Record<string, string> =>
    Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, one(v)]));
  const expanded: ServerConfig =
    config.type === 'stdio'
      ? {
          type: 'stdio',
          command: one(config.command),
          args: config.args.map(one),
          env: record(config.env),
          ...(config.cwd !== undefined ? { cwd: one(config.cwd) } : {}),
        }
      : { type: config.type, url: one(config.url), headers: record(config.headers) };
  if (denied.size > 0)
    return {
      ok: false,
      message: `refers to ${[...denied].join(', ')}: the harness's credentials are never passed to an MCP server (put the server's own token in its "env")`,
    };
  if (missing.size > 0)
    return {
      ok: false,
      message: `missing environment variable${missing.size === 1 ? '' : 's'} ${[...missing].join(', ')} (set it, or write \${NAME:-default} in the config)`,
    };
  return { ok: true, config: expanded };
}
