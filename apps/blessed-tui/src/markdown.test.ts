import { describe, expect, it } from 'vitest';
import { FakeSession } from './fake-session.js';
import { fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { markdown } from './layout.js';
import { inlineBold } from './markdown.js';
import { Theme } from './theme.js';

const rows = (text: string, width = 80) => markdown(text, width).map((l) => [l.style, l.text]);

describe('markdown in replies', () => {
  it('headings are bold without their #, bullets are •, quotes and rules are set apart', () => {
    expect(rows('# Plan\n- read the file\n  * then edit\n> note this\n---\n1. first')).toEqual([
      ['heading', 'Plan'],
      ['assistant', '• read the file'],
      ['assistant', '  • then edit'],
      ['dim', '│ note this'],
      ['fence', '─'.repeat(40)],
      ['assistant', '1. first'],
    ]);
  });

  it('**bold** and __bold__ lose their markers and become bold spans; inline code keeps its text', () => {
    expect(inlineBold('a **big** and __bold__ `x**y**` end')).toEqual({
      plain: 'a big and bold `x**y**` end',
      bold: [
        [2, 5],
        [10, 14],
      ],
    });
    const [line] = markdown('Run **npm test** now', 80);
    expect(line?.text).toBe('Run npm test now');
    expect(line?.spans).toEqual([
      { text: 'Run ', style: 'assistant' },
      { text: 'npm test', style: 'strong' },
      { text: ' now', style: 'assistant' },
    ]);
    expect(new Theme(false).line(line!)).toBe('Run {bold}npm test{/bold} now');
    expect(inlineBold('2 ** 3 and a*b*c').plain).toBe('2 ** 3 and a*b*c');
  });

  it('a bold part that wraps stays bold on both rows', () => {
    const lines = markdown('aaaa **bbbb cccc** dddd', 10);
    expect(lines.map((l) => l.text)).toEqual(['aaaa bbbb', 'cccc dddd']);
    expect(lines[0]?.spans?.at(-1)).toEqual({ text: 'bbbb', style: 'strong' });
    expect(lines[1]?.spans?.[0]).toEqual({ text: 'cccc', style: 'strong' });
  });

  it('nothing is parsed inside a code fence', () => {
    expect(rows('```md\n# not a heading\n- **x**\n```')).toEqual([
      ['fence', '┌ md'],
      ['code', '│ # not a heading'],
      ['code', '│ - **x**'],
      ['fence', '└'],
    ]);
  });

  it('on the screen: bold is bold (SGR 1), the markers are gone; model text with tags stays text', async () => {
    const t = await fakeTerminal(new FakeSession());
    await t.type('say **loud** {bold}');
    await t.press(KEY.enter);
    await t.see('You said: say loud {bold}');
    expect(t.written()).toMatch(/\x1b\[1m(?:\x1b\[[0-9;]*m)*loud/);
    await t.press(KEY.ctrlC, KEY.ctrlC);
    await t.exit;
  });
});
