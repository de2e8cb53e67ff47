import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { EarlyInput, type KeyInput } from './early-input.js';
import { FakeSession } from './fake-session.js';
import { eventually, fakeTerminal, KEY } from './fake-terminal.test.helper.js';

function tty(): PassThrough & KeyInput & { modes: boolean[] } {
  const modes: boolean[] = [];
  return Object.assign(new PassThrough(), { modes, setRawMode: (raw: boolean) => modes.push(raw) });
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('EarlyInput (keys typed while the session starts)', () => {
  it('switches to raw mode at once and hands over what was typed, a cooked \\n read as Enter', async () => {
    const input = tty();
    const early = new EarlyInput(input, () => undefined);
    early.start();
    expect(input.modes).toEqual([true]);
    input.write('hel');
    input.write('lo\n'); // typed before raw mode took effect: the terminal turned Enter into \n
    input.write('ü\r');
    await tick();
    expect(early.handOver().toString()).toBe('hello\rü\r');
    expect(input.modes).toEqual([true]); // the screen keeps raw mode
    expect(input.listenerCount('data')).toBe(0);
    early.stop();
    expect(input.modes).toEqual([true]);
  });

  it('stop restores line mode and drops the keys (usage errors, --help)', async () => {
    const input = tty();
    const early = new EarlyInput(input, () => undefined);
    early.start();
    input.write('x');
    await tick();
    early.stop();
    expect(input.modes).toEqual([true, false]);
    expect(early.handOver().length).toBe(0);
  });

  it('Ctrl-C before the screen is up interrupts, with line mode restored', async () => {
    const input = tty();
    const interrupted = vi.fn();
    const early = new EarlyInput(input, interrupted);
    early.start();
    input.write('ab\x03');
    await tick();
    expect(interrupted).toHaveBeenCalledOnce();
    expect(input.modes).toEqual([true, false]);
  });
});

describe('keys typed during start-up reach the TUI like later keys', () => {
  it('handed-over keys: the text is sent by its Enter, not turned into a new line', async () => {
    const session = new FakeSession();
    const t = await fakeTerminal(session, { pending: 'hello\r' });
    await eventually(() => expect(session.sent).toEqual(['hello']));
    expect(t.app.input.text).toBe('');
    await t.press(KEY.ctrlD);
    expect(await t.exit).toBe(0);
  });

  it('keys already waiting in the input stream when the TUI starts, then keys typed after', async () => {
    const session = new FakeSession();
    const t = await fakeTerminal(session, { pending: 'fir', typedBefore: 'st\r' });
    await eventually(() => expect(session.sent).toEqual(['first']));
    await t.see('› first');
    await t.type('second');
    await t.press(KEY.enter);
    await eventually(() => expect(session.sent).toEqual(['first', 'second']));
    await t.press(KEY.ctrlD);
    expect(await t.exit).toBe(0);
  });
});
