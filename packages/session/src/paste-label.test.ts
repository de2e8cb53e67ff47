import { describe, expect, it } from 'vitest';
import { pasteLabel, pasteNeedsLabel } from './paste-label.js';

describe('pasteLabel', () => {
  it('names the line count, and the paste number from the second paste of a message', () => {
    expect(pasteLabel(30, 1)).toBe('[pasted 30 lines]');
    expect(pasteLabel(1, 1)).toBe('[pasted 1 line]');
    expect(pasteLabel(2, 2)).toBe('[pasted 2 lines #2]');
  });
});

describe('pasteNeedsLabel', () => {
  it('types in one plain line, tabs included', () => {
    expect(pasteNeedsLabel('one line')).toBe(false);
    expect(pasteNeedsLabel('a\tb')).toBe(false);
    expect(pasteNeedsLabel('')).toBe(false);
  });

  it('labels more than one line, and any control character', () => {
    expect(pasteNeedsLabel('a\nb')).toBe(true);
    expect(pasteNeedsLabel('clear\x1b[2J')).toBe(true);
    expect(pasteNeedsLabel('bell\x07')).toBe(true);
    expect(pasteNeedsLabel('c1\x9b')).toBe(true);
    expect(pasteNeedsLabel('del\x7f')).toBe(true);
  });
});
