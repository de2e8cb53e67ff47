import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '@coding-harness/protocol';
import { reduce, type Action } from './reduce.js';
import { initialState, type Item, type ViewState } from './view-state.js';
import { layoutTranscript } from './layout.js';
import { statusLine } from './status-line.js';
import { finished, freshView, messageEnd, started, testStatus, turnEnd, turnStart } from './test-events.test.helper.js';

const start = () => freshView({ skills: 2 });
const ev = (event: SessionEvent, now = 0): Action => ({ type: 'event', event, now });
const run = (events: SessionEvent[], state: ViewState = start()) => events.reduce((s, e) => reduce(s, ev(e)), state);
const kinds = (s: ViewState) => s.items.map((i) => i.kind);
const tool = (s: ViewState, id: string) =>
  s.items.find((i): i is Extract<Item, { kind: 'tool' }> => i.kind === 'tool' && i.id === id);
const usage = (request: number, costUsd: number): SessionEvent => ({
  type: 'usage',
  request,
  model: 'm2',
  usage: { input: 100, output: 50, cacheRead: 300, cacheWrite: 0 },
  costUsd,
});

describe('reduce: session events', () => {
  it('turn_start adds the user text and starts thinking', () => {
    const s = reduce(start(), ev(turnStart('fix it'), 1000));
    expect(s.items).toEqual([{ kind: 'user', text: 'fix it' }]);
    expect(statusLine(s, 4000, 120)).toContain('thinking 3s');
  });

  it('request_start restarts the thinking clock', () => {
    const s = reduce(start(), ev({ type: 'request_start', request: 2 }, 5000));
    expect(s.activity).toEqual({ label: 'thinking', since: 5000 });
  });

  it('text_delta streams into the buffer, message_end commits its text', () => {
    const s1 = run([
      { type: 'text_delta', text: 'Hel' },
      { type: 'text_delta', text: 'lo' },
    ]);
    expect(s1.streaming).toBe('Hello');
    expect(s1.items).toEqual([]);
    const s2 = reduce(s1, ev(messageEnd('Hello')));
    expect(s2.streaming).toBe('');
    expect(s2.items).toEqual([{ kind: 'assistant', text: 'Hello' }]);
  });

  it('thinking_delta streams separately and is committed before the answer', () => {
    const s = run([{ type: 'thinking_delta', text: 'hmm' }, { type: 'text_delta', text: 'ok' }, messageEnd('ok')]);
    expect(s.items).toEqual([
      { kind: 'thinking', text: 'hmm', expanded: false },
      { kind: 'assistant', text: 'ok' },
    ]);
  });

  it('a message without text adds nothing', () => {
    expect(run([messageEnd('', 'tool_use')]).items).toEqual([]);
  });

  it('tool calls: started (with its kind), approval asked and resolved, finished; activity follows', () => {
    let s = reduce(start(), ev(started('t1', 'bash', 'exec', 'ls', { command: 'ls' }), 0));
    expect(tool(s, 't1')).toMatchObject({ name: 'bash', callKind: 'exec', summary: 'ls', state: 'running' });
    expect(statusLine(s, 12_000, 120)).toContain('running bash 12s');
    s = reduce(
      s,
      ev({
        type: 'approval_requested',
        requestId: 'r1',
        callId: 't1',
        tool: 'bash',
        kind: 'exec',
        summary: 'bash: ls',
        target: 'ls',
        alwaysRule: 'bash(ls:*)',
      }),
    );
    expect(tool(s, 't1')?.approval).toBe('waiting for approval');
    s = reduce(s, ev({ type: 'approval_resolved', requestId: 'r1', callId: 't1', allowed: true, how: 'once' }));
    expect(tool(s, 't1')?.approval).toBe('allowed (once)');
    s = reduce(s, ev(finished('t1', 'bash', 'exit 0', 'a\nb')));
    expect(tool(s, 't1')).toMatchObject({ state: 'done', display: 'exit 0', content: 'a\nb' });
  });

  it('a denied approval shows the message; a failed tool is an error', () => {
    const s = run([
      started('t', 'edit_file', 'write', 'a.ts'),
      { type: 'approval_resolved', callId: 't', allowed: false, how: 'deny', message: 'not that file' },
      finished('t', 'edit_file', 'denied', 'denied', { isError: true }),
    ]);
    expect(tool(s, 't')).toMatchObject({ approval: 'denied: not that file', state: 'error' });
  });

  it('a forced skill call is marked as forced', () => {
    const s = run([{ ...started('s', 'skill', 'read', 'demo', { name: 'demo' }), forced: true }]);
    expect(
      layoutTranscript(s, 80)
        .slice(0, 5)
        .map((l) => l.text),
    ).toContain('● skill demo (forced)');
  });

  it('tool results expand and collapse (latest by default, or by id)', () => {
    let s = run([
      started('a', 'read_file', 'read', 'x'),
      finished('a', 'read_file', '2 lines', 'one\ntwo'),
      started('b', 'read_file', 'read', 'y'),
      finished('b', 'read_file', '1 line', 'three'),
    ]);
    const text = () =>
      layoutTranscript(s, 80)
        .slice(0, 50)
        .map((l) => l.text.trim());
    expect(text()).not.toContain('three');
    s = reduce(s, { type: 'toggle_tool' });
    expect(tool(s, 'b')?.expanded).toBe(true);
    expect(text()).toContain('three');
    s = reduce(s, { type: 'toggle_tool', id: 'a' });
    expect(text()).toContain('two');
    s = reduce(s, { type: 'toggle_tool', id: 'a' });
    expect(text()).not.toContain('two');
  });

  it("the bar is the session's status; requests reported since it are added until the next status replaces them", () => {
    const base = freshView({
      model: 'm2',
      usage: { input: 100, output: 50, cacheRead: 300, cacheWrite: 0 },
      costUsd: 0.01,
    });
    const s = run([usage(2, 0.02)], base);
    expect(s.status.costUsd).toBe(0.01); // the session's own figure is not rewritten
    const line = statusLine(s, 0, 120);
    expect(line).toContain('m2');
    expect(line).toContain('in 800 out 100');
    expect(line).toContain('cache 75%');
    expect(line).toContain('$0.0300');
    // The session's totals after the turn (here: it also counted a compaction) replace the sum.
    const after = reduce(s, ev({ type: 'status', status: testStatus({ model: 'm3', costUsd: 0.05, skills: 4 }) }));
    expect(after.unsettled.costUsd).toBe(0);
    expect(statusLine(after, 0, 120)).toMatch(/m3 .* 4 skills .* \$0\.0500/);
  });

  it('retry, compaction and notice become notices; error an error', () => {
    const s = run([
      { type: 'retry', attempt: 2, maxAttempts: 5, delayMs: 1500, reason: 'overloaded' },
      { type: 'compaction', tokensBefore: 120_000, tokensAfter: 30_000, reattachedSkills: ['demo'] },
      { type: 'notice', message: 'skill demo auto-loaded' },
      { type: 'error', message: 'boom', fatal: true },
    ]);
    expect(s.items).toEqual([
      { kind: 'notice', text: 'retrying (2/5) in 1.5s: overloaded' },
      { kind: 'notice', text: 'context compacted: 120k -> 30k tokens; skills re-attached: demo' },
      { kind: 'notice', text: 'skill demo auto-loaded' },
      { kind: 'error', text: 'boom' },
    ]);
  });

  it('turn_end commits a cut-off stream, adds a usage line, and goes idle', () => {
    const s = run([
      turnStart('go'),
      { type: 'text_delta', text: 'partial' },
      turnEnd('aborted', { usage: { input: 10, output: 5, cacheRead: 30, cacheWrite: 0 }, costUsd: 0.001 }),
    ]);
    expect(kinds(s)).toEqual(['user', 'assistant', 'turn']);
    expect(s.items[2]).toEqual({ kind: 'turn', text: 'in 40 · out 5 · cache 75% · $0.0010 · cancelled' });
    expect(s.activity).toEqual({ label: 'idle' });
    expect(statusLine(s, 99_000, 120)).toContain('idle');
  });

  it('the ids a session adds to its own bookkeeping (command results, closed) change nothing on screen', () => {
    const s = start();
    expect(
      run(
        [
          {
            type: 'command_result',
            commandId: 'c1',
            result: { ok: true, type: 'interrupt', data: { interrupted: false } },
          },
          { type: 'closed' },
        ],
        s,
      ),
    ).toEqual(s);
  });
});

