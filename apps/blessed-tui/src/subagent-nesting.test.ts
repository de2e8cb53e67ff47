import type { AgentEvent } from '@coding-harness/agent';
import { describe, expect, it } from 'vitest';
import { layoutTranscript } from './layout.js';
import { reduce } from './reduce.js';
import { initialState, type ViewState } from './view-state.js';

const run = (events: AgentEvent[]): ViewState =>
  events.reduce(
    (s, event) => reduce(s, { type: 'agent', event, now: 0 }),
    initialState({ model: 'm', workroot: '/w', skillCount: 1 }),
  );
const nested = (text: string, parent = 's1'): AgentEvent => ({
  type: 'notice',
  message: `skill survey (subagent): ${text}`,
  subagent: { parent, text },
});
const skillCall: AgentEvent = {
  type: 'tool_call_started',
  id: 's1',
  name: 'skill',
  input: { name: 'survey' },
  summary: 'skill survey',
  forced: false,
};

describe("a fork skill's subagent in the TUI", () => {
  it('its tool calls are dim lines nested under the skill call, above its result, not notices of their own', () => {
    const s = run([
      skillCall,
      nested('glob *'),
      nested('read_file a\x1b.ts'),
      {
        type: 'tool_call_finished',
        id: 's1',
        name: 'skill',
        isError: false,
        display: 'skill survey: subagent answered (2 requests, 1 tool call)',
        content: 'FINDINGS',
      },
    ]);
    expect(s.items.map((i) => i.kind)).toEqual(['tool']);
    const lines = layoutTranscript(s, 80)
      .slice(0, 4)
      .map((l) => ({ text: l.text.trimEnd(), style: l.style }));
    expect(lines).toEqual([
      { text: '● skill survey', style: 'tool' },
      { text: '    ↳ glob *', style: 'dim' },
      { text: '    ↳ read_file a\\x1b.ts', style: 'dim' },
      { text: '  ⎿ skill survey: subagent answered (2 requests, 1 tool call)  (Ctrl-O expands)', style: 'dim' },
    ]);
  });

  it('a subagent notice whose call is not on screen is an ordinary notice with the whole message', () => {
    const s = run([nested('glob *', 'gone')]);
    expect(s.items).toEqual([{ kind: 'notice', text: 'skill survey (subagent): glob *' }]);
  });
});
