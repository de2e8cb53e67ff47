import type { SessionEvent } from '@coding-harness/protocol';
import { describe, expect, it } from 'vitest';
import { FakeSession, type FakeStep } from './fake-session.js';
import { eventually, fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { layoutTranscript } from './layout.js';
import { appendLive, elapsedText, LIVE_KEEP, liveLines } from './live-output.js';
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

  it('shows under the running call: when it came and the last lines, escapes as text; the result replaces it', () => {
    const running = run([
      started('b1', 'bash', 'exec', 'bash: make'),
      update('compiling a\x1b[2J\n', 1200),
      update('compiling b\ncompiling c\ncompiling d\ncompiling e\ncompiling f', 3456),
    ]);
    expect(screen(running)).toEqual([
      '● bash: make',
      '  ⎿ running · output at 3.5s',
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
    const done = run([finished('b1', 'bash', 'exit 0', 'all built\n\nExit code 0.')], running);
    expect(screen(done)).toEqual(['● bash: make', '  ⎿ exit 0', '    all built']);
    expect(done.items[0]).not.toHaveProperty('live');
  });

  it('an update for a call that is not in the transcript changes nothing', () => {
    const s = run([started('b1', 'bash', 'exec', 'bash: make')]);
    expect(run([update('x', 1, 'other')], s)).toEqual(s);
  });

  it('elapsed time reads as seconds, then minutes', () => {
    expect(elapsedText(0)).toBe('0.0s');
    expect(elapsedText(3456)).toBe('3.5s');
    expect(elapsedText(65_000)).toBe('1m05s');
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
    expect(t.text()).toContain('⎿ running · output at 0.4s');
    expect(t.app.state.busy).toBe(true);
    await t.press(KEY.esc);
    await t.see('cancelled');
    await eventually(() => expect(t.app.state.busy).toBe(false));
    await t.press(KEY.ctrlC, KEY.ctrlC);
    expect(await t.exit).toBe(0);
  });
});
