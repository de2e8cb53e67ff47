import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '@coding-harness/protocol';
import { FakeSession, type FakeStep } from './fake-session.js';
import { eventually, fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { layoutTranscript } from './layout.js';
import { reduce } from './reduce.js';
import { thinkingTarget } from './tool-target.js';
import { freshView, messageEnd, started, turnEnd, turnStart } from './test-events.test.helper.js';
import type { ViewState } from './view-state.js';

const start = () => freshView();
const run = (events: SessionEvent[], state: ViewState = start()) =>
  events.reduce((s, event) => reduce(s, { type: 'event', event, now: 0 }), state);
const texts = (s: ViewState, width = 80) =>
  layoutTranscript(s, width)
    .slice(0, 1000)
    .map((l) => l.text);
const PLAN = 'First I read the file.\nThen I fix the greeting.\nThen I run the tests.';

describe('thinking in the transcript', () => {
  it('a finished block is one dim line: its first line and how many lines Ctrl-T opens', () => {
    const s = run([{ type: 'thinking_delta', text: PLAN }, messageEnd('On it.')]);
    expect(texts(s)).toEqual(['∴ First I read the file.  (Ctrl-T: 3 lines)', 'On it.']);
    expect(layoutTranscript(s, 80).slice(0, 1)[0]?.style).toBe('thinking');
  });

  it('while it streams, the one line shows the latest line', () => {
    const s = run([{ type: 'thinking_delta', text: 'First I read the file.\nThen I fix' }]);
    expect(texts(s)).toEqual(['∴ Then I fix  (Ctrl-T: 2 lines)']);
  });

  it('a long single line is cut to the width', () => {
    const s = run([{ type: 'thinking_delta', text: 'x'.repeat(200) }, messageEnd('')]);
    const [line] = texts(s, 40);
    expect(line).toMatch(/^∴ x+… {2}\(Ctrl-T: 1 line\)$/);
    expect(line?.length).toBe(40);
  });

  it('toggle_thinking expands every line and collapses again', () => {
    const s = run([{ type: 'thinking_delta', text: PLAN }, messageEnd('On it.')]);
    const open = reduce(s, { type: 'toggle_thinking' });
    expect(texts(open)).toEqual([
      '∴ First I read the file.',
      '  Then I fix the greeting.',
      '  Then I run the tests.',
      '  (Ctrl-T collapses)',
      'On it.',
    ]);
    expect(texts(reduce(open, { type: 'toggle_thinking' }))).toEqual(texts(s));
  });

  it('thinking between tool calls keeps its place: thinking, text, thinking, then the tool call', () => {
    const s = run([
      { type: 'thinking_delta', text: 'plan A' },
      { type: 'text_delta', text: 'Reading it.' },
      { type: 'thinking_delta', text: 'plan B' },
      messageEnd('Reading it.', 'tool_use'),
      started('t1', 'read_file', 'read', 'a.txt'),
    ]);
    expect(
      s.items.map((i) => (i.kind === 'thinking' || i.kind === 'assistant' ? `${i.kind}:${i.text}` : i.kind)),
    ).toEqual(['thinking:plan A', 'assistant:Reading it.', 'thinking:plan B', 'tool']);
  });

  it('Ctrl-T targets the lowest thinking block on screen, else the one the view is inside', () => {
    const long = Array.from({ length: 40 }, (_, i) => `step ${i}`).join('\n');
    let s = run([
      { type: 'thinking_delta', text: 'older' },
      messageEnd('one'),
      { type: 'thinking_delta', text: long },
      messageEnd('two'),
    ]);
    expect(thinkingTarget(s, 80, 10)).toEqual({ index: 2 });
    s = reduce(s, { type: 'toggle_thinking', index: 2 });
    s = reduce(s, { type: 'scroll', by: -5, total: layoutTranscript(s, 80).total, height: 10 });
    expect(thinkingTarget(s, 80, 10)).toEqual({ index: 2, top: 2 });
  });
});

describe('thinking on the screen', () => {
  it('shows the folded line, Ctrl-T opens it, and thinking text cannot restyle the screen', async () => {
    const turn: FakeStep[] = [
      turnStart('go'),
      { type: 'thinking_delta', text: 'Plan {bold}loud{/bold}\nsecond-thought\x1b[2J' },
      messageEnd('Done.'),
      turnEnd('end_turn'),
    ];
    const t = await fakeTerminal(new FakeSession({ turns: [turn] }));
    await eventually(() => expect(t.written()).toContain('idle'));
    const before = t.written().length; // blessed clears the screen itself when it starts
    await t.type('go');
    await t.press(KEY.enter);
    await t.see('∴ Plan {bold}loud{/bold}  (Ctrl-T: 2 lines)');
    expect(t.text()).not.toContain('second-thought');
    await t.press('\x14');
    await t.see('second-thought\\x1b[2J');
    expect(t.written().slice(before)).not.toContain('\x1b[2J');
    await t.press('\x14');
    await eventually(() => expect(t.text()).not.toContain('second-thought'));
    await t.press(KEY.ctrlC, KEY.ctrlC);
    expect(await t.exit).toBe(0);
  });
});
