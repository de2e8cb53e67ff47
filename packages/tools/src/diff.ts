/** One line of a line diff: kept (' '), removed ('-') or added ('+'). */
export interface DiffOp {
  op: ' ' | '-' | '+';
  line: string;
}

/** Above this many edit steps the middle is reported as one removal plus one addition. */
const MAX_EDIT_STEPS = 2000;

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Myers' O(ND) diff of the middle section, after the common prefix and suffix are stripped. */
function myers(a: string[], b: string[]): DiffOp[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDIT_STEPS);
  const offset = max + 1;
  const v = new Array<number>(2 * max + 3).fill(0);
  const trace: number[][] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x: number;
      if (k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0))) x = v[offset + k + 1] ?? 0;
      else x = (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, offset, d);
    }
  }
  return undefined;
}

function backtrack(trace: number[][], a: string[], b: string[], offset: number, dEnd: number): DiffOp[] {
  const ops: DiffOp[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = dEnd; d > 0; d--) {
    const v = trace[d] ?? [];
    const k = x - y;
    const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK] ?? 0;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push({ op: ' ', line: a[--x] ?? '' });
      y--;
    }
    if (down) ops.push({ op: '+', line: b[--y] ?? '' });
    else ops.push({ op: '-', line: a[--x] ?? '' });
  }
  while (x > 0 && y > 0) {
    ops.push({ op: ' ', line: a[--x] ?? '' });
    y--;
  }
  return ops.reverse();
}

/** A line diff of two texts; always correct, minimal unless the change is very large. */
export function diffLines(before: string, after: string): DiffOp[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const middle = myers(midA, midB) ?? [
    ...midA.map((line): DiffOp => ({ op: '-', line })),
    ...midB.map((line): DiffOp => ({ op: '+', line })),
  ];
  return [
    ...a.slice(0, start).map((line): DiffOp => ({ op: ' ', line })),
    ...middle,
    ...a.slice(endA).map((line): DiffOp => ({ op: ' ', line })),
  ];
}

/** Lines of the diff a write's result carries for front ends (`ToolResult.diff`); the rest is counted. */
export const RESULT_DIFF_MAX_LINES = 2000;

export interface UnifiedDiffOptions {
  /** Context lines around each change. Default 3. */
  context?: number;
  /** Cap on emitted hunk lines; the rest is summarised. Default unlimited. */
  maxLines?: number;
  /** Labels for the `---`/`+++` header; no header when omitted. */
  fromLabel?: string;
  toLabel?: string;
}

/**
 * A unified diff (`@@ -a,b +c,d @@` hunks) of two texts, CR characters dropped for display.
 * Empty string when nothing changed.
 */
export function unifiedDiff(before: string, after: string, opts: UnifiedDiffOptions = {}): string {
  const ctx = opts.context ?? 3;
  const ops = diffLines(before.replace(/\r\n/g, '\n'), after.replace(/\r\n/g, '\n'));
  const changed = ops.map((o, i) => (o.op === ' ' ? -1 : i)).filter((i) => i >= 0);
  if (changed.length === 0) return '';
  const out: string[] = [];
  if (opts.fromLabel !== undefined) out.push(`--- ${opts.fromLabel}`, `+++ ${opts.toLabel ?? opts.fromLabel}`);
  let i = 0;
  while (i < changed.length) {
    const hunkStart = Math.max(0, (changed[i] ?? 0) - ctx);
    let hunkEnd = Math.min(ops.length, (changed[i] ?? 0) + ctx + 1);
    while (i + 1 < changed.length && (changed[i + 1] ?? 0) - ctx <= hunkEnd) {
      i++;
      hunkEnd = Math.min(ops.length, (changed[i] ?? 0) + ctx + 1);
    }
    i++;
    let aLine = 1;
    let bLine = 1;
    for (let j = 0; j < hunkStart; j++) {
      if (ops[j]?.op !== '+') aLine++;
      if (ops[j]?.op !== '-') bLine++;
    }
    const body = ops.slice(hunkStart, hunkEnd);
    const aLen = body.filter((o) => o.op !== '+').length;
    const bLen = body.filter((o) => o.op !== '-').length;
    out.push(`@@ -${aLen === 0 ? aLine - 1 : aLine},${aLen} +${bLen === 0 ? bLine - 1 : bLine},${bLen} @@`);
    for (const o of body) out.push(`${o.op}${o.line}`);
  }
  if (opts.maxLines !== undefined && out.length > opts.maxLines) {
    const cut = out.length - opts.maxLines;
    return [...out.slice(0, opts.maxLines), `… ${cut} more diff lines`].join('\n');
  }
  return out.join('\n');
}
