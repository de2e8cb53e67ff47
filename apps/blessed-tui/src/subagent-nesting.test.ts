import type { SessionEvent } from '@coding-harness/protocol';
import { describe, expect, it } from 'vitest';
import { layoutTranscript } from './layout.js';
import { reduce } from './reduce.js';
import { finished, freshView, messageEnd, started, turnStart } from './test-events.test.helper.js';
import type { ViewState } from './view-state.js';

const run = (events: SessionEvent[]): ViewState =>
  events.reduce((s, event) => reduce(s, { type: 'event', event, now: 0 }), freshView({ skills: 1 }));
/** `event` as the subagent's thread sends it. */
const inThread = (event: SessionEvent, threadId = 'th1'): SessionEvent => ({ ...event, threadId });
const threadStart = (parentCallId = 's1'): SessionEvent => ({
  type: 'thread_start',
  threadId: 'th1',
  parentCallId,
  name: 'skill survey',
});
const skillCall = started('s1', 'skill', 'read', 'skill survey', { name: 'survey' });

describe("a subagent's thread in the TUI", () => {
  it("its tool calls are dim lines nested under the call it runs under, above that call's result, not items of their own", () => {
    const s = run([
      skillCall,
      threadStart(),
      inThread(turnStart('List the files.')),
      inThread({ type: 'text_delta', text: 'Looking around.' }),
      inThread(messageEnd('Looking around.', 'tool_use')),
      inThread(started('g1', 'glob', 'read', 'glob *')),
      inThread(finished('g1', 'glob', '2 files', 'a\nb')),
      inThread(started('r1', 'read_file', 'read', 'a\x1b.ts')),
      inThread(finished('r1', 'read_file', 'no such file', 'ENOENT', { isError: true })),
      inThread(messageEnd('FINDINGS')),
      { type: 'thread_end', threadId: 'th1', stopReason: 'end_turn' },
      finished('s1', 'skill', 'skill survey: subagent answered (2 requests, 2 tool calls)', 'FINDINGS'),
    ]);
    expect(s.items.map((i) => i.kind)).toEqual(['tool']);
    expect(s.streaming).toBe('');
    const lines = layoutTranscript(s, 80)
      .slice(0, 5)
      .map((l) => ({ text: l.text.trimEnd(), style: l.style }));
    expect(lines).toEqual([
      { text: '● skill survey', style: 'tool' },
      { text: '    ↳ glob *', style: 'dim' },
      { text: '    ↳ read_file a\\x1b.ts', style: 'dim' },
      { text: '    ↳ read_file failed: no such file', style: 'dim' },
      { text: '  ⎿ skill survey: subagent answered (2 requests, 2 tool calls)  (Ctrl-O expands)', style: 'dim' },
    ]);
  });

  it("its errors name it; its requests count in the bar and the turn's tokens like the main turn's", () => {
    const s = run([
      skillCall,
      threadStart(),
      inThread({ type: 'error', message: 'overloaded', fatal: false }),
      inThread({
        type: 'usage',
        request: 2,
        model: 'm1',
        usage: { input: 10, output: 20, cacheRead: 0, cacheWrite: 0 },
        costUsd: 0.5,
      }),
    ]);
    expect(s.items.at(-1)).toEqual({ kind: 'error', text: 'skill survey (subagent): overloaded' });
    expect(s.unsettled.costUsd).toBe(0.5);
  });

  it('a thread whose call is not on screen shows its calls as notices naming it', () => {
    const s = run([threadStart('gone'), inThread(started('g1', 'glob', 'read', 'glob *'))]);
    expect(s.items).toEqual([{ kind: 'notice', text: 'skill survey (subagent): glob *' }]);
  });
});
