import type { SessionEvent } from '@coding-harness/protocol';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { visibleWidth, wrapAnsi } from './ansi-wrap.js';
import { loadMarkdown } from './markdown.js';
import { markdownLine } from './markdown-line.js';
import { fitColumns, markdownTable, tableCells } from './markdown-table.js';
import { createEventRenderer } from './render.js';
import { createTextStream } from './text-stream.js';

const kit = loadMarkdown();
if (!kit) throw new Error('marked and marked-terminal must load in the tests');
const color = pc.createColors(true);
const plain = pc.createColors(false);
const strip = (s: string): string => s.replace(/\x1b\[[0-9;]*m/g, '');

describe('the REPL draws streamed text a line at a time', () => {
  it('a line goes out when it ends, not per delta and not per paragraph; a fence and a table when their block ends', () => {
    const r = createEventRenderer({
      colors: plain,
      text: 'stream',
      toolLines: true,
      markdown: { kit, width: () => 80 },
    });
    const drawn = (text: string): string =>
      r({ type: 'text_delta', text } as SessionEvent)
        .map((c) => c.text)
        .join('');
    expect(drawn('# Ti')).toBe('');
    expect(drawn('tle\nSome **bo')).toBe('Title\n');
    expect(drawn('ld** text')).toBe('');
    expect(drawn(' goes on.\nand a second line')).toBe('Some bold text goes on.\n');
    expect(drawn(' of the paragraph\n\n```ts\nconst x')).toBe('and a second line of the paragraph\n\n');
    expect(drawn(' = 1;\n\ny\n')).toBe('');
    expect(drawn('```\n')).toBe('  const x = 1;\n  \n  y\n');
    expect(drawn('| a | b |\n|---|---|\n| 1 | 2 |\n')).toBe('');
    expect(drawn('after')).toBe('┌───┬───┐\n│ a │ b │\n├───┼───┤\n│ 1 │ 2 │\n└───┴───┘\n');
    const end = r({
      type: 'message_end',
      message: { role: 'assistant', content: [{ type: 'text', text: '' }] },
      stopReason: 'end_turn',
    } as SessionEvent);
    expect(end.map((c) => c.text).join('')).toBe('after\n');
  });

  it('a line with a | that starts no table is drawn with the next line; an unclosed fence is still code at the end', () => {
    const s = createTextStream({ colors: plain, width: () => 80, kit: () => kit });
    expect(s.push('use `a | b` or a | b here\n')).toBe('');
    expect(s.push('next\n```sh\nls\n')).toBe('use `a | b` or a | b here\nnext\n');
    expect(s.end()).toBe('  ls\n');
  });

  it('without the kit, lines are still drawn whole and wrapped at words', () => {
    const s = createTextStream({ colors: plain, width: () => 20, kit: () => undefined });
    expect(s.push('the quick brown fox jumps over the lazy dog\n')).toBe(
      'the quick brown fox\njumps over the lazy\ndog\n',
    );
  });
});

describe('one line of markdown', () => {
  it('styles inline marks in list items too, keeps an ordered item its number, drops the #s', () => {
    const item = markdownLine('* run `npm test` and **check** it', kit, color, 80);
    expect(strip(item)).toBe('• run npm test and check it\n');
    expect(item).toContain(color.yellow('npm test'));
    expect(item).toContain(color.bold('check'));
    expect(strip(markdownLine('2. second', kit, color, 80))).toBe('2. second\n');
    expect(strip(markdownLine('  - nested', kit, color, 80))).toBe('  • nested\n');
    expect(strip(markdownLine('## The *plan*', kit, color, 80))).toBe('The plan\n');
    expect(strip(markdownLine('> quoted', kit, color, 80))).toBe('│ quoted\n');
    expect(strip(markdownLine('see [docs](https://x.y/z) &amp; more', kit, color, 80))).toBe(
      'see docs (https://x.y/z) & more\n',
    );
  });

  it('wraps at words with a hanging indent, never wider than the terminal', () => {
    const rows = strip(
      markdownLine('- a list item whose text is long enough to wrap over several rows here', kit, color, 30),
    )
      .replace(/\n$/, '')
      .split('\n');
    expect(rows).toEqual(['• a list item whose text is', '  long enough to wrap over', '  several rows here']);
  });

  it('without colours keeps the structure and the backticks of code, and writes no escape', () => {
    const out = markdownLine('* run `npm test` and **check** it', kit, plain, 80);
    expect(out).toBe('• run `npm test` and check it\n');
    expect(out).not.toContain('\x1b');
  });
});

describe('a table fitted to the width', () => {
  const rows = [
    '| file | what changed | why it matters |',
    '|---|:---:|---:|',
    '| src/parser.ts | the tokenizer now splits on runs of whitespace instead of single spaces | the failing test 13 passes |',
    '| README.md | a note | none |',
  ];

  for (const width of [60, 120]) {
    it(`at ${width} columns: every row fits, the box is whole, no word is cut`, () => {
      const lines = strip(markdownTable(rows, kit, color, width))
        .replace(/\n$/, '')
        .split('\n');
      for (const l of lines) expect(visibleWidth(l)).toBeLessThanOrEqual(width);
      expect(lines[0]).toMatch(/^┌─+┬─+┬─+┐$/);
      expect(lines.at(-1)).toMatch(/^└─+┴─+┴─+┘$/);
      for (const l of lines.slice(1, -1)) expect(l).toMatch(/^[│├].*[│┤]$/);
      const text = lines.join(' ');
      for (const word of rows.slice(2).flatMap((r) => tableCells(r).join(' ').split(/\s+/)))
        expect(text).toContain(word);
    });
  }

  it('keeps natural widths when the table fits, and shares the room fairly when it does not', () => {
    expect(fitColumns([3, 4], 20)).toEqual([3, 4]);
    expect(fitColumns([5, 40, 60], 45)).toEqual([5, 20, 20]);
    expect(fitColumns([10, 10], 9)).toEqual([5, 4]);
  });

  it('too narrow for a box: header: value lines', () => {
    const out = strip(markdownTable(rows, kit, plain, 20));
    expect(out.split('\n').slice(0, 2)).toEqual(['file: src/parser.ts', 'what changed: the']);
  });
});

describe('wrapping styled text', () => {
  it('counts columns without escapes, closes a style at a break and opens it again after the indent', () => {
    const text = `plain ${pc.createColors(true).bold('bold words that wrap')} end`;
    const rows = wrapAnsi(text, 16, '', '  ');
    expect(rows.map(strip)).toEqual(['plain bold words', '  that wrap end']);
    expect(rows[0]!.endsWith('\x1b[0m')).toBe(true);
    expect(rows[1]!.startsWith('  \x1b[1m')).toBe(true);
  });

  it('counts wide characters as two columns and cuts a word only when it is wider than a row', () => {
    expect(wrapAnsi('日本語 text', 6)).toEqual(['日本語', 'text']);
    expect(wrapAnsi('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('sanitizes after rendering too: a bidi override or ESC decoded from an entity never reaches the terminal, colours do', () => {
    const r = createEventRenderer({
      colors: pc.createColors(false),
      text: 'stream',
      toolLines: true,
      markdown: { kit, width: () => 80 },
    });
    const text = 'safe &#x202E;txt.exe &#27;[2J **bold** &#8238;\n';
    const out = [
      { type: 'text_delta', text } as SessionEvent,
      {
        type: 'message_end',
        message: { role: 'assistant', content: [{ type: 'text', text }] },
        stopReason: 'end_turn',
      } as SessionEvent,
    ]
      .flatMap((e) => r(e).map((c) => c.text))
      .join('');
    expect(out).not.toMatch(/[\u202e\u202a-\u202d\u2066-\u2069]/);
    expect(out).not.toMatch(/\x1b(?!\[[0-9;]*m)/);
    // marked's lexer decodes the entity; the sanitizing after layout shows it as an escape.
    expect(out).toContain('safe \\u202etxt.exe');
  });
});
