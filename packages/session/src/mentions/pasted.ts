/**
 * A path to an image or a PDF pasted or dragged into the message (`/tmp/Screen Shot.png`,
 * `'~/shots/a b.png'`, `shots/a\ b.png`): the file is attached as what it is, as Claude Code does.
 * The user typed the path, so it may lie outside the work root (a screenshot folder); it must be
 * a regular file whose first bytes say image or PDF, within the API's limits, and no Read deny
 * rule may cover it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { mediaOf, openRegularSync, readMedia } from '@coding-harness/tools';
import type { Attachments } from './attach.js';
import { markAttached } from './attached-part.js';

const MEDIA_NAME = /\.(png|jpe?g|gif|webp|pdf)$/i;
/** A quoted path, or a run of non-blank characters where `\ ` is a space; not after `@` (a mention). */
const CANDIDATE = /(?:^|(?<=\s))(?:'([^'\n]+)'|"([^"\n]+)"|((?:\\ |[^\s'"@])(?:\\ |[^\s'"])*))/g;
/** At most this many pasted files are attached per message. */
export const MAX_PASTED = 10;

/** What finding pasted files needs. */
export interface PastedDeps {
  /** Relative paths are taken from here (the work root). */
  root: string;
  /** `~/` is taken from here; without it such a path is left alone. */
  home?: string;
  readFilter: (absRealPath: string) => boolean;
}

/** The absolute paths of the media files the text names, each once. */
export function pastedMediaPaths(text: string, deps: Pick<PastedDeps, 'root' | 'home'>): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(CANDIDATE)) {
    const raw = m[1] ?? m[2] ?? (m[3] as string).replace(/\\ /g, ' ');
    if (!MEDIA_NAME.test(raw)) continue;
    if (raw.startsWith('~/') && deps.home === undefined) continue;
    const abs = raw.startsWith('~/') ? path.join(deps.home as string, raw.slice(2)) : path.resolve(deps.root, raw);
    if (!out.includes(abs) && fs.existsSync(abs)) out.push(abs);
    if (out.length === MAX_PASTED) break;
  }
  return out;
}

/** Attaches every pasted image or PDF of `text` to `out` (parts and a note each). */
export function attachPasted(text: string, deps: PastedDeps, out: Attachments): void {
  for (const abs of pastedMediaPaths(text, deps)) {
    const real = fs.realpathSync(abs);
    if (!deps.readFilter(real)) {
      out.notes.push(`${abs} not attached: a Read deny rule covers it (/permissions lists the rules)`);
      continue;
    }
    const opened = openRegularSync(real, abs);
    if (!opened.ok) continue;
    try {
      const type = opened.st.size > 0 ? mediaOf(opened.fd) : undefined;
      if (type === undefined) continue;
      const read = readMedia(opened.fd, opened.st.size, type, abs);
      if (!read.ok) out.notes.push(`${abs} not attached: ${read.error}`);
      else {
        out.parts.push(...markAttached(read.parts));
        out.notes.push(`attached ${read.display.replace(/^read /, '')}`);
      }
    } finally {
      fs.closeSync(opened.fd);
    }
  }
}
