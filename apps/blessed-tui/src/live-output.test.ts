import type { SessionEvent } from '@coding-harness/protocol';
import { describe, expect, it } from 'vitest';
import { FakeSession, type FakeStep } from './fake-session.js';
import { eventually, fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { clock, layoutTranscript } from './layout.js';
import { appendLive, LIVE_KEEP, liveLines } from './live-output.js';
import { reduce } from './reduce.js';
import { finished, freshView, started, turnEnd, turnStart } from './test-events.test.helper.js';
import type { ViewState } from './view-state.js';

const update = (text: string, elapsedMs: number, callId = 'b1'): SessionEvent => ({
  type: 'tool_update',
  callId,
  text,
  elapsedMs,
});
const run = (events: SessionEvent[], state: ViewState = freshView()) =>
  events.reduce((s, event) => reduce(s, { type: 'event', event, now: 0 }), state);
const screen = (s: ViewState) => {
  const layout = layoutTranscript(s, 80);
  return layout.slice(0, layout.total).map((l) => l.text);
};

describe('the output of a running call, as it arrives', () => {
  it('keeps the end of it and counts its lines, however much comes, whatever the pieces', () => {
    let live = appendLive(undefined, 'one\ntw', 100);
    live = appendLive(live, 'o\nthree\n', 250);
    expect(liveLines(live)).toEqual({ lines: ['one', 'two', 'three'], hidden: 0 });
    expect(live.elapsedMs).toBe(250);
    for (let i = 0; i < 5000; i++) live = appendLive(live, `row ${i}\n`, 300);
    expect(live.tail.length).toBeLessThanOrEqual(LIVE_KEEP);
    expect(live.tail.startsWith('row ')).toBe(true); // cut at a line start
    expect(liveLines(live)).toEqual({
      lines: ['row 4995', 'row 4996', 'row 4997', 'row 4998', 'row 4999'],
      hidden: 4998,
    });
  });

  it('shows under the running call: how long it has run (ticking) and the last lines, escapes as text; the result replaces it', () => {
    const started0 = run([
      started('b1', 'bash', 'exec', 'bash: make'),
      update('compiling a\x1b[2J\n', 1200),
      update('compiling b\ncompiling c\ncompiling d\ncompiling e\ncompiling f', 3456),
    ]);
    expect(screen(started0)[1]).toBe('  ⎿ running · 0s');
    // The app's ticker moves the clock: only the call's seconds change.
    const running = reduce(started0, { type: 'tick', now: 12_345 });
    expect(reduce(running, { type: 'tick', now: 12_999 })).toBe(running);
    expect(screen(running)).toEqual([
      '● bash: make',
      '  ⎿ running · 12s',
      '    … 1 earlier line',
      '    compiling b',
      '    compiling c',
      '    compiling d',
      '    compiling e',
      '    compiling f',
    ]);
    expect(
      screen(run([update('compiling a\x1b[2J', 10)], run([started('b1', 'bash', 'exec', 'bash: make')]))),
    ).toContain('    compiling a\\x1b[2J');
    const all = 'compiling a\x1b[2J\ncompiling b\ncompiling c\ncompiling d\ncompiling e\ncompiling f';
    const done = run([finished('b1', 'bash', 'exit 0', `${all}\n\nExit code 0.`)], running);
    expect(screen(done)).toEqual([
      '● bash: make',
      '  ⎿ exit 0  (Ctrl-O expands)',
      '    … 1 earlier line',
      '    compiling b',
      '    compiling c',
      '    compiling d',
      '    compiling e',
      '    compiling f',
    ]);
    expect(done.items[0]).not.toHaveProperty('live');
  });

  it('an update for a call that is not in the transcript changes nothing', () => {
    const s = run([started('b1', 'bash', 'exec', 'bash: make')]);
    expect(run([update('x', 1, 'other')], s)).toEqual(s);
  });

  it('elapsed time reads as seconds, then minutes', () => {
    expect(clock(0)).toBe('0s');
    expect(clock(12)).toBe('12s');
    expect(clock(65)).toBe('1m05s');
  });

  it('a silent command shows its clock from its first second; a quick one shows nothing', () => {
    const s = run([started('b1', 'bash', 'exec', 'bash: sleep 30')]);
    expect(screen(s)).toEqual(['● bash: sleep 30']);
    expect(screen(reduce(s, { type: 'tick', now: 1000 }))).toEqual(['● bash: sleep 30', '  ⎿ running · 1s']);
  });

  it('counts the lines not shown over everything the command printed, not the capped copy the model got', () => {
    let s = run([started('b1', 'bash', 'exec', 'bash: seq 5000')]);
    for (let i = 1; i <= 5000; i += 500)
      s = run([update(Array.from({ length: 500 }, (_, k) => `line ${i + k}\n`).join(''), i)], s);
    const capped = `line 1\nline 2\n[… 20000 bytes of output cut …]\nline 4999\nline 5000\n\nExit code 0.`;
    const done = run([finished('b1', 'bash', 'exit 0', capped)], s);
    expect(screen(done)).toEqual([
      '● bash: seq 5000',
      '  ⎿ exit 0  (Ctrl-O expands)',
      '    … 4,995 earlier lines',
      '    line 1',
      '    line 2',
      '    [… 20000 bytes of output cut …]',
      '    line 4999',
      '    line 5000',
    ]);
  });
});

describe('live output on the screen', () => {
  it("a command's first line is on screen while it still runs; the result replaces the live lines", async () => {
    const steps: FakeStep[] = [
      turnStart('build it'),
      started('b1', 'bash', 'exec', 'bash: make'),
      update('step one done\n', 400),
      { type: 'sleep', ms: 60_000 },
      finished('b1', 'bash', 'exit 0', 'never shown'),
      turnEnd('end_turn'),
    ];
    const session = new FakeSession({ turns: [steps] });
    const t = await fakeTerminal(session);
    await t.type('build it');
    await t.press(KEY.enter);
    await t.see('    step one done');
    // The call's clock ticks while it runs.
    await t.see('⎿ running · 1s');
    expect(t.app.state.busy).toBe(true);
    await t.press(KEY.esc);
    await t.see('cancelled');
    await eventually(() => expect(t.app.state.busy).toBe(false));
    await t.press(KEY.ctrlC, KEY.ctrlC);
    expect(await t.exit).toBe(0);
  });
});
