import { describe, expect, it } from 'vitest';
import { MIN_MODEL, MIN_ROOT, statusLine } from './status-line.js';
import type { SessionStatus } from '@coding-harness/protocol';
import { freshView } from './test-events.test.helper.js';
import type { ViewState } from './view-state.js';
import { textWidth } from '@coding-harness/session/text-width';

function state(over: Partial<SessionStatus> = {}, activity: ViewState['activity'] = { label: 'idle' }): ViewState {
  const s = freshView({
    model: 'claude-sonnet-5-5',
    workroot: '/home/u/src/projects/coding-harness',
    skills: 3,
    ...over,
  });
  return { ...s, activity };
}

const BIG: Partial<SessionStatus> = {
  usage: { input: 123_456, output: 45_678, cacheRead: 987_654, cacheWrite: 12_345 },
  costUsd: 12.3456,
};
const fields = (line: string) => line.trim().split(' │ ');

describe('status bar', () => {
  it('shows every field in full when there is room', () => {
    expect(fields(statusLine(state(), 0, 200, '/home/u'))).toEqual([
      'claude-sonnet-5-5',
      '~/src/projects/coding-harness',
      '3 skills',
      'in 0 out 0',
      'cache 0%',
      '$0.0000',
      'idle',
    ]);
  });

  it('the permission mode shows when it is not the default', () => {
    expect(fields(statusLine(state({ mode: 'plan' }), 0, 200))).toContain('⏸ plan mode');
    expect(statusLine(state({ mode: 'default' }), 0, 200)).not.toMatch(/mode|edits/);
  });

  it('at 80 columns with large counts, model and root keep a readable minimum and lower-priority fields go first', () => {
    const line = statusLine(state(BIG, { label: 'running bash', since: 0 }), 12_000, 80);
    const parts = fields(line);
    expect(textWidth(line)).toBeLessThanOrEqual(80);
    expect(parts[0]!.length).toBeGreaterThanOrEqual(MIN_MODEL);
    expect(parts[1]!.length).toBeGreaterThanOrEqual(MIN_ROOT);
    expect(parts[1]).toMatch(/^…[a-z-]*harness$/);
    expect(parts.at(-1)).toBe('running bash 12s');
    expect(line).not.toContain('cache');
    expect(line).toContain('$12.');
  });

  it('drops fields in order (cache, skills, tokens, cost, root) as the bar narrows; the activity stays', () => {
    const seen = [80, 70, 60, 50, 40, 30].map((w) => statusLine(state(BIG), 0, w, '/home/u'));
    for (const [i, w] of [80, 70, 60, 50, 40, 30].entries()) expect(textWidth(seen[i]!)).toBeLessThanOrEqual(w);
    for (const line of seen) expect(line).toMatch(/idle$/);
    const has = (word: string) => seen.map((l) => l.includes(word));
    for (const word of ['cache', 'skills', 'in ', '$']) {
      const present = has(word);
      expect(present.indexOf(false) === -1 || present.slice(present.indexOf(false)).every((p) => !p)).toBe(true);
    }
    expect(seen.at(-1)).toContain('claude-sonnet');
  });

  it('a short model and root are never padded or cut', () => {
    const s = state({ ...BIG, model: 'haiku', workroot: '/w' });
    expect(fields(statusLine(s, 0, 80)).slice(0, 2)).toEqual(['haiku', '/w']);
  });
});
