/**
 * The prompt history both front ends share: one file per work root under the XDG state dir
 * (`$XDG_STATE_HOME/coding-harness/history/<hash>.jsonl`, else `~/.local/state/...`), each line
 * the JSON string of one submitted prompt (so a multi-line prompt is one entry). The state dir is
 * protected from the tools, so a model cannot plant entries. Reading never throws: an unreadable
 * or torn file gives what could be read; a failed write is returned as a message with the path.
 */
import type * as Crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defaultSessionDir } from '@coding-harness/agent';
import { appendRegularFile, readRegularFile, replaceRegularFile } from '@coding-harness/skills';
import type { HarnessEnv } from './config.js';

/** How many entries are kept per work root; older ones are dropped when the file is rewritten. */
export const HISTORY_LIMIT = 500;

export interface PromptHistoryOptions {
  env: HarnessEnv;
  home: string;
  /** The session's work root (absolute, as the wiring resolved it). */
  workroot: string;
  /** Entries kept (default `HISTORY_LIMIT`). */
  limit?: number;
}

/** The prompts submitted in one work root, oldest first on disk. */
export interface PromptHistory {
  /** The file this work root's history lives in. */
  readonly file: string;
  /** The entries, newest first (the order node:readline's `history` option takes), without repeats. */
  load(): string[];
  /**
   * Appends one prompt (blank ones and a repeat of the newest are skipped). Returns undefined, or
   * a message naming the file when it could not be written (the session goes on without it).
   */
  add(entry: string): string | undefined;
}

/**
 * node:crypto on first use, not at import: this module comes with the session package's index,
 * so every `harness -p` run would load it (~3 ms of CPU) though only the REPL and the TUI keep
 * a history.
 */
const crypto = (): typeof Crypto => createRequire(import.meta.url)('node:crypto') as typeof Crypto;

/** The history file of `workroot`: a hash of the path, so any path makes a safe file name. */
export function historyFile(env: HarnessEnv, home: string, workroot: string): string {
  const state = dirname(defaultSessionDir(env as NodeJS.ProcessEnv, home));
  const key = crypto().createHash('sha256').update(workroot).digest('hex').slice(0, 24);
  return join(state, 'history', `${key}.jsonl`);
}

/** A history file larger than this is not read (500 prompts rarely reach a megabyte). */
const HISTORY_MAX_BYTES = 64 * 1024 * 1024;

function readEntries(file: string): string[] {
  // Read without blocking: a FIFO or device at this path reads as no history, never a hang.
  const read = readRegularFile(file, HISTORY_MAX_BYTES);
  if (!read.ok) return [];
  const text = read.bytes.toString('utf8');
  const entries: string[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === 'string' && value.trim() !== '') entries.push(value);
    } catch {
      // a torn last line (two front ends writing at once): skip it
    }
  }
  return entries;
}

/** Opens the history of one work root. Nothing is read or created until `load` / `add`. */
export function createPromptHistory(opts: PromptHistoryOptions): PromptHistory {
  const file = historyFile(opts.env, opts.home, opts.workroot);
  const limit = opts.limit ?? HISTORY_LIMIT;
  return {
    file,
    load() {
      const seen = new Set<string>();
      const newestFirst: string[] = [];
      for (const entry of readEntries(file).reverse()) {
        if (seen.has(entry)) continue;
        seen.add(entry);
        newestFirst.push(entry);
        if (newestFirst.length >= limit) break;
      }
      return newestFirst;
    },
    add(entry) {
      if (entry.trim() === '') return undefined;
      const entries = readEntries(file);
      if (entries.at(-1) === entry) return undefined;
      // Only ever a regular file: a history linked to /dev/null or a FIFO is left as it is.
      const options = { mode: 0o600, dirMode: 0o700 };
      let error: string | undefined;
      if (entries.length >= limit * 2) {
        const kept = [...entries.slice(-(limit - 1)), entry];
        error = replaceRegularFile(file, kept.map((e) => `${JSON.stringify(e)}\n`).join(''), options);
      } else error = appendRegularFile(file, `${JSON.stringify(entry)}\n`, options);
      return error === undefined ? undefined : `could not save the prompt history: ${error}`;
    },
  };
}
