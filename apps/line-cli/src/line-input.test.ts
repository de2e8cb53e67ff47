import { EventEmitter } from 'node:events';
import type { Interface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { pasteLabel } from '@coding-harness/session';
import { MessageInput, normalizeLineEnds } from './line-input.js';

/** A stand-in for readline: records what is typed into it and emits lines on demand. */
function fakeReadline() {
  const rl = new EventEmitter() as EventEmitter & { typed: string[]; write(s: string | null, key?: unknown): void };
  rl.typed = [];
  rl.write = (s, key) => {
    if (s !== null) rl.typed.push(s);
    else if ((key as { name?: string }).name === 'return') rl.emit('line', rl.typed.splice(0).join(''));
  };
  return rl;
}

function setUp() {
  const rl = fakeReadline();
  const input = new EventEmitter();
  const readlineKeys: string[] = [];
  input.on('keypress', (s: string) => readlineKeys.push(s));
  const messages: string[] = [];
  let continued = 0;
  new MessageInput({
    rl: rl as unknown as Interface,
    input: input as unknown as NodeJS.ReadableStream,
    tty: true,
    onMessage: (m) => messages.push(m),
    onContinue: () => void (continued += 1),
  });
  const press = (s: string | undefined, key: Record<string, unknown>) => input.emit('keypress', s, key);
  const paste = (text: string) => {
    press(undefined, { name: 'paste-start' });
    for (const ch of text) press(ch, { sequence: ch, name: ch === '\r' ? 'return' : undefined });
    press(undefined, { name: 'paste-end' });
  };
  return { rl, press, paste, messages, readlineKeys, continued: () => continued };
}

describe('messages from readline', () => {
  it('labels a multi-line paste, keeps it from readline, and sends the text in its place', () => {
    const t = setUp();
    t.paste('a\r\nb\rc\n');
    expect(t.readlineKeys).toEqual([]);
    expect(t.rl.typed).toEqual(['[pasted 3 lines]']);
    t.rl.emit('line', 'see [pasted 3 lines] please');
    expect(t.messages).toEqual(['see a\nb\nc please']);
  });

  it('types a one-line paste in as it is, but labels one holding a control character', () => {
    const t = setUp();
    t.paste('plain words');
    expect(t.rl.typed).toEqual(['plain words']);
    t.rl.typed.length = 0;
    t.paste('evil\x1b[2J');
    expect(t.rl.typed).toEqual(['[pasted 1 line]']);
    t.rl.emit('line', '[pasted 1 line]');
    expect(t.messages).toEqual(['evil\x1b[2J']);
  });

  it('Alt-Enter and a trailing backslash continue the message; other keys reach readline', () => {
    const t = setUp();
    t.press('x', { name: 'x', sequence: 'x' });
    expect(t.readlineKeys).toEqual(['x']);
    t.rl.typed.push('first');
    t.press('\x1b\r', { name: 'return', meta: true });
    expect(t.continued()).toBe(1);
    t.rl.emit('line', 'second\\');
    expect(t.continued()).toBe(2);
    t.rl.emit('line', 'third');
    expect(t.messages).toEqual(['first\nsecond\nthird']);
  });

  it('names pastes and line ends as documented', () => {
    expect(pasteLabel(30, 1)).toBe('[pasted 30 lines]');
    expect(pasteLabel(2, 2)).toBe('[pasted 2 lines #2]');
    expect(normalizeLineEnds('a\r\nb\rc\nd')).toBe('a\nb\nc\nd');
  });
});
