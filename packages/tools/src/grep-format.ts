import path from 'node:path';
import { readRegularTextSync } from './safe-open.js';
import type { FileHits } from './grep-types.js';
import type { SearchScope } from './search-scope.js';

/** Files listed by one grep call in files and count mode. */
export const GREP_FILE_CAP = 100;
/** Output lines in content mode. */
export const GREP_LINE_CAP = 250;
const LINE_CHARS = 500;

function clean(text: string): string {
  const t = text.endsWith('\r') ? text.slice(0, -1) : text;
  return t.length > LINE_CHARS ? `${t.slice(0, LINE_CHARS)} … [${t.length - LINE_CHARS} more characters]` : t;
}

/** Sorted by path (code-unit order) so both engines print the same bytes. */
export function sortHits(files: FileHits[]): FileHits[] {
  return [...files].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

export function formatFiles(files: FileHits[], scope: SearchScope, cap = GREP_FILE_CAP): string {
  const shown = files.slice(0, cap).map((f) => scope.show(f.rel));
  const rest = files.length - shown.length;
  return (
    shown.join('\n') +
    (rest > 0 ? `\n… and ${rest} more files (${files.length} in all); narrow the pattern, path or glob.` : '')
  );
}

export function formatCount(files: FileHits[], scope: SearchScope, cap = GREP_FILE_CAP): string {
  const total = files.reduce((n, f) => n + f.lines.length, 0);
  const shown = files.slice(0, cap).map((f) => `${scope.show(f.rel)}:${f.lines.length}`);
  const rest = files.length - shown.length;
  const more = rest > 0 ? `\n… and ${rest} more files` : '';
  return `${shown.join('\n')}${more}\n\n${total} matching lines in ${files.length} files.`;
}

/** Files larger than this show no context lines (the matching lines still show). */
const CONTEXT_MAX_BYTES = 16 * 1024 * 1024;

function fileLines(scope: SearchScope, rel: string): string[] {
  const text = readRegularTextSync(path.join(scope.base, rel), CONTEXT_MAX_BYTES);
  if (text === undefined) return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * `path:line:text` for matches and `path-line-text` for context lines, `--` between groups,
 * capped at `cap` lines with a count of the matching lines left out.
 */
export function formatContent(files: FileHits[], scope: SearchScope, context: number, cap = GREP_LINE_CAP): string {
  const out: string[] = [];
  let shownMatches = 0;
  const total = files.reduce((n, f) => n + f.lines.length, 0);
  outer: for (const f of files) {
    const name = scope.show(f.rel);
    if (context === 0) {
      for (const hit of f.lines) {
        if (out.length >= cap) break outer;
        out.push(`${name}:${hit.n}:${clean(hit.text)}`);
        shownMatches++;
      }
      continue;
    }
    const all = fileLines(scope, f.rel);
    const matched = new Set(f.lines.map((h) => h.n));
    let last = -1;
    for (const hit of f.lines) {
      const from = Math.max(1, hit.n - context, last + 1);
      const to = Math.min(all.length || hit.n, hit.n + context);
      if (out.length > 0 && from > last + 1) out.push('--');
      for (let n = from; n <= to; n++) {
        if (out.length >= cap) break outer;
        const isMatch = matched.has(n);
        out.push(`${name}${isMatch ? ':' : '-'}${n}${isMatch ? ':' : '-'}${clean(all[n - 1] ?? hit.text)}`);
        if (isMatch) shownMatches++;
      }
      last = Math.max(last, to);
    }
  }
  const rest = total - shownMatches;
  return (
    out.join('\n') +
    (rest > 0
      ? `\n… ${rest} more matching lines not shown (${total} in all); narrow the search or use output "files".`
      : '')
  );
}
