import { describe, expect, it } from 'vitest';
import { ctrlKey, editKey, emptyInput, setText, type InputState } from './input-state.js';

const type = (s: InputState, text: string) => [...text].reduce((st, ch) => editKey(st, ch, ch).state, s);

describe('input editing', () => {
  it('Enter submits the text and records it in history', () => {
    const r = editKey(type(emptyInput(), 'hello'), 'return', '\r');
    expect(r.submit).toBe('hello');
    expect(r.state.text).toBe('');
    expect(r.state.history).toEqual(['hello']);
  });

  it('backslash then Enter continues on a new line', () => {
    const r = editKey(type(emptyInput(), 'one\\'), 'return', '\r');
    expect(r.submit).toBeUndefined();
    expect(type(r.state, 'two').text).toBe('one\ntwo');
  });

  it('Alt-Enter and Ctrl-J insert a newline', () => {
    expect(editKey(type(emptyInput(), 'a'), 'return', '\r', true).state.text).toBe('a\n');
    expect(editKey(type(emptyInput(), 'a'), 'linefeed', '\n').state.text).toBe('a\n');
  });

  it('Up and Down walk the history and come back to the draft', () => {
    let s = emptyInput(['first', 'second']);
    s = type(s, 'draft');
    s = editKey(s, 'up', undefined).state;
    expect(s.text).toBe('second');
    s = editKey(s, 'up', undefined).state;
    expect(s.text).toBe('first');
    s = editKey(s, 'down', undefined).state;
    s = editKey(s, 'down', undefined).state;
    expect(s.text).toBe('draft');
  });

  it('Up inside multi-line text moves between lines before reaching history', () => {
    let s = setText(emptyInput(['old']), 'ab\ncd');
    s = editKey(s, 'up', undefined).state;
    expect(s.text).toBe('ab\ncd');
    expect(s.cursor).toBe(2);
  });

  it('cursor keys, backspace and Ctrl editing', () => {
    let s = type(emptyInput(), 'helo');
    s = editKey(s, 'left', undefined).state;
    s = type(s, 'l');
    expect(s.text).toBe('hello');
    s = editKey(s, 'backspace', undefined).state;
    expect(s.text).toBe('helo');
    expect(ctrlKey(type(emptyInput(), 'two words'), 'C-w')?.text).toBe('two ');
    expect(ctrlKey(type(emptyInput(), 'gone'), 'C-u')?.text).toBe('');
    expect(ctrlKey(emptyInput(), 'C-z')).toBeUndefined();
  });

  it('a blank submit is not recorded', () => {
    expect(editKey(emptyInput(), 'return', '\r').state.history).toEqual([]);
  });
});
