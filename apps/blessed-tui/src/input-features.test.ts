import { describe, expect, it } from 'vitest';
import { FakeSession, type FakeStep } from './fake-session.js';
import { eventually, fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { FRAME_INTERVAL_MS } from './frame-scheduler.js';
import { question, started, turnEnd, turnStart } from './test-events.test.helper.js';

const PASTE = (text: string) => `\x1b[200~${text}\x1b[201~`;
const SHIFT_TAB = '\x1b[Z';

/** A turn that streams a little, then waits (for a cancel) until the test's signal ends it. */
const slowTurn: FakeStep[] = [
  turnStart('slow'),
  { type: 'request_start', request: 1 },
  { type: 'text_delta', text: 'Working on it, this takes a while.' },
  { type: 'sleep', ms: 30_000 },
  turnEnd('end_turn'),
];

function memoryHistory(entries: string[]) {
  const added: string[] = [];
  return { added, load: () => [...entries], add: (e: string) => void added.push(e) };
}

describe('a bracketed paste', () => {
  it('is one edit of the input, shown as [pasted N lines]: every line kept (CR, LF and CRLF ends) and sent whole on Enter', async () => {
    const session = new FakeSession();
    const t = await fakeTerminal(session);
    await t.type('look: ');
    await t.press(PASTE('line one: 1, 2!\rline two\nline three\r\nline four ~ [x] {y}'));
    expect(t.app.input.text).toBe('look: [pasted 4 lines]');
    expect(session.sent).toEqual([]);
    await t.see('› look: [pasted 4 lines]');
    expect(t.text()).not.toContain('line four');
    await t.type(' and ');
    await t.press(PASTE('one more\nsecond\n'));
    await t.see('› look: [pasted 4 lines] and [pasted 2 lines #2]');
    await t.press(PASTE(' plus one line'));
    expect(t.app.input.text).toBe('look: [pasted 4 lines] and [pasted 2 lines #2] plus one line');
    await t.press(KEY.enter);
    await eventually(() =>
      expect(session.sent).toEqual([
        'look: line one: 1, 2!\nline two\nline three\nline four ~ [x] {y} and one more\nsecond plus one line',
      ]),
    );
    await t.press(KEY.ctrlC, KEY.ctrlC);
    await t.exit;
  });

  it('split over several chunks, with Enter-like bytes and a slash inside, is still one message', async () => {
    const session = new FakeSession();
    const t = await fakeTerminal(session);
    await t.press('\x1b[200~/etc/hosts\r', 'a\\\r', '\r\r\x1b', '[201~');
    expect(t.app.input.text).toBe('[pasted 4 lines]');
    expect(session.sent).toEqual([]);
    await t.press(KEY.enter);
    // One message (trailing blank lines are trimmed as for typed text), sent as a path, not a command.
    await eventually(() => expect(session.sent).toEqual(['/etc/hosts\na\\']));
    await t.press(KEY.ctrlC, KEY.ctrlC);
    await t.exit;
  });
});

describe('Esc and the progress line', () => {
  it('while a turn runs the rule shows a spinner, the elapsed time, tokens and "esc to cancel"; Esc cancels it', async () => {
    const session = new FakeSession({ turns: [slowTurn] });
    const t = await fakeTerminal(session);
    await t.type('slow');
    await t.press(KEY.enter);
    await t.see('esc to cancel');
    expect(t.text()).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] responding \(\ds · ↓ 9 tokens · esc to cancel\)/);
    await t.press(KEY.esc);
    await t.see('cancelled');
    await eventually(() => expect(t.text()).not.toContain('esc to cancel'));
    expect(t.text()).toContain('Working on it');
    await t.press(KEY.ctrlC, KEY.ctrlC);
    await t.exit;
  });

  it('while a turn runs, Esc first closes the / menu; the next Esc cancels', async () => {
    const session = new FakeSession({ turns: [slowTurn] });
    const t = await fakeTerminal(session);
    await t.type('slow');
    await t.press(KEY.enter);
    await t.see('esc to cancel');
    await t.type('/he');
    await eventually(() => expect(t.app.menuItems().length).toBeGreaterThan(0));
    await t.press(KEY.esc);
    expect(t.app.menuItems()).toEqual([]);
    expect(t.app.state.busy).toBe(true);
    await t.press(KEY.esc);
    await t.see('cancelled');
    await t.press(KEY.ctrlC, KEY.ctrlC, KEY.ctrlC);
    await t.exit;
  });

  it('under a question the progress line waits (Esc there denies, it does not cancel)', async () => {
    const request = {
      tool: 'bash',
      kind: 'exec' as const,
      input: { command: 'npm test' },
      target: 'npm test',
      summary: 'bash: npm test',
    };
    const session = new FakeSession({
      turns: [
        [turnStart('go'), started('t1', 'bash', 'exec', 'bash: npm test'), question(request), turnEnd('end_turn')],
      ],
    });
    const t = await fakeTerminal(session);
    await t.type('go');
    await t.press(KEY.enter);
    await t.see('Allow bash?');
    expect(t.text()).not.toContain('esc to cancel');
    await t.press(KEY.esc);
    await eventually(() => expect(session.answers).toEqual([{ type: 'deny' }]));
    await t.press(KEY.ctrlC, KEY.ctrlC);
    await t.exit;
  });

  it('Esc at idle does not quit or send', async () => {
    const session = new FakeSession();
    const t = await fakeTerminal(session);
    await t.type('draft');
    await t.press(KEY.esc);
    expect(t.app.input.text).toBe('draft');
    expect(session.sent).toEqual([]);
    await t.press(KEY.ctrlC, KEY.ctrlC);
    await t.exit;
  });
});

