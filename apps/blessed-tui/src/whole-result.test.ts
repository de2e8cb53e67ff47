import type { SessionEvent } from '@coding-harness/protocol';
import { describe, expect, it } from 'vitest';
import { FakeSession, type FakeStep } from './fake-session.js';
import { eventually, fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { EXPANDED_HEAD_LINES, EXPANDED_TAIL_LINES, hasHiddenLines, layoutTranscript } from './layout.js';
import { reduce } from './reduce.js';
import { openViewer, viewerFrame, viewerKey } from './result-viewer.js';
import { finished, freshView, started, turnEnd, turnStart } from './test-events.test.helper.js';
import type { Item, ViewState } from './view-state.js';

const update = (text: string): SessionEvent => ({ type: 'tool_update', callId: 'b1', text, elapsedMs: 1 });
const run = (events: SessionEvent[], state: ViewState = freshView()) =>
  events.reduce((s, event) => reduce(s, { type: 'event', event, now: 0 }), state);
const screen = (s: ViewState) => {
  const layout = layoutTranscript(s, 80);
  return layout.slice(0, layout.total).map((l) => l.text);
};
const numbered = (from: number, to: number): string =>
  Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}`).join('\n');
const tool = (s: ViewState) => s.items.find((i) => i.kind === 'tool') as Extract<Item, { kind: 'tool' }>;

describe('an expanded result (Ctrl-O)', () => {
  it('shows a long result whole up to head + tail lines; past that its head and tail with the count between', () => {
    const whole = EXPANDED_HEAD_LINES + EXPANDED_TAIL_LINES;
    const short = reduce(
      run([started('b1', 'read_file', 'read', 'read a.txt'), finished('b1', 'read_file', 'read', numbered(1, whole))]),
      {
        type: 'toggle_tool',
      },
    );
    expect(screen(short)).toHaveLength(2 + whole);
    expect(hasHiddenLines(tool(short))).toBe(false);

    const long = reduce(
      run([started('b1', 'read_file', 'read', 'read a.txt'), finished('b1', 'read_file', 'read', numbered(1, 1000))]),
      {
        type: 'toggle_tool',
      },
    );
    const lines = screen(long);
    expect(lines[2]).toBe('    line 1');
    expect(lines[1 + EXPANDED_HEAD_LINES]).toBe(`    line ${EXPANDED_HEAD_LINES}`);
    expect(lines[2 + EXPANDED_HEAD_LINES]).toBe('    … 600 lines not shown here · Ctrl-O again shows every one');
    expect(lines[3 + EXPANDED_HEAD_LINES]).toBe(`    line ${1000 - EXPANDED_TAIL_LINES + 1}`);
    expect(lines.at(-1)).toBe('    line 1000');
    expect(hasHiddenLines(tool(long))).toBe(true);
  });

  it("says how much a command printed when the model's copy (what the result holds) is shorter", () => {
    let s = run([started('b1', 'bash', 'exec', 'bash: seq 5000')]);
    s = run([update(`${numbered(1, 5000)}\n`)], s);
    const capped = 'line 1\nline 2\n[… 20000 bytes of output cut …]\nline 4999\nline 5000\n\nExit code 0.';
    const open = reduce(run([finished('b1', 'bash', 'exit 0', capped)], s), { type: 'toggle_tool' });
    expect(screen(open).slice(-2)).toEqual([
      '    Exit code 0.',
      '    (5,000 lines printed in all · Ctrl-O again shows every one)',
    ]);
    expect(hasHiddenLines(tool(open))).toBe(true);
  });

  it("counts the lines between head and tail over all a command printed when the model's copy is long and cut", () => {
    let s = run([started('b1', 'bash', 'exec', 'bash: seq 8000')]);
    s = run([update(`${numbered(1, 8000)}\n`)], s);
    const capped = `${numbered(1, 300)}\n[… 9000 bytes of output cut …]\n${numbered(7701, 8000)}\n\nExit code 0.`;
    const lines = screen(reduce(run([finished('b1', 'bash', 'exit 0', capped)], s), { type: 'toggle_tool' }));
    // 200 lines of the head, 198 of output in the tail (its last two are the exit line): 7,602 not shown.
    expect(lines[2 + EXPANDED_HEAD_LINES]).toBe('    … 7,602 lines not shown here · Ctrl-O again shows every one');
    expect(lines.slice(-3)).toEqual(['    line 8000', '    ', '    Exit code 0.']);
  });
});

describe('the whole-result viewer', () => {
  const viewer = openViewer('● bash: seq 100', `${numbered(1, 100)}\n`);

  it('numbers every line, says which are on screen, and moves by line, page and to either end', () => {
    const first = viewerFrame(viewer, 40, 12);
    expect(first.title).toBe('● bash: seq 100');
    expect(first.rows).toHaveLength(10);
    expect(first.rows[0]).toBe('  1 │ line 1');
    expect(first.footer).toMatch(/^lines 1–10 of 100 · /);
    const end = viewerKey(viewer, 'end', undefined, 40, 12);
    if (end === 'close') throw new Error('closed');
    expect(viewerFrame(end, 40, 12).rows.at(-1)).toBe('100 │ line 100');
    expect(viewerFrame(end, 40, 12).footer).toMatch(/^lines 91–100 of 100/);
    const down = viewerKey(viewer, 'pagedown', undefined, 40, 12);
    if (down === 'close') throw new Error('closed');
    expect(viewerFrame(down, 40, 12).rows[0]).toBe(' 10 │ line 10');
    expect(viewerKey(viewer, 'up', undefined, 40, 12)).toBe(viewer); // already at the top
    expect(viewerKey(viewer, 'x', 'x', 40, 12)).toBe(viewer);
    for (const [name, ch] of [
      ['escape', undefined],
      ['return', undefined],
      ['q', 'q'],
    ] as const)
      expect(viewerKey(viewer, name, ch, 40, 12)).toBe('close');
  });

  it('wraps a long line under its number; escapes in the text are shown as text', () => {
    const v = openViewer('t', `${'x'.repeat(30)}\nbell\x07`);
    const { rows, footer } = viewerFrame(v, 20, 10);
    expect(rows).toEqual([`1 │ ${'x'.repeat(16)}`, `  │ ${'x'.repeat(14)}`, '2 │ bell\\x07']);
    expect(footer).toMatch(/^lines 1–2 of 2/);
  });
});

describe('the whole result on the screen', () => {
  it('Ctrl-O expands a cut command result, again opens everything it printed in the viewer; q closes it, the call collapsed', async () => {
    const capped = 'line 1\nline 2\n[… 20000 bytes of output cut …]\nline 4999\nline 5000\n\nExit code 0.';
    const steps: FakeStep[] = [
      turnStart('count'),
      started('b1', 'bash', 'exec', 'bash: seq 5000'),
      update(`${numbered(1, 5000)}\n`),
      finished('b1', 'bash', 'exit 0', capped),
      turnEnd('end_turn'),
    ];
    const session = new FakeSession({ turns: [steps] });
    const t = await fakeTerminal(session, { rows: 30 });
    await t.type('count');
    await t.press(KEY.enter);
    await t.see('… 4,995 earlier lines');
    await eventually(() => expect(t.app.state.busy).toBe(false));
    await t.press(KEY.ctrlO);
    await t.see('(5,000 lines printed in all · Ctrl-O again shows every one)');
    await t.press(KEY.ctrlO);
    await t.see('   1 │ line 1');
    expect(t.text()).toContain('● bash: seq 5000  [exit 0 · 5,000 lines');
    expect(t.text()).toMatch(/lines 1–\d+ of 5,000/);
    await t.press('\x1b[F'); // End
    await t.see('5000 │ line 5000');
    expect(t.text()).not.toContain('│ line 4972');
    await t.press(KEY.pageUp);
    await t.see('4946 │ line 4946');
    await t.press('q');
    await eventually(() => expect(t.app.viewer).toBeUndefined());
    await t.see('(Ctrl-O expands)');
    expect(t.text()).not.toContain('│ line 4946');
    // /expand opens the same viewer; closing it leaves the collapsed call as it was.
    await t.type('/expand 1');
    await t.press(KEY.enter);
    await t.see('   1 │ line 1');
    await t.press(KEY.esc);
    await eventually(() => expect(t.app.viewer).toBeUndefined());
    await t.see('(Ctrl-O expands)');
    await t.press(KEY.ctrlC, KEY.ctrlC);
    expect(await t.exit).toBe(0);
  });
});
