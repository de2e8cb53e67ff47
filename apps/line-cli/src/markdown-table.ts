/**
 * A markdown table drawn in a box that fits the terminal: columns keep their natural width when
 * the table fits, and otherwise the widest ones give up room (each column gets an equal share,
 * columns needing less keep theirs and leave the rest to the others), their cells wrapped at
 * words. When not even {@link MIN_COLUMN} columns a cell fit, each row is drawn as `header: value` lines.
 */
import { visibleWidth, wrapAnsi } from './ansi-wrap.js';
import type { Colors } from './colors.js';
import { inlineText } from './markdown-line.js';
import type { MarkdownLexer } from './markdown-line.js';

type Align = 'left' | 'right' | 'center';

/** The narrowest a column may get in a box; a table needing less per column is drawn as records. */
export const MIN_COLUMN = 6;

/** The cells of one table row: split at `|` outside code spans and not escaped, the outer pipes dropped. */
export function tableCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let code = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '\\' && line[i + 1] === '|') {
      cell += '|';
      i++;
      continue;
    }
    if (ch === '`') {
      let run = 0;
      while (line[i + run] === '`') run++;
      code = code === 0 ? run : code === run ? 0 : code;
      cell += '`'.repeat(run);
      i += run - 1;
      continue;
    }
    if (ch === '|' && code === 0) {
      cells.push(cell);
      cell = '';
      continue;
    }
    cell += ch;
  }
  cells.push(cell);
  const trimmed = line.trim();
  if (trimmed.startsWith('|')) cells.shift();
  if (trimmed.endsWith('|') && !trimmed.endsWith('\\|') && cells.length > 0) cells.pop();
  return cells.map((c) => c.trim());
}

/** True for a table's delimiter row (`|---|:---:|`). */
export function isDelimiterRow(line: string): boolean {
  const cells = tableCells(line);
  return cells.length > 0 && cells.every((c) => /^:?-+:?$/.test(c));
}

/**
 * Column widths that fit `room` columns of text: natural widths when they fit, else a fair share
 * (water-filling): columns narrower than the share keep their width, the rest split what is left.
 */
export function fitColumns(natural: readonly number[], room: number): number[] {
  if (natural.reduce((a, b) => a + b, 0) <= room) return [...natural];
  const widths = natural.map(() => 0);
  let open = natural.map((_, i) => i);
  let left = room;
  for (;;) {
    const share = Math.floor(left / open.length);
    const small = open.filter((i) => natural[i]! <= share);
    if (small.length === 0) {
      for (const [k, i] of open.entries()) widths[i] = share + (k < left - share * open.length ? 1 : 0);
      return widths;
    }
    for (const i of small) {
      widths[i] = natural[i]!;
      left -= natural[i]!;
    }
    open = open.filter((i) => !small.includes(i));
    if (open.length === 0) return widths;
  }
}

function pad(text: string, width: number, align: Align): string {
  const gap = Math.max(0, width - visibleWidth(text));
  if (align === 'right') return ' '.repeat(gap) + text;
  if (align === 'center') return ' '.repeat(Math.floor(gap / 2)) + text + ' '.repeat(gap - Math.floor(gap / 2));
  return text + ' '.repeat(gap);
}

/** The table's lines (header, delimiter, rows) drawn to at most `width` columns, a line break at the end. */
export function markdownTable(lines: readonly string[], lexer: MarkdownLexer, c: Colors, width: number): string {
  const [head = '', delimiter = '', ...body] = lines;
  const header = tableCells(head);
  const n = header.length;
  const aligns: Align[] = tableCells(delimiter).map((d) =>
    d.startsWith(':') && d.endsWith(':') ? 'center' : d.endsWith(':') ? 'right' : 'left',
  );
  const styled = (cell: string): string => inlineText(lexer.lexInline(cell), c);
  const rows = [header, ...body.map(tableCells)].map((cells, r) =>
    Array.from({ length: n }, (_, i) => {
      const text = styled(cells[i] ?? '');
      return r === 0 ? c.bold(text) : text;
    }),
  );
  const room = width - (3 * n + 1);
  if (room < MIN_COLUMN * n) return records(rows, width);
  const natural = Array.from({ length: n }, (_, i) => Math.max(1, ...rows.map((row) => visibleWidth(row[i]!))));
  const widths = fitColumns(natural, room);
  const rule = (l: string, m: string, r: string): string =>
    c.dim(`${l}${widths.map((w) => '─'.repeat(w + 2)).join(m)}${r}`);
  const out = [rule('┌', '┬', '┐')];
  for (const [r, row] of rows.entries()) {
    const cells = row.map((text, i) => wrapAnsi(text, widths[i]!));
    const height = Math.max(...cells.map((rowsOf) => rowsOf.length));
    for (let k = 0; k < height; k++) {
      const parts = cells.map((rowsOf, i) => ` ${pad(rowsOf[k] ?? '', widths[i]!, aligns[i] ?? 'left')} `);
      out.push(`${c.dim('│')}${parts.join(c.dim('│'))}${c.dim('│')}`);
    }
    if (r === 0) out.push(rule('├', '┼', '┤'));
  }
  out.push(rule('└', '┴', '┘'));
  return `${out.join('\n')}\n`;
}

/** Too narrow for a box: each row as `header: value` lines, a blank line between rows. */
function records(rows: readonly string[][], width: number): string {
  const [header = [], ...body] = rows;
  const blocks = body.map((row) =>
    row.flatMap((cell, i) => wrapAnsi(`${header[i] ?? ''}: ${cell}`, width, '', '  ')).join('\n'),
  );
  return `${blocks.join('\n\n')}\n`;
}
