import { describe, expect, it } from 'vitest';
import { FakeSession, type FakeStep } from './fake-session.js';
import { eventually, fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { layoutTranscript } from './layout.js';
import { reduce } from './reduce.js';
import { freshView, started, turnEnd, turnStart, finished } from './test-events.test.helper.js';

const screen = (s: ReturnType<typeof freshView>) => {
  const layout = layoutTranscript(s, 60);
  return layout.slice(0, layout.total).map((l) => l.text);
};

describe('queued messages in the view', () => {
  it('sit under the transcript, dim, each saying it is queued; leave the queue first in, or all at once', () => {
    let s = reduce(freshView(), { type: 'queue', text: 'first queued' });
    s = reduce(s, { type: 'queue', text: 'second\nof two lines' });
    expect(screen(s)).toEqual([
      '',
      '› first queued',
      '  queued: sent when this turn ends (Esc cancels the turn and',
      '  puts it back in the input)',
      '',
      '› second',
      '  of two lines',
      '  queued: sent when this turn ends (Esc cancels the turn and',
      '  puts it back in the input)',
    ]);
    expect(
      layoutTranscript(s, 60)
        .tail(4)
        .map((l) => l.text)[0],
    ).toBe('› second');
    expect(reduce(s, { type: 'dequeue' }).queued).toEqual(['second\nof two lines']);
    expect(reduce(s, { type: 'dequeue', all: true }).queued).toEqual([]);
  });
});

/** A turn that runs a command until the test opens `gate`, then ends. */
function heldTurn(gate: Promise<unknown>): FakeStep[] {
  return [
    turnStart('build it'),
    started('b1', 'bash', 'exec', 'bash: make'),
    { type: 'gate', open: gate },
    finished('b1', 'bash', 'exit 0', 'built\n\nExit code 0.'),
    turnEnd('end_turn'),
  ];
}

describe('Enter while a turn runs', () => {
  it('queues the message (shown as queued, nothing sent); once the turn ends each queued message is sent in order, its own turn', async () => {
    let open!: () => void;
    const session = new FakeSession({ turns: [heldTurn(new Promise<void>((r) => (open = r)))] });
    const t = await fakeTerminal(session, { rows: 30 });
    await t.type('build it');
    await t.press(KEY.enter);
    await t.see('● bash: make');
    await t.type('and then test it');
    await t.press(KEY.enter);
    await t.type('and then ship it');
    await t.press(KEY.enter);
    await t.see('› and then ship it');
    expect(t.text()).toContain('queued: sent when this turn ends');
    expect(t.app.input.text).toBe('');
    expect(session.sent).toEqual(['build it']);
    expect(t.app.state.busy).toBe(true);

    open();
    await t.see('You said: and then ship it');
    expect(session.sent).toEqual(['build it', 'and then test it', 'and then ship it']);
    const rows = t.text().split('\n');
    const at = (text: string) => rows.findIndex((r) => r.includes(text));
    expect(at('exit 0')).toBeLessThan(at('› and then test it'));
    expect(at('You said: and then test it')).toBeLessThan(at('› and then ship it'));
    expect(t.text()).not.toContain('queued:');
    await eventually(() => expect(t.app.state.busy).toBe(false));
    await t.press(KEY.ctrlC, KEY.ctrlC);
    expect(await t.exit).toBe(0);
  });

  it('Esc cancels the turn and puts the queued messages back in the input, unsent', async () => {
    const session = new FakeSession({ turns: [heldTurn(new Promise(() => {}))] });
    const t = await fakeTerminal(session, { rows: 30 });
    await t.type('build it');
    await t.press(KEY.enter);
    await t.see('● bash: make');
    await t.type('not now');
    await t.press(KEY.enter);
    await t.see('queued: sent when this turn ends');
    await t.type('draft');
    await t.press(KEY.esc);
    await t.see('cancelled');
    await eventually(() => expect(t.app.state.busy).toBe(false));
    expect(t.app.input.text).toBe('not now\ndraft');
    expect(t.app.state.queued).toEqual([]);
    expect(t.text()).not.toContain('queued:');
    // Give an idle turn end its chance to send something: nothing goes.
    await new Promise((r) => setImmediate(r));
    expect(session.sent).toEqual(['build it']);
    await t.press(KEY.ctrlC, KEY.ctrlC);
    expect(await t.exit).toBe(0);
  });
});