describe('Shift-Tab', () => {
  it("cycles the session's permission mode default → acceptEdits → plan → default (cycle_mode); the bar shows its status", async () => {
    const session = new FakeSession();
    const t = await fakeTerminal(session);
    await t.see('idle');
    expect(t.text()).not.toContain('plan mode');
    await t.press(SHIFT_TAB);
    await t.see('⏵⏵ accept edits');
    expect(session.state.mode).toBe('acceptEdits');
    await t.press(SHIFT_TAB);
    await t.see('⏸ plan mode');
    expect(session.state.mode).toBe('plan');
    await t.press(SHIFT_TAB);
    await eventually(() => expect(t.text()).not.toContain('plan mode'));
    expect(session.state.mode).toBe('default');
    expect(session.commandTypes()).toEqual(['cycle_mode', 'cycle_mode', 'cycle_mode']);
    await t.press(KEY.ctrlC, KEY.ctrlC);
    await t.exit;
  });

  it('starts from the mode the session was given (--permission-mode plan)', async () => {
    const t = await fakeTerminal(new FakeSession({ mode: 'plan' }));
    await t.see('⏸ plan mode');
    await t.press(KEY.ctrlC, KEY.ctrlC);
    await t.exit;
  });
});

describe('prompt history shared with harness', () => {
  it('Up walks the stored prompts (newest first); a sent prompt is added to the store', async () => {
    const history = memoryHistory(['newest', 'older']);
    const t = await fakeTerminal(new FakeSession(), { client: { prompts: history } });
    await t.press(KEY.up);
    expect(t.app.input.text).toBe('newest');
    await t.press(KEY.up);
    expect(t.app.input.text).toBe('older');
    await t.press(KEY.down, KEY.down);
    expect(t.app.input.text).toBe('');
    await t.type('fresh');
    await t.press(KEY.enter);
    await t.see('You said: fresh');
    expect(history.added).toEqual(['fresh']);
    await t.press(KEY.up);
    expect(t.app.input.text).toBe('fresh');
    await t.press(KEY.ctrlC, KEY.ctrlC);
    await t.exit;
  });

  it('a store that cannot be written says so once, naming the file', async () => {
    const prompts = { load: () => [], add: () => 'could not save the prompt history to /x/h.jsonl: EACCES' };
    const t = await fakeTerminal(new FakeSession(), { client: { prompts } });
    for (const word of ['one', 'two']) {
      await t.type(word);
      await t.press(KEY.enter);
      await t.see(`You said: ${word}`);
    }
    expect(t.app.state.items.filter((i) => i.kind === 'notice' && i.text.includes('/x/h.jsonl'))).toHaveLength(1);
    await t.press(KEY.ctrlC, KEY.ctrlC);
    await t.exit;
  });
});

describe('leaving', () => {
  it('shows the session id at start; on quit the transcript and the resume command are written to the normal screen', async () => {
    const session = new FakeSession({ sessionId: 'sess-1234' });
    const t = await fakeTerminal(session);
    await t.see('session sess-1234');
    await t.type('hello');
    await t.press(KEY.enter);
    await t.see('You said: hello');
    await t.press(KEY.ctrlD);
    expect(await t.exit).toBe(0);
    const written = t.written();
    const left = written.lastIndexOf('\x1b[?1049l');
    expect(left).toBeGreaterThan(0);
    const after = written.slice(left);
    expect(after).toContain('› hello');
    expect(after).toContain('You said: hello');
    expect(after).toContain('session sess-1234\nresume it with: harness-tui --resume sess-1234\n');
    expect(after).not.toContain('session sess-1234\n› '); // the start-up notice is not part of the transcript
  });

  it('quitting during a turn: the cancelled turn draws nothing over the normal screen afterwards', async () => {
    const session = new FakeSession({ turns: [slowTurn], sessionId: 's3' });
    const t = await fakeTerminal(session);
    await t.type('slow');
    await t.press(KEY.enter);
    await t.see('esc to cancel');
    await t.press(KEY.ctrlD);
    await t.exit;
    // The cancelled turn (stopped when the TUI closed the session) has sent its last events...
    await eventually(() => expect(session.turnsEnded).toBe(1));
    // ...and a frame they asked for would already be drawn: timers fire in the order they expire,
    // and this one expires after any frame timer set before it.
    await new Promise((r) => setTimeout(r, FRAME_INTERVAL_MS + 1));
    const after = t.written().slice(t.written().lastIndexOf('\x1b[?1049l'));
    expect(after).toContain('Working on it');
    expect(after).not.toMatch(/\x1b\[\d+;\d+H/); // no cursor addressing: no frame was drawn
  });

  it('nothing said: nothing written after leaving; NO_COLOR: the transcript has no colour', async () => {
    const quiet = await fakeTerminal(new FakeSession({ sessionId: 's1' }));
    await quiet.press(KEY.ctrlD);
    await quiet.exit;
    expect(quiet.written().slice(quiet.written().lastIndexOf('\x1b[?1049l'))).not.toContain('resume');

    const t = await fakeTerminal(new FakeSession({ sessionId: 's2' }), { env: { NO_COLOR: '1' } });
    await t.type('hi');
    await t.press(KEY.enter);
    await t.see('You said: hi');
    await t.press(KEY.ctrlD);
    await t.exit;
    const after = t.written().slice(t.written().lastIndexOf('\x1b[?1049l'));
    expect(after).toContain('You said: hi');
    expect(after).not.toMatch(/\x1b\[(3\d|9\d)m/);
  });
});
