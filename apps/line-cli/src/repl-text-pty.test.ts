/**
 * The model's text in the REPL on real terminals of 60 and 120 columns (tmux): a line is drawn
 * as soon as it ends, while the rest of the reply is still coming (a proxy holds the stream back);
 * lines are wrapped at words by the REPL (the terminal never has to wrap one) and a table is
 * fitted to the width.
 */
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock } from './test-support/cli.js';
import { holdProxy } from './test-support/hold-proxy.js';
import type { HoldProxy } from './test-support/hold-proxy.js';
import { killTmuxServers, onTmux } from './test-support/tmux.js';

const proxies: HoldProxy[] = [];
afterEach(async () => {
  killTmuxServers();
  for (const p of proxies.splice(0)) await p.close();
  await cleanup();
});

const READY = '/help for commands';

const PARAGRAPH =
  'The parser splits its input on runs of whitespace, so a trailing space no longer leaves an empty token at the end of the list, which is what test thirteen checked.';
const ITEM = 'the `trim()` helper now runs **before** the tokenizer sees the line, for every caller of parse';
const REPLY = [
  'Done: the failing case passes.',
  PARAGRAPH,
  '',
  `- ${ITEM}`,
  '',
  '| file | what changed | why it matters |',
  '|---|---|---|',
  '| src/parser.ts | the tokenizer splits on runs of whitespace instead of single spaces | test thirteen passes again |',
  '| README.md | a note | none |',
  '',
  'All four tests pass.',
].join('\n');

/** The words of `text` in order, markdown marks dropped. */
const wordsOf = (text: string): string[] => text.replace(/[`*]/g, '').split(/\s+/).filter(Boolean);

for (const cols of [60, 120]) {
  describe(`the REPL's text at ${cols} columns (tmux)`, () => {
    it('draws each line when it ends, while the rest is still streaming', async () => {
      const box = makeSandbox();
      const server = await mock(new ScriptBuilder().text(REPLY).build());
      const proxy = await holdProxy(server.url);
      proxies.push(proxy);
      const env = { ...childEnv(box, server), ANTHROPIC_BASE_URL: proxy.url };
      const term = onTmux(box.root, ['-C', box.work], env, `stream${cols}`, { cols, rows: 40 });
      await term.waitFor(READY);
      term.keys('-l', 'fix it');
      term.keys('Enter');
      // The first line ended in a delta the proxy let through; the paragraph after it did not end.
      await term.waitFor('Done: the failing case passes.');
      // The spinner sits under it while the next line streams.
      const early = await term.waitFor('esc to cancel');
      expect(proxy.holding).toBe(true);
      expect(early).toContain('Done: the failing case passes.');
      expect(early).not.toContain('The parser');
      proxy.release();
      await term.waitFor('All four tests pass.');
    });

    it('wraps at words (the terminal never wraps a line) and fits the table into the width', async () => {
      const box = makeSandbox();
      const server = await mock(new ScriptBuilder().text(REPLY).build());
      const term = onTmux(box.root, ['-C', box.work], childEnv(box, server), `wrap${cols}`, { cols, rows: 60 });
      await term.waitFor(READY);
      term.keys('-l', 'fix it');
      term.keys('Enter');
      await term.waitFor('tokens in');
      // -J joins the rows the terminal wrapped: every line the REPL drew fits the width.
      const joined = term.screen().split('\n');
      const at = joined.findIndex((l) => l.includes('Done: the failing case'));
      const answer = joined.slice(at, joined.findIndex((l) => l.includes('All four tests pass.')) + 1);
      for (const line of answer) expect([...line].length).toBeLessThanOrEqual(cols);
      // Its rows, read back in order, hold every word whole.
      const rows = term.rows();
      const start = rows.findIndex((l) => l.startsWith('The parser'));
      const paragraph = rows.slice(
        start,
        rows.findIndex((l, i) => i > start && l.trim() === ''),
      );
      expect(wordsOf(paragraph.join(' '))).toEqual(wordsOf(PARAGRAPH));
      if (cols === 60) expect(paragraph.length).toBeGreaterThan(1);
      const item = rows.slice(start + paragraph.length + 1).findIndex((l) => l.startsWith('• '));
      const itemRows = rows.slice(start + paragraph.length + 1 + item).filter((l, i) => i === 0 || l.startsWith('  '));
      expect(wordsOf(itemRows.join(' ').replace(/^• /, ''))).toEqual(wordsOf(ITEM.replace(/\s+/g, ' ')));
      // The table: a whole box, no row wider than the terminal, every cell's words whole.
      const top = rows.findIndex((l) => l.startsWith('┌'));
      const bottom = rows.findIndex((l) => l.startsWith('└'));
      expect(top).toBeGreaterThan(0);
      const box3 = rows.slice(top, bottom + 1);
      for (const l of box3) {
        expect([...l].length).toBeLessThanOrEqual(cols);
        expect(l).toMatch(/^[┌│├└].*[┐│┤┘]$/);
      }
      const cells = box3.join(' ').replace(/[─┌┐└┘├┤┬┴┼│]/g, ' ');
      for (const word of wordsOf(
        'the tokenizer splits on runs of whitespace instead of single spaces test thirteen passes',
      ))
        expect(cells.split(/\s+/)).toContain(word);
    });
  });
}
