/**
 * Reading a session file's text back into a transcript. Never throws, whatever the bytes: a line
 * that is not JSON, a record of the agent's that does not fit its schema, a line with no type, a transcript
 * that would not be valid are each skipped or cut with a notice naming the file and the line.
 */
import { basename } from 'node:path';
import type { Effort, Message } from '@coding-harness/model';
import type { PluginRecord } from './hooks.js';
import type { SessionHeader, SessionPrefix } from './session-records.js';
import { checkHeader, checkRecord, isSessionId } from './session-records.js';
import { appendMessage, validPrefixLength } from './transcript.js';

export interface SessionInfo {
  /** The id, which is always the file's name (never the id written inside the file). */
  id: string;
  workroot: string;
  model: string;
  createdAt: string;
  /** Last modification of the file (ISO). */
  updatedAt: string;
  file: string;
  /** The first user text, cut to 80 characters (for listings); '' when none was found. */
  title: string;
}

export type LoadedSession =
  | {
      ok: true;
      messages: Message[];
      notices: string[];
      info: SessionInfo;
      /** The plugins' records (any type the agent does not write itself), in file order. */
      records: PluginRecord[];
      /** The exact system and tools the session sent; absent in files written before prefixes were stored. */
      prefix?: SessionPrefix;
      /** The state the last resume note told the model about (the latest `current` record still in the transcript). */
      current?: SessionPrefix;
      /** The model and effort last switched to in the session (its latest `settings` record); absent: never switched. */
      settings?: { model: string; effort?: Effort };
    }
  | { ok: false; error: string };

/** The session id a file name stands for, or undefined when it is not `<valid id>.jsonl`. */
export function idOfFile(name: string): string | undefined {
  if (!name.endsWith('.jsonl')) return undefined;
  const id = name.slice(0, -'.jsonl'.length);
  return isSessionId(id) ? id : undefined;
}

/** Reads line 1 as a header: the header, or why it is not one. */
export function parseHeaderLine(
  line: string,
  file: string,
): { ok: true; header: SessionHeader } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, error: `${file} is not a session file (line 1 is not JSON)` };
  }
  const checked = checkHeader(value);
  return checked.ok
    ? checked
    : { ok: false, error: `${file} is not a session file (line 1 is not a session header: ${checked.why})` };
}

/** Info from a header; the id comes from the file name, and a differing id inside is a notice. */
export function infoOf(
  header: SessionHeader,
  file: string,
  mtime: Date,
  title: string,
  notices: string[],
): SessionInfo {
  const fromName = idOfFile(basename(file)) ?? header.id;
  if (header.id !== fromName)
    notices.push(`${file} says its id is ${JSON.stringify(header.id.slice(0, 80))}; using the file name's ${fromName}`);
  return {
    id: fromName,
    workroot: header.workroot,
    model: header.model,
    createdAt: header.createdAt,
    updatedAt: mtime.toISOString(),
    file,
    title,
  };
}

/** The first user text of a transcript, cut to 80 characters. */
export function titleOf(messages: readonly Message[]): string {
  const first = messages.find((m) => m.role === 'user' && m.content.some((b) => b.type === 'text'));
  return first
    ? first.content
        .flatMap((b) => (b.type === 'text' ? [b.text] : []))
        .join(' ')
        .slice(0, 80)
    : '';
}

/** Parses a session file's text (exported for tests of torn and damaged files). Never throws. */
export function parseSession(text: string, file: string, mtime: Date): LoadedSession {
  const lines = text.split('\n');
  const torn = lines.at(-1) !== '';
  if (!torn) lines.pop();
  const head = parseHeaderLine(lines[0] ?? '', file);
  if (!head.ok) return head;
  const notices: string[] = [];
  let messages: Message[] = [];
  let prefix: SessionPrefix | undefined;
  /** The latest `current` record and the transcript length when it was written (a later cut below that undoes it). */
  let current: { state: SessionPrefix; at: number } | undefined;
  const records: PluginRecord[] = [];
  let settings: { model: string; effort?: Effort } | undefined;
  for (let i = 1; i < lines.length; i++) {
    const where = `line ${i + 1} of ${file}`;
    let value: unknown;
    try {
      value = JSON.parse(lines[i]!);
    } catch {
      notices.push(
        i === lines.length - 1 && torn
          ? `dropped a torn last line of ${file} (the process stopped while writing it)`
          : `skipped ${where}: not JSON`,
      );
      continue;
    }
    const checked = checkRecord(value);
    if (checked.ok === 'plugin') {
      records.push(checked.record);
      continue;
    }
    if (!checked.ok) {
      notices.push(
        `skipped ${where}: ${checked.unknown ? checked.why : `a record that does not fit (${checked.why})`}`,
      );
      continue;
    }
    const r = checked.record;
    if (r.type === 'message') appendMessage(messages, r.message);
    else if (r.type === 'compaction') {
      messages = mergeAll(r.messages);
      if (current) current.at = 0;
    } else if (r.type === 'truncate') {
      messages = messages.slice(0, r.keep);
      if (current && r.keep < current.at) current = undefined;
    } else if (r.type === 'settings')
      settings = r.effort === undefined ? { model: r.model } : { model: r.model, effort: r.effort };
    else if (r.type === 'current') current = { state: { system: r.system, tools: r.tools }, at: messages.length };
    else if (prefix) notices.push(`skipped ${where}: a second prefix record (the first one is what the session sent)`);
    else prefix = { system: r.system, tools: r.tools };
  }
  const valid = validPrefixLength(messages);
  if (valid < messages.length) {
    notices.push(
      `${file}: the transcript is not valid after message ${valid} (a tool call without its result, or the reverse); kept the first ${valid} of ${messages.length} messages`,
    );
    messages = messages.slice(0, valid);
  }
  const info = infoOf(head.header, file, mtime, titleOf(messages), notices);
  if (current && messages.length < current.at) current = undefined;
  return {
    ok: true,
    messages,
    notices,
    info,
    records,
    ...(prefix ? { prefix } : {}),
    ...(current ? { current: current.state } : {}),
    ...(settings ? { settings } : {}),
  };
}

function mergeAll(list: readonly Message[]): Message[] {
  const out: Message[] = [];
  for (const m of list) appendMessage(out, m);
  return out;
}
