import { describe, expect, it } from 'vitest';
import { progressLine, SPINNER, SPINNER_MS, turnTokens } from './progress.js';
import { reduce } from './reduce.js';
import { freshView, turnEnd } from './test-events.test.helper.js';
import type { ViewState } from './view-state.js';

const base = (): ViewState => freshView();
const busyAt = (now: number) => reduce(base(), { type: 'busy', busy: true, now });

describe('the progress line', () => {
  it('is empty at idle; while a turn runs: spinner, activity, elapsed seconds of the turn, esc to cancel', () => {
    expect(progressLine(base(), 0)).toBe('');
    expect(progressLine(busyAt(1000), 4500)).toBe(
      `${SPINNER[(4500 / SPINNER_MS) % SPINNER.length]} thinking (3s · esc to cancel)`,
    );
  });

  it('counts the output tokens of this turn: usage its requests reported plus what is streaming (4 characters a token)', () => {
    let s = reduce(base(), {
      type: 'event',
      now: 0,
      event: {
        type: 'usage',
        request: 1,
        model: 'm',
        usage: { input: 10, output: 500, cacheRead: 0, cacheWrite: 0 },
        costUsd: 0,
      },
    });
    s = reduce(s, { type: 'busy', busy: true, now: 0 });
    s = reduce(s, {
      type: 'event',
      now: 0,
      event: {
        type: 'usage',
        request: 2,
        model: 'm',
        usage: { input: 10, output: 1200, cacheRead: 0, cacheWrite: 0 },
        costUsd: 0,
      },
    });
    s = reduce(s, { type: 'event', now: 0, event: { type: 'text_delta', text: 'x'.repeat(40) } });
    expect(turnTokens(s)).toBe(1210);
    expect(progressLine(s, 2000)).toMatch(/responding \(2s · ↓ 1\.2k tokens · esc to cancel\)$/);
  });

  it('a retry counts down; after the last event it says working, not idle', () => {
    let s = reduce(busyAt(0), {
      type: 'event',
      now: 0,
      event: { type: 'retry', attempt: 1, maxAttempts: 5, delayMs: 3000, reason: 'overloaded' },
    });
    expect(progressLine(s, 1000)).toMatch(/retrying \(1\/5\) in 2s \(1s · esc to cancel\)$/);
    s = reduce(s, {
      type: 'event',
      now: 0,
      event: turnEnd('end_turn'),
    });
    expect(progressLine(s, 1000)).toMatch(/working \(1s · esc to cancel\)$/);
    expect(progressLine(reduce(s, { type: 'busy', busy: false, now: 0 }), 1000)).toBe('');
  });
});