describe('reduce: UI actions', () => {
  it('startup notices appear once, as notices', () => {
    const s = initialState({ status: testStatus(), startupNotices: ['skill skipped: a: bad'] });
    expect(s.items).toEqual([{ kind: 'notice', text: 'skill skipped: a: bad' }]);
  });

  it('busy on starts the clock, busy off goes idle', () => {
    const on = reduce(start(), { type: 'busy', busy: true, now: 10 });
    expect(on.busy).toBe(true);
    const off = reduce(on, { type: 'busy', busy: false, now: 20 });
    expect(off).toMatchObject({ busy: false, activity: { label: 'idle' } });
  });

  it('clear empties the transcript and follows again', () => {
    const s = reduce(run([turnStart('x')]), { type: 'clear', notice: 'new conversation (session s2)' });
    expect(s.items).toEqual([{ kind: 'notice', text: 'new conversation (session s2)' }]);
    expect(s.scroll.follow).toBe(true);
  });

  it('a replay draws the history events; fresh first empties the transcript (a session resumed in place)', () => {
    const history = [turnStart('earlier'), messageEnd('answer')];
    const kept = reduce(run([turnStart('now')]), { type: 'replay', events: history, notice: 'resumed session s1' });
    expect(kinds(kept)).toEqual(['user', 'user', 'assistant', 'notice']);
    const fresh = reduce(run([turnStart('now')]), {
      type: 'replay',
      events: history,
      notice: 'resumed session s1',
      fresh: true,
    });
    expect(fresh.items).toEqual([
      { kind: 'user', text: 'earlier' },
      { kind: 'assistant', text: 'answer' },
      { kind: 'notice', text: 'resumed session s1' },
    ]);
  });
});

