/**
 * Where an MCP server's OAuth credentials live: one JSON file per server URL under the XDG state
 * directory (`$XDG_STATE_HOME/coding-harness/mcp-oauth`, else `~/.local/state/...`). The folder is
 * 0700 and each file 0600, written whole through a temporary file and a rename. A file readable by
 * others, or not a regular file (a symlink planted by someone else), is refused with a message
 * naming it: its tokens are never used.
 */
import type * as Crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { chmod, lstat, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// Required on first use, never at import: the bins bundle this package, and a run that logs in
// to no server must not load node:crypto (the start-up module tests check it).
const crypto = (): typeof Crypto => createRequire(import.meta.url)('node:crypto') as typeof Crypto;

/** What is kept per server: the registered client, the tokens, and when the access token ends. */
export interface OAuthRecord {
  serverUrl: string;
  client?: Record<string, unknown>;
  tokens?: Record<string, unknown>;
  /** Epoch ms after which the access token is treated as expired (from `expires_in`). */
  expiresAt?: number;
}

export type StoreRead = { ok: true; record: OAuthRecord | undefined } | { ok: false; message: string };

/** The credentials folder for an environment (XDG_STATE_HOME, else HOME/.local/state). */
export function oauthDir(env: Readonly<Record<string, string | undefined>>, home: string): string {
  const state = env.XDG_STATE_HOME && env.XDG_STATE_HOME !== '' ? env.XDG_STATE_HOME : join(home, '.local', 'state');
  return join(state, 'coding-harness', 'mcp-oauth');
}

/** The file for one server URL (hashed: a URL is not a safe file name). */
export function oauthFile(dir: string, serverUrl: string): string {
  const hash = crypto().createHash('sha256').update(serverUrl).digest('hex').slice(0, 32);
  return join(dir, `${hash}.json`);
}

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Reads a server's record; absent is `undefined`, an unsafe or broken file is a message naming it. */
export async function readRecord(file: string): Promise<StoreRead> {
  let info: Awaited<ReturnType<typeof lstat>>;
  try {
    info = await lstat(file);
  } catch (error) {
    if (isMissing(error)) return { ok: true, record: undefined };
    return { ok: false, message: `${file}: cannot read the MCP OAuth token file (${String(error)})` };
  }
  if (!info.isFile())
    return {
      ok: false,
      message: `${file}: the MCP OAuth token file is not a regular file; remove it and log in again`,
    };
  if ((info.mode & 0o077) !== 0)
    return {
      ok: false,
      message: `${file}: the MCP OAuth token file is readable by others (mode ${(info.mode & 0o777).toString(8)}); remove it (or chmod 600) and log in again`,
    };
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return {
        ok: false,
        message: `${file}: the MCP OAuth token file is not a JSON object; remove it and log in again`,
      };
    return { ok: true, record: parsed as OAuthRecord };
  } catch (error) {
    return {
      ok: false,
      message: `${file}: the MCP OAuth token file is not valid JSON (${String(error)}); remove it and log in again`,
    };
  }
}

/** Writes a record 0600 in a 0700 folder (created if absent; tightened if it was wider). */
export async function writeRecord(file: string, record: OAuthRecord): Promise<void> {
  const dir = join(file, '..');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  await rename(temp, file);
}

/** Forgets a server's credentials (`/mcp logout`). */
export async function removeRecord(file: string): Promise<void> {
  await rm(file, { force: true });
}
