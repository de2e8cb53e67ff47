/**
 * Sessions as JSONL files, one per session: a header line, then one line per completed message
 * (plus `compaction` and `skill` records). Each line is written to the file (a write system call,
 * not a buffer) as its message completes, so a killed process loses at most the message in flight;
 * at turn end an fsync is started in the background, for the OS crashing too, without making the
 * turn (or a `-p` run's exit) wait for the disk. Loading never throws: a torn last line is dropped
 * with a notice.
 */
import { close, closeSync, fsync, mkdirSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Message } from './messages.js';
import { randomHex } from './random-id.js';
import { appendMessage } from './transcript.js';

export interface SessionHeader {
  type: 'session';
  id: string;
  workroot: string;
  model: string;
  createdAt: string;
}

/** One line after the header. */
export type SessionRecord =
  | { type: 'message'; message: Message }
  /** The transcript was compacted: these messages replace everything before. */
  | { type: 'compaction'; messages: Message[] }
  /** A skill was loaded (remembered for re-attachment after compaction). */
  | { type: 'skill'; name: string; args: string };

export interface SessionInfo {
  id: string;
  workroot: string;
  model: string;
  createdAt: string;
  /** Last modification of the file (ISO). */
  updatedAt: string;
  file: string;
  /** The first user text, cut to 80 characters (for listings). */
  title: string;
}

export type LoadedSession =
  | { ok: true; messages: Message[]; notices: string[]; info: SessionInfo; skills: { name: string; args: string }[] }
  | { ok: false; error: string };

/** Appends records to one session file. Write failures are returned, never thrown. */
export interface SessionWriter {
  readonly id: string;
  append(record: SessionRecord): string | undefined;
  /**
   * Starts an fsync of everything appended so far and returns at once (appended lines are already
   * in the file; this is for the OS crashing). Returns an error only when the file is closed.
   */
  flush(): string | undefined;
  close(): void;
}

export interface SessionStore {
  readonly dir: string;
  /** Sessions, newest first; only those of `workroot` when given. */
  list(workroot?: string): Promise<SessionInfo[]>;
  latest(workroot: string): Promise<SessionInfo | undefined>;
  load(id: string): Promise<LoadedSession>;
  /** Creates a new session file holding just the header. */
  create(header: Omit<SessionHeader, 'type' | 'id'> & { id?: string }): { ok: true; writer: SessionWriter } | { ok: false; error: string };
  /** Opens an existing session for appending, cutting a torn last line first. */
  reopen(id: string): { ok: true; writer: SessionWriter } | { ok: false; error: string };
}

/** Where sessions live: `$XDG_STATE_HOME/coding-harness/sessions`, else `~/.local/state/coding-harness/sessions`. */
export function defaultSessionDir(env: NodeJS.ProcessEnv, home: string): string {
  const state = env.XDG_STATE_HOME && env.XDG_STATE_HOME.startsWith('/') ? env.XDG_STATE_HOME : join(home, '.local', 'state');
  return join(state, 'coding-harness', 'sessions');
}