describe('reduce: scrolling', () => {
  const long = (n: number) =>
    reduce(start(), { type: 'info', text: Array.from({ length: n }, (_, i) => `line ${i}`).join('\n') });

  it('follows the bottom by default', () => {
    expect(long(100).scroll).toEqual({ top: 0, follow: true, newBelow: false });
  });

  it('scrolling up leaves follow mode; new output then shows the hint and does not move the view', () => {
    let s = reduce(long(100), { type: 'scroll', by: -20, total: 100, height: 20 });
    expect(s.scroll).toEqual({ top: 60, follow: false, newBelow: false });
    s = reduce(s, ev({ type: 'text_delta', text: 'more' }));
    expect(s.scroll).toEqual({ top: 60, follow: false, newBelow: true });
  });

  it('scrolling back to the bottom follows again and clears the hint', () => {
    let s = reduce(long(100), { type: 'scroll', by: -20, total: 100, height: 20 });
    s = reduce(s, ev({ type: 'notice', message: 'new' }));
    s = reduce(s, { type: 'scroll', by: 50, total: 101, height: 20 });
    expect(s.scroll).toEqual({ top: 81, follow: true, newBelow: false });
  });

  it('clamps at the top', () => {
    const s = reduce(long(30), { type: 'scroll', by: -1000, total: 30, height: 20 });
    expect(s.scroll.top).toBe(0);
  });

  it('a transcript shorter than the screen always follows', () => {
    expect(reduce(long(5), { type: 'scroll', by: -10, total: 5, height: 20 }).scroll.follow).toBe(true);
  });

  it('output while following never shows the hint', () => {
    expect(reduce(long(100), ev({ type: 'text_delta', text: 'x' })).scroll.newBelow).toBe(false);
  });
});
