/**
 * The environment of a stdio server: the variables its config names, on top of a minimal base
 * from the harness's environment (what a program needs to run at all). Nothing else the harness
 * has (an API key, tokens, the user's other variables) reaches it.
 */

/** Passed from the harness's environment when set: locating programs and files, the locale, temp dirs. */
export const SERVER_ENV_BASE: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TERM',
  'LANG',
  'LC_ALL',
  'TMPDIR',
  'XDG_CONFIG_HOME',
  'XDG_CACHE_HOME',
  'XDG_DATA_HOME',
  'XDG_STATE_HOME',
];

export function serverEnv(
  base: Readonly<Record<string, string | undefined>>,
  named: Readonly<Record<string, string>>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of SERVER_ENV_BASE) {
    const value = base[key];
    if (value !== undefined) env[key] = value;
  }
  return { ...env, ...named };
}
