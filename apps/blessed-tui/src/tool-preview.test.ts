import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '@coding-harness/protocol';
import { FakeSession } from './fake-session.js';
import { fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { itemLines, layoutTranscript } from './layout.js';
import { reduce } from './reduce.js';
import { finished, freshView, started, turnEnd, turnStart } from './test-events.test.helper.js';
import type { Item } from './view-state.js';

type ToolItem = Extract<Item, { kind: 'tool' }>;

function tool(over: Partial<ToolItem>): ToolItem {
  return {
    kind: 'tool',
    id: 't1',
    name: 'bash',
    callKind: 'exec',
    summary: 'bash: npm test',
    forced: false,
    state: 'done',
    display: 'exit 0',
    content: '',
    expanded: false,
    ...over,
  };
}

const text = (item: Item, width = 80) => itemLines(item, width).map((l) => l.text);
const FAILING = `${Array.from({ length: 12 }, (_, i) => `test ${i + 1} ok`).join('\n')}\nError: expected 2, got 3\n    at sum.test.ts:4\n\nExit code 3.`;
const DIFF = '--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1,3 +1,3 @@\n keep\n-old line\n+new line\n keep';
const EDITED = `Edited src/a.ts: replaced 1 occurrence.\n\n${DIFF}`;
/** An edit's result as the tool returns it: its text for the model, and the diff for people. */
const edit = (over: Partial<ToolItem> = {}) =>
  tool({
    name: 'edit_file',
    callKind: 'write',
    summary: 'src/a.ts',
    display: 'edited src/a.ts',
    content: EDITED,
    diff: DIFF,
    ...over,
  });

describe('a collapsed tool result', () => {
  it('a command shows its last lines under the summary (the error is on screen), with a count of the rest', () => {
    const lines = text(tool({ state: 'error', display: 'exit 3', content: FAILING }));
    expect(lines).toEqual([
      '● bash: npm test',
      '  ⎿ exit 3  (Ctrl-O expands)',
      '    … 9 earlier lines',
      '    test 10 ok',
      '    test 11 ok',
      '    test 12 ok',
      '    Error: expected 2, got 3',
      '        at sum.test.ts:4',
    ]);
  });

  it('expanded, a command shows all of its output', () => {
    const lines = text(tool({ state: 'error', display: 'exit 3', content: FAILING, expanded: true }));
    expect(lines).toContain('    test 1 ok');
    expect(lines).toContain('    Exit code 3.');
    expect(lines.join('\n')).not.toContain('earlier lines');
  });

  it('short output is shown whole, with no Ctrl-O hint; no output adds nothing', () => {
    expect(text(tool({ content: 'hello\n\nExit code 0.' }))).toEqual(['● bash: npm test', '  ⎿ exit 0', '    hello']);
    expect(text(tool({ content: '\nExit code 0.' }))).toEqual(['● bash: npm test', '  ⎿ exit 0  (Ctrl-O expands)']);
  });

  it('an edit shows its diff, red and green, without the file header lines', () => {
    const lines = itemLines(edit(), 80);
    expect(lines.map((l) => [l.style, l.text])).toEqual([
      ['tool', '● edit_file src/a.ts'],
      ['dim', '  ⎿ edited src/a.ts'],
      ['hunk', '    @@ -1,3 +1,3 @@'],
      ['output', '     keep'],
      ['del', '    -old line'],
      ['add', '    +new line'],
      ['output', '     keep'],
    ]);
  });

  it("a write's replayed text (no diff of its own) shows the diff it holds; it is what the call is, not its name", () => {
    const replayed = edit({ diff: undefined });
    expect(text(replayed)).toEqual(text(edit()));
    expect(text(edit({ name: 'my_writer', diff: undefined }))).toContain('    +new line');
  });

  it('a long diff shows its first lines and how many more there are', () => {
    const big = `--- a/x\n+++ b/x\n@@ -1,20 +1,20 @@\n${Array.from({ length: 20 }, (_, i) => `+l${i}`).join('\n')}`;
    const lines = text(edit({ summary: 'x', display: 'edited x', content: 'Edited x.', diff: big }));
    expect(lines.at(-1)).toBe('    … 13 more lines');
    expect(lines[1]).toBe('  ⎿ edited x  (Ctrl-O expands)');
  });

  it('other tools keep their one-line summary', () => {
    expect(
      text(tool({ name: 'read_file', callKind: 'read', summary: 'a.ts', display: 'read 40 lines', content: 'x\ny' })),
    ).toEqual(['● read_file a.ts', '  ⎿ read 40 lines  (Ctrl-O expands)']);
  });
});

describe('parallel tool calls', () => {
  it('each result sits right under its own call, whatever order they finish in', () => {
    const events: SessionEvent[] = [
      turnStart('go'),
      started('a', 'bash', 'exec', 'bash: echo A'),
      started('b', 'bash', 'exec', 'bash: echo B'),
      finished('b', 'bash', 'exit 0', 'B\n\nExit code 0.'),
      finished('a', 'bash', 'exit 0', 'A\n\nExit code 0.'),
      turnEnd('end_turn'),
    ];
    let state = freshView();
    for (const event of events) state = reduce(state, { type: 'event', event, now: 0 });
    const layout = layoutTranscript(state, 80);
    const lines = layout.slice(0, layout.total).map((l) => l.text);
    const at = (s: string) => lines.indexOf(s);
    expect(at('● bash: echo A')).toBeLessThan(at('    A'));
    expect(at('    A')).toBeLessThan(at('● bash: echo B'));
    expect(at('● bash: echo B')).toBeLessThan(at('    B'));
  });
});

describe('on the screen', () => {
  const turn = (content: string): SessionEvent[] => [
    turnStart('edit'),
    started('e', 'edit_file', 'write', 'src/a.ts'),
    finished('e', 'edit_file', 'edited src/a.ts', content, { diff: DIFF }),
    turnEnd('end_turn'),
  ];

  it('the diff of an edit is green and red; under NO_COLOR it has no colour', async () => {
    for (const env of [{}, { NO_COLOR: '1' }] as Record<string, string>[]) {
      const t = await fakeTerminal(new FakeSession({ turns: [turn(EDITED)] }), { env });
      await t.type('edit');
      await t.press(KEY.enter);
      await t.see('+new line');
      const colours = /\x1b\[(?:[0-9;]*;)?3[12]m/;
      if ('NO_COLOR' in env) expect(t.written()).not.toMatch(colours);
      else {
        expect(t.written()).toMatch(/\x1b\[(?:[0-9;]*;)?32m +\+new line/);
        expect(t.written()).toMatch(/\x1b\[(?:[0-9;]*;)?31m +-old line/);
      }
      await t.press(KEY.ctrlC, KEY.ctrlC);
      await t.exit;
    }
  });
});
