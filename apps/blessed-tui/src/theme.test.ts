import { describe, expect, it } from 'vitest';
import { Theme } from './theme.js';

const toolLine = { text: '● bash: npm test', style: 'tool' as const };

describe('theme', () => {
  it('tool lines are bright blue where the terminal has 16 colours or more, bold where it has 8 (plain blue is unreadable on black)', () => {
    expect(new Theme(false).line(toolLine)).toBe('{light-blue-fg}● bash: npm test{/light-blue-fg}');
    expect(new Theme(false, 16).line(toolLine)).toBe('{light-blue-fg}● bash: npm test{/light-blue-fg}');
    expect(new Theme(false, 8).line(toolLine)).toBe('{bold}● bash: npm test{/bold}');
  });

  it('gray (thinking, dim lines) is gray where it can be, and the default colour where gray would be black', () => {
    expect(new Theme(false).line({ text: '∴ hmm', style: 'thinking' })).toBe('{gray-fg}∴ hmm{/gray-fg}');
    expect(new Theme(false, 8).line({ text: '∴ hmm', style: 'thinking' })).toBe('∴ hmm');
    expect(new Theme(false, 8).wrap('gray-fg', 'hint')).toBe('hint');
  });

  it('diff lines are green and red; NO_COLOR drops colours but keeps bold', () => {
    expect(new Theme(false).line({ text: '+new', style: 'add' })).toBe('{green-fg}+new{/green-fg}');
    expect(new Theme(false).line({ text: '-old', style: 'del' })).toBe('{red-fg}-old{/red-fg}');
    expect(new Theme(true).line(toolLine)).toBe('● bash: npm test');
    expect(new Theme(true).line({ text: 'me', style: 'user' })).toBe('{bold}me{/bold}');
  });

  it('no text is yellow, cyan or plain blue (unreadable on a light or a dark background)', () => {
    const styles = [
      'plain',
      'user',
      'assistant',
      'code',
      'fence',
      'thinking',
      'tool',
      'toolError',
      'output',
      'approval',
      'notice',
      'error',
      'info',
      'dim',
      'add',
      'del',
      'hunk',
    ] as const;
    for (const colours of [8, 256])
      for (const style of styles)
        expect(new Theme(false, colours).line({ text: 'x', style })).not.toMatch(/\{(yellow|cyan|blue)-fg\}/);
  });

  it('a line holding tags or escapes is shown as typed', () => {
    expect(new Theme(false).line({ text: '{bold}x\x1b[2J', style: 'assistant' })).toBe('{open}bold{close}x\\x1b[2J');
  });
});