/** A new session id: the creation time (sortable) and a random suffix. */
export function newSessionId(now: Date): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${randomHex(8)}`;
}

/** A session store over `dir` (created on first write). */
export function createSessionStore(opts: { dir: string }): SessionStore {
  const { dir } = opts;
  const fileOf = (id: string): string => join(dir, `${id}.jsonl`);
  const store: SessionStore = {
    dir,
    async list(workroot) {
      let names: string[];
      try {
        names = (await readdir(dir)).filter((n) => n.endsWith('.jsonl'));
      } catch {
        return [];
      }
      const infos: SessionInfo[] = [];
      for (const name of names) {
        const loaded = await store.load(name.slice(0, -'.jsonl'.length));
        if (loaded.ok && (workroot === undefined || loaded.info.workroot === workroot)) infos.push(loaded.info);
      }
      return infos.sort((a, b) => (a.updatedAt === b.updatedAt ? b.id.localeCompare(a.id) : b.updatedAt.localeCompare(a.updatedAt)));
    },
    async latest(workroot) {
      return (await store.list(workroot))[0];
    },
    async load(id) {
      if (!/^[\w.-]+$/.test(id)) return { ok: false, error: `not a session id: ${id}` };
      const file = fileOf(id);
      let text: string;
      let mtime: Date;
      try {
        text = await readFile(file, 'utf8');
        mtime = (await stat(file)).mtime;
      } catch (err) {
        return { ok: false, error: `cannot read session ${id}: ${(err as Error).message}` };
      }
      return parseSession(text, file, mtime);
    },
    create(header) {
      const full: SessionHeader = { type: 'session', id: header.id ?? newSessionId(new Date(header.createdAt)), workroot: header.workroot, model: header.model, createdAt: header.createdAt };
      try {
        mkdirSync(dir, { recursive: true });
        const fd = openSync(fileOf(full.id), 'wx');
        writeSync(fd, `${JSON.stringify(full)}\n`);
        return { ok: true, writer: writerFor(full.id, fd) };
      } catch (err) {
        return { ok: false, error: `cannot create session file in ${dir}: ${(err as Error).message}` };
      }
    },
    reopen(id) {
      const file = fileOf(id);
      try {
        const bytes = readFileSync(file);
        const end = bytes.lastIndexOf(0x0a) + 1;
        if (end < bytes.length) truncateSync(file, end);
        return { ok: true, writer: writerFor(id, openSync(file, 'a')) };
      } catch (err) {
        return { ok: false, error: `cannot open session ${id}: ${(err as Error).message}` };
      }
    },
  };
  return store;
}

function writerFor(id: string, fd: number): SessionWriter {
  let open = true;
  let syncing = false;
  let closeWhenSynced = false;
  const guard = (fn: () => void): string | undefined => {
    if (!open) return 'session file is closed';
    try {
      fn();
      return undefined;
    } catch (err) {
      return (err as Error).message;
    }
  };
  return {
    id,
    append: (record) => guard(() => writeSync(fd, `${JSON.stringify(record)}\n`)),
    flush: () =>
      guard(() => {
        if (syncing) return;
        syncing = true;
        // The descriptor stays open until the fsync is done (close() defers to it), so the fsync
        // can never reach a reused descriptor. A failure is dropped: the lines are already written.
        fsync(fd, () => {
          syncing = false;
          if (closeWhenSynced) close(fd, () => undefined);
        });
      }),
    close() {
      if (!open) return;
      open = false;
      if (syncing) {
        closeWhenSynced = true;
        return;
      }
      try {
        closeSync(fd);
      } catch {
        /* already closed */
      }
    },
  };
}

/** Parses a session file's text; exported for tests of torn and damaged files. */
export function parseSession(text: string, file: string, mtime: Date): LoadedSession {
  const lines = text.split('\n');
  const torn = lines.at(-1) !== '';
  if (!torn) lines.pop();
  const notices: string[] = [];
  let header: SessionHeader | undefined;
  let messages: Message[] = [];
  const skills: { name: string; args: string }[] = [];
  lines.forEach((line, i) => {
    const isLast = i === lines.length - 1;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      notices.push(isLast && torn ? `dropped a torn last line of ${file} (the process stopped while writing it)` : `skipped unreadable line ${i + 1} of ${file}`);
      return;
    }
    const r = record as { type?: unknown };
    if (i === 0) {
      if (r.type === 'session') header = record as SessionHeader;
      return;
    }
    if (r.type === 'message') appendMessage(messages, (record as { message: Message }).message);
    else if (r.type === 'compaction') messages = [...(record as { messages: Message[] }).messages];
    else if (r.type === 'skill') {
      const s = record as { name: string; args: string };
      skills.push({ name: s.name, args: s.args });
    } else notices.push(`skipped unknown record on line ${i + 1} of ${file}`);
  });
  if (!header) return { ok: false, error: `${file} is not a session file (no header line)` };
  const firstUser = messages.find((m) => m.role === 'user' && m.content.some((b) => b.type === 'text'));
  const title = firstUser ? firstUser.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join(' ').slice(0, 80) : '';
  const info: SessionInfo = { id: header.id, workroot: header.workroot, model: header.model, createdAt: header.createdAt, updatedAt: mtime.toISOString(), file, title };
  return { ok: true, messages, notices, info, skills };
}
