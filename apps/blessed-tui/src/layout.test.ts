import { describe, expect, it } from 'vitest';
import { layoutTranscript, markdown } from './layout.js';
import { freshView } from './test-events.test.helper.js';
import { textWidth } from '@coding-harness/session/text-width';
import { wrapLine } from './wrap.js';

describe('layout', () => {
  it('wraps at the width, at spaces when it can', () => {
    expect(wrapLine('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc']);
    expect(wrapLine('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('counts wide characters as two columns', () => {
    expect(textWidth('日本')).toBe(4);
    expect(wrapLine('日本語です', 4)).toEqual(['日本', '語で', 'す']);
  });

  it('sets fenced code apart from prose', () => {
    const lines = markdown('Look:\n```ts\nconst x = 1;\n```\ndone', 80);
    expect(lines.map((l) => [l.style, l.text])).toEqual([
      ['assistant', 'Look:'],
      ['fence', '┌ ts'],
      ['code', '│ const x = 1;'],
      ['fence', '└'],
      ['assistant', 'done'],
    ]);
  });

  it('shows terminal escape sequences in model text as visible escapes, never raw', () => {
    const state = {
      ...freshView(),
      streaming: 'red \x1b[31mtext\x1b[0m\rgone',
    };
    expect(layoutTranscript(state, 80).slice(0, 1)[0]?.text).toBe('red \\x1b[31mtext\\x1b[0m\\rgone');
  });

  it("names a tool once, whether or not the agent's summary already starts with its name", () => {
    const tool = (name: string, summary: string) => ({
      kind: 'tool' as const,
      id: name,
      name,
      callKind: 'read' as const,
      summary,
      forced: false,
      state: 'running' as const,
      display: '',
      content: '',
      expanded: false,
    });
    const state = {
      ...freshView(),
      items: [tool('read_file', 'read_file greet.txt'), tool('bash', 'bash: sleep 30'), tool('edit_file', 'a.ts')],
    };
    expect(
      layoutTranscript(state, 80)
        .slice(0, 3)
        .map((l) => l.text),
    ).toEqual(['● read_file greet.txt', '● bash: sleep 30', '● edit_file a.ts']);
  });

  it('slices any window of a long transcript', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `line ${i}`).join('\n');
    const state = {
      ...freshView(),
      items: [{ kind: 'info' as const, text }],
    };
    const layout = layoutTranscript(state, 80);
    expect(layout.total).toBe(5000);
    expect(layout.slice(4990, 24).map((l) => l.text)).toEqual(Array.from({ length: 10 }, (_, i) => `line ${4990 + i}`));
  });
});

describe('layout: following the bottom', () => {
  it('tail returns the last lines, across items and the live stream', () => {
    const state = {
      ...freshView(),
      items: [{ kind: 'info' as const, text: 'a\nb\nc' }],
      streaming: 'd\ne',
    };
    const layout = layoutTranscript(state, 80);
    expect(layout.tail(3).map((l) => l.text)).toEqual(['c', 'd', 'e']);
    expect(layout.tail(10).map((l) => l.text)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(layout.total).toBe(5);
  });
});
