import { describe, expect, it } from 'vitest';
import { charWidth, textWidth } from './text-width.js';

const cp = (ch: string): number => ch.codePointAt(0) ?? -1;

describe('charWidth', () => {
  it('gives ASCII and Latin letters one column', () => {
    for (const ch of ['a', 'Z', '0', ' ', '~', 'é', 'ß', 'Ω', 'ж']) expect(charWidth(cp(ch)), ch).toBe(1);
  });

  it('gives CJK, Hangul, kana and fullwidth forms two columns', () => {
    for (const ch of ['日', '本', '語', '한', 'ア', 'Ａ', '￥', '〈', 'ᄀ', '𠀀'])
      expect(charWidth(cp(ch)), ch).toBe(2);
  });

  it('gives emoji two columns', () => {
    for (const ch of ['😀', '🚀', '🎉', '🤖', '🧪']) expect(charWidth(cp(ch)), ch).toBe(2);
  });

  it('gives combining marks, zero-width spaces and joiners and variation selectors no column', () => {
    const zero = [0x300, 0x301, 0x36f, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0xfe00, 0xfe0f];
    for (const c of zero) expect(charWidth(c), c.toString(16)).toBe(0);
  });

  it('stops each range at its edge', () => {
    expect(charWidth(0x2ff)).toBe(1);
    expect(charWidth(0x370)).toBe(1);
    expect(charWidth(0x10ff)).toBe(1);
    expect(charWidth(0x1160)).toBe(1);
    expect(charWidth(0xff61)).toBe(1);
    expect(charWidth(0x1f2ff)).toBe(1);
    expect(charWidth(0x1fb00)).toBe(1);
  });
});

describe('textWidth', () => {
  it('adds the columns of each code point', () => {
    expect(textWidth('')).toBe(0);
    expect(textWidth('hello')).toBe(5);
    expect(textWidth('日本')).toBe(4);
    expect(textWidth('ok 🚀')).toBe(5);
  });

  it('counts a surrogate pair once and a combining mark not at all', () => {
    expect(textWidth('😀😀')).toBe(4);
    expect(textWidth('e\u0301')).toBe(1);
    expect(textWidth('a\u200bb')).toBe(2);
    expect(textWidth('❤\ufe0f')).toBe(1);
  });
});
