/**
 * What the REPL draws under a call: an edit that ran without a question (accept-edits, an allow
 * rule) shows its applied diff under the result line, coloured, capped, whole with --verbose (a
 * question that showed the diff is not repeated); a fork skill's subagent shows its tool calls
 * nested under the skill call.
 */
import type { SessionEvent as AgentEvent } from '@coding-harness/protocol';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { createEventRenderer } from './render.js';
import { DIFF_HEAD } from './render-output.js';

const plain = pc.createColors(false);
const color = pc.createColors(true);
const started: AgentEvent = {
  type: 'tool_call_started',
  callId: 'e1',
  name: 'edit_file',
  kind: 'write',
  input: { path: 'a.ts' },
  summary: 'edit_file a.ts',
  forced: false,
};
const finished = (diff: string): AgentEvent => ({
  type: 'tool_call_finished',
  callId: 'e1',
  name: 'edit_file',
  isError: false,
  display: 'edited a.ts (1 occurrence)',
  content: [{ type: 'text', text: 'Edited a.ts: replaced 1 occurrence.' }],
  diff,
});
const DIFF = ['--- a.ts', '+++ a.ts', '@@ -1,2 +1,2 @@', ' keep', '-old \x1b[2J', '+new'].join('\n');

function out(events: AgentEvent[], opts: { verbose?: boolean; colors?: typeof plain } = {}): string {
  const render = createEventRenderer({
    colors: opts.colors ?? plain,
    text: 'stream',
    toolLines: true,
    output: opts.verbose ? 'all' : 'tail',
  });
  return events
    .flatMap((e) => render(e))
    .map((c) => c.text)
    .join('');
}

describe('the applied diff under an edit', () => {
  it('shows the hunks under the result line, without the file labels, escapes shown', () => {
    expect(out([started, finished(DIFF)]).split('\n')).toEqual([
      '● edit_file a.ts',
      '  ⎿  edited a.ts (1 occurrence)',
      '     @@ -1,2 +1,2 @@',
      '      keep',
      '     -old \\x1b[2J',
      '     +new',
      '',
    ]);
  });

  it('colours added lines green and removed ones red (plain under NO_COLOR, as above)', () => {
    const shown = out([started, finished(DIFF)], { colors: color });
    expect(shown).toContain(color.green('+new'));
    expect(shown).toContain(color.red('-old \\x1b[2J'));
  });

  it('caps a long diff with a count of the rest, and shows all of it with --verbose', () => {
    const long = ['--- a.ts', '+++ a.ts', '@@ -0,0 +1,40 @@', ...Array.from({ length: 40 }, (_, i) => `+l${i}`)];
    const capped = out([started, finished(long.join('\n'))]);
    expect(capped).toContain(`     … ${41 - DIFF_HEAD} more diff lines (--verbose shows all)`);
    expect(capped).not.toContain('+l39');
    const all = out([started, finished(long.join('\n'))], { verbose: true });
    expect(all).toContain('+l39');
    expect(all).not.toContain('more diff lines');
  });

  it('is not repeated under a call whose question showed it', () => {
    const asked: AgentEvent = {
      type: 'approval_requested',
      requestId: 'r1',
      callId: 'e1',
      tool: 'edit_file',
      kind: 'write',
      summary: 'edit_file: a.ts',
      preview: DIFF,
      alwaysRule: 'edit_file(a.ts)',
    };
    const shown = out([started, asked, finished(DIFF)]);
    expect(shown).toContain('edited a.ts');
    expect(shown).not.toContain('+new');
  });
});

describe("a fork skill's subagent", () => {
  it("shows its thread's tool calls nested and dim under the skill call, whose result then follows without the call again", () => {
    const skill: AgentEvent = {
      type: 'tool_call_started',
      callId: 's1',
      name: 'skill',
      kind: 'read',
      input: { name: 'survey' },
      summary: 'skill survey',
      forced: false,
    };
    const thread: AgentEvent = { type: 'thread_start', threadId: 'th1', parentCallId: 's1', name: 'skill survey' };
    let n = 0;
    const nested = (text: string): AgentEvent => ({
      type: 'tool_call_started',
      threadId: 'th1',
      callId: `n${++n}`,
      name: 'glob',
      kind: 'read',
      input: {},
      summary: text,
      forced: false,
    });
    const done: AgentEvent = {
      type: 'tool_call_finished',
      callId: 's1',
      name: 'skill',
      isError: false,
      display: 'skill survey: subagent answered (2 requests, 1 tool call)',
      content: [{ type: 'text', text: 'FINDINGS' }],
    };
    expect(out([skill, thread, nested('glob *'), nested('read_file a\x1b.ts'), done]).split('\n')).toEqual([
      '● skill survey',
      '     ↳ glob *',
      '     ↳ read_file a\\x1b.ts',
      '  ⎿  skill survey: subagent answered (2 requests, 1 tool call)',
      '',
    ]);
    const dim = out([skill, thread, nested('glob *')], { colors: color });
    expect(dim).toContain(color.dim('↳ glob *'));
  });
});
