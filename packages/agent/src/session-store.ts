/**
 * Sessions as JSONL files, one per session, `<id>.jsonl` in one directory (0700; files 0600):
 * a header line, the prefix record (the exact system and tools sent), then one line per
 * completed message (plus `compaction` and `truncate` records, and plugins' own). Each line is written to
 * the file as its message completes, so a killed process loses at most the message in flight; at
 * turn end an fsync is started in the background (see session-writer.ts).
 *
 * `load`, `list` and `latest` never throw, whatever the directory holds: a file that cannot be
 * read or is not a session is skipped with a notice naming it, a line that does not fit is
 * skipped with a notice naming the file and the line. `list` and `latest` read only the head of
 * each file, not whole transcripts.
 */
import { chmodSync, closeSync, ftruncateSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { openRegularForAppend } from '@coding-harness/skills';
import { checkRecord, isSessionId } from './session-records.js';
import type { SessionHeader, SessionPrefix } from './session-records.js';
import type { LoadedSession, SessionInfo } from './session-parse.js';
import { idOfFile, infoOf, parseHeaderLine, parseSession, titleOf } from './session-parse.js';
import type { SessionWriter } from './session-writer.js';
import { writeAll, writerFor } from './session-writer.js';
import { randomHex } from './random-id.js';

export type { SessionHeader, SessionPrefix, SessionRecord } from './session-records.js';
export type { LoadedSession, SessionInfo } from './session-parse.js';
export type { SessionWriter } from './session-writer.js';
export { parseSession } from './session-parse.js';

export interface SessionStore {
  readonly dir: string;
  /** Sessions, newest first; only those of `workroot` when given. Reads each file's head only. */
  list(workroot?: string): Promise<SessionInfo[]>;
  /** The newest session of `workroot` (by modification time), reading headers until one matches. */
  latest(workroot: string): Promise<SessionInfo | undefined>;
  /** The whole session; an error value (never a throw) when the id is invalid or the file unusable. */
  load(id: string): Promise<LoadedSession>;
  /** Creates a new session file holding the header and, when given, the prefix record. */
  create(
    header: Omit<SessionHeader, 'type' | 'id'> & { id?: string; prefix?: SessionPrefix },
  ): { ok: true; writer: SessionWriter } | { ok: false; error: string };
  /** Opens an existing session for appending, cutting a torn last line first. */
  reopen(id: string): { ok: true; writer: SessionWriter } | { ok: false; error: string };
}

export interface SessionStoreOptions {
  dir: string;
  /** Told about each file `list` or `latest` skipped (unreadable, not a session, a bad name). */
  onNotice?: (message: string) => void;
}

/** Where sessions live: `$XDG_STATE_HOME/coding-harness/sessions`, else `~/.local/state/coding-harness/sessions`. */
export function defaultSessionDir(env: NodeJS.ProcessEnv, home: string): string {
  const state =
    env.XDG_STATE_HOME && env.XDG_STATE_HOME.startsWith('/') ? env.XDG_STATE_HOME : join(home, '.local', 'state');
  return join(state, 'coding-harness', 'sessions');
}

/** A new session id: the creation time (sortable) and a random suffix; always matches `SESSION_ID`. */
export function newSessionId(now: Date): string {
  const time = Number.isNaN(now.getTime()) ? 'session' : now.toISOString().replace(/[:.]/g, '-');
  return `${time}-${randomHex(8)}`;
}

/** The head of a file read by `list`/`latest`: the first line must fit in this. */
const HEADER_LIMIT = 64 * 1024;
/** How far `list` reads looking for the first user text (the prefix record comes before it). */
const TITLE_LIMIT = 1024 * 1024;

type Head = { ok: true; info: SessionInfo } | { ok: false; error: string };

/** A session file found in the store's folder. */
interface SessionEntry {
  id: string;
  file: string;
  mtime: Date;
}

/** Valid session file names in `dir` with their modification times, newest first. */
async function sessionEntries(dir: string, notice: (message: string) => void): Promise<SessionEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const out: SessionEntry[] = [];
  for (const name of names) {
    if (!name.endsWith('.jsonl')) continue;
    const id = idOfFile(name);
    const file = join(dir, name);
    if (id === undefined) {
      notice(`skipped ${file}: the name is not a session id (letters, digits, - and _ only)`);
      continue;
    }
    try {
      const s = await stat(file);
      if (s.isFile()) out.push({ id, file, mtime: s.mtime });
      else notice(`skipped ${file}: not a regular file`);
    } catch (err) {
      notice(`skipped ${file}: ${(err as Error).message}`);
    }
  }
  return out.sort((a, b) => b.mtime.getTime() - a.mtime.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** Creates the session file for `header` (0600, never over an existing one) and opens its writer. */
function createSessionFile(
  dir: string,
  header: Parameters<SessionStore['create']>[0],
  fileOf: (id: string) => string,
): ReturnType<SessionStore['create']> {
  const id = header.id ?? newSessionId(new Date(header.createdAt));
  if (!isSessionId(id)) return { ok: false, error: `not a session id: ${JSON.stringify(id.slice(0, 80))}` };
  const full: SessionHeader = {
    type: 'session',
    id,
    workroot: header.workroot,
    model: header.model,
    createdAt: header.createdAt,
  };
  const lines = [JSON.stringify(full)];
  if (header.prefix)
    lines.push(JSON.stringify({ type: 'prefix', system: header.prefix.system, tools: header.prefix.tools }));
  try {
    privateDir(dir);
    const fd = openSync(fileOf(id), 'wx', 0o600);
    const writer = writerFor(id, fd);
    try {
      writeAll(fd, `${lines.join('\n')}\n`);
    } catch (err) {
      writer.close();
      throw err;
    }
    return { ok: true, writer };
  } catch (err) {
    return { ok: false, error: `cannot create session file in ${dir}: ${(err as Error).message}` };
  }
}

/** A session store over `dir` (created, 0700, on first write). */
export function createSessionStore(opts: SessionStoreOptions): SessionStore {
  const { dir } = opts;
  const notice = opts.onNotice ?? (() => undefined);
  const fileOf = (id: string): string => join(dir, `${id}.jsonl`);

  const entries = (): Promise<SessionEntry[]> => sessionEntries(dir, notice);

  const store: SessionStore = {
    dir,
    async list(workroot) {
      const infos: SessionInfo[] = [];
      for (const e of await entries()) {
        const head = await readHead(e.file, e.mtime, true);
        if (!head.ok) notice(`skipped ${head.error}`);
        else if (workroot === undefined || head.info.workroot === workroot) infos.push(head.info);
      }
      return infos;
    },
    async latest(workroot) {
      for (const e of await entries()) {
        const head = await readHead(e.file, e.mtime, false);
        if (!head.ok) notice(`skipped ${head.error}`);
        else if (head.info.workroot === workroot) {
          const full = await readHead(e.file, e.mtime, true);
          return full.ok ? full.info : head.info;
        }
      }
      return undefined;
    },
    async load(id) {
      if (!isSessionId(id)) return { ok: false, error: `not a session id: ${JSON.stringify(String(id).slice(0, 80))}` };
      const file = fileOf(id);
      try {
        const s = await stat(file);
        if (!s.isFile()) return { ok: false, error: `${file} is not a regular file` };
        return parseSession(await readFile(file, 'utf8'), file, s.mtime);
      } catch (err) {
        return { ok: false, error: `cannot read session ${id}: ${(err as Error).message}` };
      }
    },
    create: (header) => createSessionFile(dir, header, fileOf),
    reopen(id) {
      if (!isSessionId(id)) return { ok: false, error: `not a session id: ${JSON.stringify(String(id).slice(0, 80))}` };
      const file = fileOf(id);
      try {
        privateDir(dir);
      } catch (err) {
        return { ok: false, error: `cannot open session ${id}: ${(err as Error).message}` };
      }
      // Only a regular file, checked on the descriptor that is then read, cut and written (a
      // session file swapped for a link to /dev/null or a FIFO is refused, never chmod-ed or waited on).
      const opened = openRegularForAppend(file, { mode: 0o600, create: false, readable: true });
      if (!opened.ok) return { ok: false, error: `cannot open session ${id}: ${opened.error}` };
      try {
        const bytes = readFileSync(opened.fd);
        const end = bytes.lastIndexOf(0x0a) + 1;
        if (end < bytes.length) ftruncateSync(opened.fd, end);
        return { ok: true, writer: writerFor(id, opened.fd) };
      } catch (err) {
        closeSync(opened.fd);
        return { ok: false, error: `cannot open session ${id}: ${(err as Error).message}` };
      }
    },
  };
  return store;
}

/** Creates `dir` (and missing parents) as 0700, and narrows an existing one to 0700. */
function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * Reads the start of a session file: the header (which must be within the first 64 KiB) and,
 * when `withTitle`, the first user text found in the first 1 MiB. Never throws.
 */
async function readHead(file: string, mtime: Date, withTitle: boolean): Promise<Head> {
  let text: string;
  try {
    const handle = await open(file, 'r');
    try {
      const limit = withTitle ? TITLE_LIMIT : HEADER_LIMIT;
      const chunk = Buffer.allocUnsafe(HEADER_LIMIT);
      const parts: Buffer[] = [];
      for (let read = 0; read < limit; ) {
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, read);
        if (bytesRead === 0) break;
        parts.push(Buffer.from(chunk.subarray(0, bytesRead)));
        read += bytesRead;
        if (!chunk.subarray(0, bytesRead).includes(0x0a)) continue;
        const sofar = Buffer.concat(parts).toString('utf8');
        if (!withTitle || firstTitle(sofar, sofar.indexOf('\n')) !== '') break;
      }
      text = Buffer.concat(parts).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch (err) {
    return { ok: false, error: `${file}: ${(err as Error).message}` };
  }
  const nl = text.indexOf('\n');
  if (nl === -1 && text.length >= HEADER_LIMIT)
    return { ok: false, error: `${file}: line 1 is longer than 64 KiB, not a session header` };
  const head = parseHeaderLine(nl === -1 ? text : text.slice(0, nl), file);
  if (!head.ok) return head;
  const ignored: string[] = [];
  return { ok: true, info: infoOf(head.header, file, mtime, withTitle ? firstTitle(text, nl) : '', ignored) };
}

/** The first user text among the complete message lines after the header. */
function firstTitle(text: string, headerEnd: number): string {
  if (headerEnd === -1) return '';
  for (let at = headerEnd + 1, end = text.indexOf('\n', at); end !== -1; at = end + 1, end = text.indexOf('\n', at)) {
    if (!text.startsWith('{"type":"message"', at)) continue;
    let value: unknown;
    try {
      value = JSON.parse(text.slice(at, end));
    } catch {
      continue;
    }
    const checked = checkRecord(value);
    if (checked.ok !== true || checked.record.type !== 'message') continue;
    const title = titleOf([checked.record.message]);
    if (title !== '') return title;
  }
  return '';
}
