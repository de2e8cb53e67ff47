import type { AgentEvent } from '@coding-harness/agent';
import type { Message } from '@coding-harness/model';
import { describe, expect, it } from 'vitest';
import { reduce } from './reduce.js';
import { replayEvents, resultLine } from './replay.js';
import { initialState } from './view-state.js';

const summarize = (name: string, input: unknown) => `${name}: ${(input as { path?: string }).path ?? '?'}`;
const TRANSCRIPT: Message[] = [
  { role: 'user', content: [{ type: 'text', text: 'fix greet.txt' }] },
  {
    role: 'assistant',
    content: [
      { type: 'thinking', text: 'hm', meta: { anthropic: { signature: 's' } } },
      { type: 'text', text: 'Reading it.' },
      { type: 'tool_call', id: 'u1', name: 'read_file', input: { path: 'greet.txt' } },
    ],
  },
  {
    role: 'user',
    content: [{ type: 'tool_result', callId: 'u1', content: [{ type: 'text', text: '1\tHello\n2\tworld\n' }] }],
  },
  { role: 'assistant', content: [{ type: 'tool_call', id: 'u2', name: 'bash', input: { command: 'false' } }] },
  {
    role: 'user',
    content: [{ type: 'tool_result', callId: 'u2', content: [{ type: 'text', text: 'exit 1' }], isError: true }],
  },
  { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
  { role: 'user', content: [{ type: 'text', text: 'thanks' }] },
  { role: 'assistant', content: [{ type: 'text', text: 'You are welcome.' }] },
];
const fresh = () => initialState({ model: 'm', workroot: '/w', skillCount: 0, startupNotices: ['a startup note'] });

describe('replaying a resumed transcript', () => {
  it('maps user text, assistant thinking and text, tool_use and tool_result to live events', () => {
    const events = replayEvents(TRANSCRIPT, summarize);
    expect(events.map((e) => e.type)).toEqual([
      'turn_start',
      'thinking_delta',
      'text_delta',
      'assistant_message',
      'tool_call_started',
      'tool_call_finished',
      'tool_call_started',
      'tool_call_finished',
      'assistant_message',
      'turn_start',
      'assistant_message',
    ]);
    expect(events[1]).toEqual({ type: 'thinking_delta', text: 'hm' });
    expect(events[4]).toMatchObject({ id: 'u1', name: 'read_file', summary: 'read_file: greet.txt', forced: false });
    expect(events[5]).toMatchObject({
      id: 'u1',
      name: 'read_file',
      isError: false,
      display: '1\tHello (2 lines)',
      content: '1\tHello\n2\tworld\n',
    });
    expect(events[7]).toMatchObject({ id: 'u2', name: 'bash', isError: true, display: 'exit 1' });
  });

  it('the reducer draws them as the live session did: user turns, thinking (folded), text, collapsed tool calls, then the notice', () => {
    const state = reduce(fresh(), {
      type: 'replay',
      events: replayEvents(TRANSCRIPT, summarize),
      notice: 'resumed session s-1',
    });
    expect(state.items.map((i) => i.kind)).toEqual([
      'notice',
      'user',
      'thinking',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'user',
      'assistant',
      'notice',
    ]);
    expect(state.items.at(-1)).toEqual({ kind: 'notice', text: 'resumed session s-1' });
    expect(state.items[2]).toEqual({ kind: 'thinking', text: 'hm', expanded: false });
    expect(state.items[4]).toMatchObject({
      kind: 'tool',
      state: 'done',
      expanded: false,
      display: '1\tHello (2 lines)',
    });
    expect(state.items[5]).toMatchObject({ kind: 'tool', state: 'error', expanded: false });
    expect(state).toMatchObject({ busy: false, activity: { label: 'idle' }, streaming: '', scroll: { follow: true } });
  });

  it('gives the same items as the live events of that turn', () => {
    const live: AgentEvent[] = [
      { type: 'turn_start', turn: 1, text: 'fix greet.txt' },
      { type: 'thinking_delta', text: 'hm' },
      { type: 'text_delta', text: 'Reading it.' },
      { type: 'assistant_message', text: 'Reading it.', stopReason: 'tool_use' },
      {
        type: 'tool_call_started',
        id: 'u1',
        name: 'read_file',
        input: { path: 'greet.txt' },
        summary: 'read_file: greet.txt',
        forced: false,
      },
      {
        type: 'tool_call_finished',
        id: 'u1',
        name: 'read_file',
        isError: false,
        display: '1\tHello (2 lines)',
        content: '1\tHello\n2\tworld\n',
      },
    ];
    const liveState = live.reduce((s, event) => reduce(s, { type: 'agent', event, now: 0 }), fresh());
    const replayed = reduce(fresh(), {
      type: 'replay',
      events: replayEvents(TRANSCRIPT.slice(0, 3), summarize),
      notice: 'n',
    });
    expect(replayed.items.slice(0, -1)).toEqual(liveState.items);
  });

  it('a compacted summary is one notice, its re-attached skills are not user turns', () => {
    const compacted: Message[] = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'This session was compacted; the earlier conversation is summarised below.\n\nstuff' },
          {
            type: 'text',
            text: 'The skill "x" was invoked earlier in this session. Its instructions still apply:\n\n...',
          },
          { type: 'text', text: 'go on' },
        ],
      },
    ];
    const state = reduce(fresh(), { type: 'replay', events: replayEvents(compacted, summarize), notice: 'resumed' });
    expect(state.items.slice(1)).toEqual([
      { kind: 'notice', text: 'earlier turns were compacted into a summary' },
      { kind: 'user', text: 'go on' },
      { kind: 'notice', text: 'resumed' },
    ]);
  });

  it('a stored result stands in for the one-line display: first non-empty line, cut, with its line count', () => {
    expect(resultLine('ok')).toBe('ok');
    expect(resultLine('\n  first\nsecond\n')).toBe('first (3 lines)');
    expect(resultLine('x'.repeat(150))).toHaveLength(100);
  });
});
