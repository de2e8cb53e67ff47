/**
 * The environment variables holding the harness's own credentials. bash's child environment
 * never has them, and their values are redacted from every tool result. Data, not code: a new
 * credential is one more line here.
 */
export const CREDENTIAL_ENV_NAMES: readonly string[] = [
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'CLAUDE_CODE_OAUTH_TOKEN',
];

/**
 * Values shorter than this are not treated as secrets: redacting every "1" or "dev" in tool
 * output would garble it, and a credential that short protects nothing anyway.
 */
export const MIN_SECRET_LENGTH = 8;

/** The credential values set in `env` (the names in CREDENTIAL_ENV_NAMES), long enough to redact. */
export function secretsFromEnv(env: NodeJS.ProcessEnv): string[] {
  const out: string[] = [];
  for (const name of CREDENTIAL_ENV_NAMES) {
    const value = env[name];
    if (value !== undefined && value.length >= MIN_SECRET_LENGTH) out.push(value);
  }
  return out;
}

/** What `PATH` falls back to when none of its entries is absolute. */
export const DEFAULT_PATH = '/usr/local/bin:/usr/bin:/bin';

/**
 * `PATH` with its absolute entries only. An empty entry, `.` or `node_modules/.bin` is looked up
 * from the command's working directory, so a repository's own `git` or `npm` would run in place
 * of the real one for every command the user allowed by name.
 */
export function absolutePath(value: string | undefined): string {
  const kept = (value ?? '').split(':').filter((entry) => entry.startsWith('/'));
  return kept.length > 0 ? kept.join(':') : DEFAULT_PATH;
}

/**
 * A copy of `env` for a child process: without the credential variables, without any variable
 * whose value is one of `secrets`, and with `PATH` holding absolute entries only.
 */
export function childEnv(env: NodeJS.ProcessEnv, secrets: readonly string[] = []): NodeJS.ProcessEnv {
  const drop = new Set(secrets.filter((s) => s.length >= MIN_SECRET_LENGTH));
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (CREDENTIAL_ENV_NAMES.includes(name)) continue;
    if (value !== undefined && drop.has(value)) continue;
    out[name] = value;
  }
  if (out['PATH'] !== undefined) out['PATH'] = absolutePath(out['PATH']);
  return out;
}

/** The credential variable holding each secret value in `env` (value -> name), for redaction labels. */
export function secretLabelsFromEnv(env: NodeJS.ProcessEnv): Map<string, string> {
  const labels = new Map<string, string>();
  for (const name of CREDENTIAL_ENV_NAMES) {
    const value = env[name];
    if (value !== undefined && value.length >= MIN_SECRET_LENGTH && !labels.has(value)) labels.set(value, name);
  }
  return labels;
}

/**
 * `text` with every occurrence of a secret replaced by `[redacted NAME]` (NAME from `labels`,
 * the credential variable that held the value) or `[redacted secret]`. Longer secrets are
 * replaced first, so one secret containing another is still hidden whole. Only exact
 * occurrences are found: a secret printed encoded (base64, split across lines) is not.
 */
export function redactSecrets(
  text: string,
  secrets: readonly string[] | undefined,
  labels?: ReadonlyMap<string, string>,
): string {
  if (secrets === undefined || secrets.length === 0) return text;
  let out = text;
  const sorted = [...secrets].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  for (const secret of sorted) {
    if (!out.includes(secret)) continue;
    out = out.split(secret).join(`[redacted ${labels?.get(secret) ?? 'secret'}]`);
  }
  return out;
}

/** A redactor for text that arrives in pieces (a running command's output). */
export interface StreamRedactor {
  /** Takes the next piece; returns what may be shown now, redacted. */
  push(text: string): string;
  /** The rest, redacted, once the stream has ended. */
  end(): string;
}

/**
 * Redacts a stream: a secret split across two pieces is still caught, because the end of each
 * piece that could be the start of a secret (the longest end that begins some secret) is held
 * back until the next piece or `end()`. Everything else is passed on at once, so a command's
 * output reaches the screen as it is printed. With no secrets, pieces pass through unchanged.
 */
export function createStreamRedactor(
  secrets: readonly string[] | undefined,
  labels?: ReadonlyMap<string, string>,
): StreamRedactor {
  const live = (secrets ?? []).filter((s) => s.length >= MIN_SECRET_LENGTH);
  if (live.length === 0) return { push: (text) => text, end: () => '' };
  let held = '';
  return {
    push(text) {
      const buffer = held + text;
      let cut = buffer.length - secretStartAtEnd(buffer, live);
      // A whole secret that straddles the cut is held back with its start.
      for (const secret of live) {
        let at = buffer.indexOf(secret, Math.max(0, cut - secret.length + 1));
        while (at !== -1 && at < cut) {
          if (at + secret.length > cut) cut = at;
          at = buffer.indexOf(secret, at + 1);
        }
      }
      held = buffer.slice(cut);
      return redactSecrets(buffer.slice(0, cut), live, labels);
    },
    end() {
      const rest = redactSecrets(held, live, labels);
      held = '';
      return rest;
    },
  };
}

/** The length of the longest end of `buffer` that is the start (not the whole) of one of `secrets`; 0 when none is. */
function secretStartAtEnd(buffer: string, secrets: readonly string[]): number {
  let longest = 0;
  for (const secret of secrets)
    for (let k = Math.min(secret.length - 1, buffer.length); k > longest; k--)
      if (buffer.endsWith(secret.slice(0, k))) {
        longest = k;
        break;
      }
  return longest;
}
