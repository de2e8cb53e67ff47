import { describe, expect, it } from 'vitest';
import type { SessionEvent, TurnStopReason } from '@coding-harness/protocol';
import { FakeSession, type FakeStep } from './fake-session.js';
import { eventually, fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { layoutTranscript } from './layout.js';
import { reduce } from './reduce.js';
import { statusLine } from './status-line.js';
import { freshView, turnEnd, turnStart } from './test-events.test.helper.js';
import type { ViewState } from './view-state.js';

const start = () => freshView();
const run = (events: SessionEvent[], state: ViewState = start(), now = 0) =>
  events.reduce((s, event) => reduce(s, { type: 'event', event, now }), state);
const end = (stopReason: TurnStopReason, extra: Parameters<typeof turnEnd>[1] = {}): SessionEvent =>
  turnEnd(stopReason, extra);
const REFUSED = 'the model refused to continue (refusal category: cyber): not this one';

describe('failed turns', () => {
  it('a refusal: the error event is shown as an error, once, and the usage line says refused in the error colour', () => {
    const s = run([
      turnStart('do the thing'),
      { type: 'error', message: REFUSED, fatal: false },
      end('refusal', { stopDetails: { category: 'cyber', explanation: 'not this one' } }),
    ]);
    expect(s.items.filter((i) => i.kind === 'error')).toEqual([{ kind: 'error', text: REFUSED }]);
    expect(s.items.at(-1)).toEqual({ kind: 'turn', text: 'in 0 · out 0 · cache 0% · $0.0000 · refused', failed: true });
    const lines = layoutTranscript(s, 100).slice(0, 100);
    expect(lines.find((l) => l.text.startsWith('✗'))).toEqual({ text: `✗ ${REFUSED}`, style: 'error' });
    expect(lines.at(-1)?.style).toBe('error');
  });

  it('a refusal or error without an error event still gets an error line naming what happened', () => {
    const refused = run([
      turnStart('x'),
      end('refusal', { stopDetails: { category: 'cyber', explanation: 'not this one' } }),
    ]);
    expect(refused.items.find((i) => i.kind === 'error')).toEqual({ kind: 'error', text: REFUSED });
    const failed = run([turnStart('x'), end('error')]);
    expect(failed.items.find((i) => i.kind === 'error')).toEqual({
      kind: 'error',
      text: 'the turn failed (stop reason: error)',
    });
  });

  it('an error is shown as it is, not as "recovering"', () => {
    const s = run([{ type: 'error', message: 'the model request failed: 401 invalid x-api-key', fatal: false }]);
    expect(
      layoutTranscript(s, 100)
        .slice(0, 5)
        .map((l) => l.text),
    ).toEqual(['✗ the model request failed: 401 invalid x-api-key']);
  });

  it('a turn the session calls failed (the request budget spent, an empty answer) is red and says why', () => {
    const spent = run([turnStart('x'), end('max_turns')]);
    expect(spent.items.at(-1)).toMatchObject({ text: expect.stringContaining('stopped at --max-turns'), failed: true });
    expect(spent.items.find((i) => i.kind === 'error')).toEqual({
      kind: 'error',
      text: 'the turn stopped at --max-turns before the model finished',
    });
    const empty = run([turnStart('x'), end('empty_answer')]);
    expect(empty.items.find((i) => i.kind === 'error')).toEqual({
      kind: 'error',
      text: 'the model answered with nothing',
    });
  });

  it('other stops are named on the usage line without failing the turn', () => {
    const words = (reason: TurnStopReason) => run([end(reason)]).items.at(-1);
    expect(words('max_tokens')).toEqual({
      kind: 'turn',
      text: 'in 0 · out 0 · cache 0% · $0.0000 · cut at max_tokens',
    });
    expect(words('model_context_window_exceeded')).toMatchObject({
      text: expect.stringContaining('context window full'),
    });
    expect(words('aborted')).toMatchObject({ text: expect.stringContaining('cancelled') });
    expect(words('end_turn')).toEqual({ kind: 'turn', text: 'in 0 · out 0 · cache 0% · $0.0000' });
    expect(run([end('pause_turn')]).items.some((i) => i.kind === 'error')).toBe(false);
  });
});

describe('retries', () => {
  const retry: SessionEvent = { type: 'retry', attempt: 1, maxAttempts: 5, delayMs: 3000, reason: 'overloaded 529' };

  it('count down in the status bar until the next request starts', () => {
    const s = run([turnStart('x'), retry], start(), 10_000);
    expect(statusLine(s, 10_000, 120)).toContain('retrying (1/5) in 3s');
    expect(statusLine(s, 11_200, 120)).toContain('retrying (1/5) in 2s');
    expect(statusLine(s, 14_000, 120)).toContain('retrying (1/5) in 0s');
    expect(statusLine(run([{ type: 'request_start', request: 2 }], s, 13_000), 14_000, 120)).toContain('thinking 1s');
  });

  it('a retry that voids the partial reply drops what was streamed of it', () => {
    const s = run([
      { type: 'thinking_delta', text: 'half a thought' },
      { type: 'text_delta', text: 'half an ans' },
      { ...retry, partialDiscarded: true },
    ]);
    expect(s.streaming).toBe('');
    expect(s.thinking).toBe('');
    expect(s.items).toEqual([{ kind: 'notice', text: 'retrying (1/5) in 3.0s: overloaded 529' }]);
  });
});

describe('failures on the screen', () => {
  it('a refusal shows the error and a red usage line; a retry shows its countdown in the status bar', async () => {
    const turns: FakeStep[][] = [
      [
        turnStart('go'),
        { type: 'error', message: REFUSED, fatal: false },
        end('refusal', { stopDetails: { category: 'cyber', explanation: 'not this one' } }),
      ],
      [
        turnStart('again', 2),
        { type: 'retry', attempt: 1, maxAttempts: 5, delayMs: 60_000, reason: 'overloaded 529' },
        { type: 'sleep', ms: 60_000 },
      ],
    ];
    const t = await fakeTerminal(new FakeSession({ turns }), { columns: 120 });
    await t.type('go');
    await t.press(KEY.enter);
    await t.see(`✗ ${REFUSED}`);
    await t.see('refused');
    await eventually(() => expect(t.written()).toMatch(/\x1b\[31m {2}in 0 · out 0 · cache 0% · \$0\.0000 · refused/));
    await t.type('again');
    await t.press(KEY.enter);
    await eventually(() => expect(t.text().split('\n')[23]).toMatch(/retrying \(1\/5\) in \d+s/));
    await t.press(KEY.ctrlC);
    await t.see('cancelled');
    await t.press(KEY.ctrlC, KEY.ctrlC);
    expect(await t.exit).toBe(0);
  });
});
