/** The pure parts of the ACP front end: prompts in, events out, questions, stop reasons, commands. */
import type { EventOf, SessionEvent } from '@coding-harness/protocol';
import { unifiedDiff } from '@coding-harness/tools';
import { describe, expect, it } from 'vitest';
import { availableCommands } from './commands.js';
import { diffContent } from './diff-content.js';
import { answerOf, permissionOptions } from './permission.js';
import { promptText } from './prompt.js';
import { stopReasonOf } from './stop-reason.js';
import { createUpdateMapper, OUTPUT_TAIL_CHARS } from './updates.js';

const question = (over: Partial<EventOf<'approval_requested'>> = {}): EventOf<'approval_requested'> => ({
  type: 'approval_requested',
  requestId: 'r1',
  callId: 'c1',
  tool: 'bash',
  kind: 'exec',
  summary: 'bash: npm test',
  alwaysRule: 'Bash(npm test:*)',
  alwaysCovers: 'npm test with any arguments',
  ...over,
});

describe('a prompt as one text', () => {
  it('runs text and links on inline and puts an embedded text resource in a block of its own, with its URI', () => {
    const text = promptText([
      { type: 'text', text: 'fix ' },
      { type: 'resource_link', name: 'a.ts', uri: 'file:///w/a.ts' },
      { type: 'text', text: ' please' },
      { type: 'resource', resource: { uri: 'file:///w/b.ts', mimeType: 'text/x-typescript', text: 'const b = 1;' } },
    ]);
    expect(text).toEqual({
      ok: true,
      text: 'fix [a.ts](file:///w/a.ts) please\n\n<resource uri="file:///w/b.ts" type="text/x-typescript">\nconst b = 1;\n</resource>\n',
    });
  });

  it('refuses what a text-only session cannot take, saying what and that nothing was sent', () => {
    const image = promptText([{ type: 'image', mimeType: 'image/png', data: 'AAAA' }]);
    expect(image).toEqual({
      ok: false,
      error:
        'an image (image/png) is attached: this session takes text and text resources only; nothing was sent to the model',
    });
    expect(promptText([{ type: 'audio', mimeType: 'audio/wav', data: 'AAAA' }])).toMatchObject({ ok: false });
    expect(
      promptText([{ type: 'resource', resource: { uri: 'file:///w/x.bin', blob: 'AAAA', mimeType: 'application/x' } }]),
    ).toMatchObject({ ok: false, error: expect.stringContaining('file:///w/x.bin is binary') });
    expect(promptText([{ type: 'text', text: '  ' }])).toMatchObject({ ok: false });
  });
});

describe('a unified diff as ACP diff content', () => {
  it('gives one diff per hunk with the hunk lines as old and new text; a new file has no old text', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
    const after = before.replace('line 2\n', 'line two\n').replace('line 19', 'line nineteen');
    const content = diffContent('/w/a.txt', unifiedDiff(`${before}\n`, `${after}\n`, { fromLabel: 'a.txt' }));
    expect(content).toHaveLength(2);
    expect(content?.[0]).toEqual({
      type: 'diff',
      path: '/w/a.txt',
      oldText: 'line 1\nline 2\nline 3\nline 4\nline 5\n',
      newText: 'line 1\nline two\nline 3\nline 4\nline 5\n',
    });
    expect(diffContent('/w/n.txt', unifiedDiff('', 'new\n', { fromLabel: 'n.txt' }))).toEqual([
      { type: 'diff', path: '/w/n.txt', oldText: null, newText: 'new\n' },
    ]);
  });

  it('gives nothing for a diff cut short or for text that is no diff (the caller shows text instead)', () => {
    const long = unifiedDiff('a\n', Array.from({ length: 50 }, (_, i) => `${i}`).join('\n'), { maxLines: 10 });
    expect(long).toContain('more diff lines');
    expect(diffContent('/w/a', long)).toBeUndefined();
    expect(diffContent('/w/a', '(a.bin is larger than 4 MiB or unreadable; no diff shown)')).toBeUndefined();
  });
});

describe('events as session updates', () => {
  const started: SessionEvent = {
    type: 'tool_call_started',
    callId: 'c1',
    name: 'edit_file',
    kind: 'write',
    input: { path: 'src/a.ts', old_string: 'a', new_string: 'b' },
    summary: 'edit_file src/a.ts',
    forced: false,
  };

  it('maps a live turn: chunks, a tool call with its location, its progress and its diff; a subagent text is left out', () => {
    const map = createUpdateMapper({ workroot: '/w' });
    const all = (
      [
        { type: 'turn_start', turnId: 't', turn: 1, text: 'hi' },
        { type: 'thinking_delta', text: 'hmm' },
        { type: 'text_delta', text: 'Sure.' },
        { type: 'text_delta', text: 'sub', threadId: 'th1' },
        started,
        { type: 'approval_resolved', callId: 'c1', allowed: true, how: 'once' },
        {
          type: 'tool_call_finished',
          callId: 'c1',
          name: 'edit_file',
          isError: false,
          display: 'edited src/a.ts',
          content: [{ type: 'text', text: 'Edited src/a.ts' }],
          diff: unifiedDiff('a\n', 'b\n', { fromLabel: 'src/a.ts' }),
        },
      ] as SessionEvent[]
    ).flatMap((e) => map.updates(e));
    expect(all).toEqual([
      { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'hmm' } },
      { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Sure.' } },
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'c1',
        title: 'edit_file src/a.ts',
        kind: 'edit',
        status: 'pending',
        rawInput: { path: 'src/a.ts', old_string: 'a', new_string: 'b' },
        locations: [{ path: '/w/src/a.ts' }],
      },
      { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'in_progress' },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'c1',
        status: 'completed',
        content: [{ type: 'diff', path: '/w/src/a.ts', oldText: 'a\n', newText: 'b\n' }],
      },
    ]);
  });

  it("streams a command's output so far, its tail only, and ends a failed call as failed with its text", () => {
    const map = createUpdateMapper({ workroot: '/w' });
    map.updates({
      ...started,
      callId: 'b1',
      name: 'bash',
      kind: 'exec',
      input: { command: 'make' },
      summary: 'bash: make',
    });
    const first = map.updates({ type: 'tool_update', callId: 'b1', text: 'one\n', elapsedMs: 1 });
    const second = map.updates({ type: 'tool_update', callId: 'b1', text: 'two\n', elapsedMs: 2 });
    expect(first[0]).toMatchObject({ status: 'in_progress', content: [{ content: { text: 'one\n' } }] });
    expect(second[0]).toMatchObject({ content: [{ content: { text: 'one\ntwo\n' } }] });
    const big = map.updates({ type: 'tool_update', callId: 'b1', text: 'x'.repeat(OUTPUT_TAIL_CHARS), elapsedMs: 3 });
    const shown = (big[0] as { content: { content: { text: string } }[] }).content[0]!.content.text;
    expect(shown).toMatch(/^… 8 earlier characters not shown\n/);
    const end = map.updates({
      type: 'tool_call_finished',
      callId: 'b1',
      name: 'bash',
      isError: true,
      display: 'exit 2',
      content: [{ type: 'text', text: 'make: *** no rule' }],
    });
    expect(end).toEqual([
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'b1',
        status: 'failed',
        content: [{ type: 'content', content: { type: 'text', text: 'make: *** no rule' } }],
      },
    ]);
  });

  it('in a replay a user turn is a user message; notices and retries are thoughts, errors are said', () => {
    const map = createUpdateMapper({ workroot: '/w', replay: true });
    expect(map.updates({ type: 'turn_start', turnId: 'h1', turn: 1, text: 'hi' })).toEqual([
      { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'hi' } },
    ]);
    expect(map.updates({ type: 'notice', message: 'skill x loaded' })[0]).toMatchObject({
      sessionUpdate: 'agent_thought_chunk',
    });
    expect(map.updates({ type: 'error', message: 'overloaded', fatal: true })[0]).toMatchObject({
      sessionUpdate: 'agent_message_chunk',
      content: { text: '\n\nerror: overloaded\n' },
    });
    expect(map.updates({ type: 'request_start', request: 1 })).toEqual([]);
  });

  it("shows a question's preview as a diff for a file call, else as text", () => {
    const map = createUpdateMapper({ workroot: '/w' });
    map.updates(started);
    expect(map.previewContent(question({ preview: unifiedDiff('a\n', 'b\n') }))).toEqual([
      { type: 'diff', path: '/w/src/a.ts', oldText: 'a\n', newText: 'b\n' },
    ]);
    expect(map.locations('c1')).toEqual([{ path: '/w/src/a.ts' }]);
    expect(map.previewContent(question({ callId: 'x', preview: 'rm -rf build' }))).toEqual([
      { type: 'content', content: { type: 'text', text: 'rm -rf build' } },
    ]);
  });
});

describe('questions, stop reasons and commands', () => {
  it('offers allow once, always for the session and for the project (named with the rule) and reject; no "always" when it would add no rule', () => {
    expect(permissionOptions(question())).toEqual([
      { optionId: 'allow_once', name: 'Allow once', kind: 'allow_once' },
      {
        optionId: 'allow_always',
        name: 'Always allow Bash(npm test:*) (npm test with any arguments) in this session',
        kind: 'allow_always',
      },
      {
        optionId: 'allow_always_project',
        name: 'Always allow Bash(npm test:*) (npm test with any arguments) in this project (saved in .claude/settings.local.json)',
        kind: 'allow_always',
      },
      { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
    ]);
    expect(permissionOptions(question({ alwaysRule: '' })).map((o) => o.kind)).toEqual(['allow_once', 'reject_once']);
    expect(answerOf({ outcome: 'selected', optionId: 'allow_once' })).toEqual({ type: 'once' });
    expect(answerOf({ outcome: 'selected', optionId: 'allow_always' })).toEqual({ type: 'session' });
    expect(answerOf({ outcome: 'selected', optionId: 'allow_always_project' })).toEqual({ type: 'project' });
    expect(answerOf({ outcome: 'selected', optionId: 'reject_once' })).toEqual({ type: 'deny' });
    expect(answerOf({ outcome: 'cancelled' })).toMatchObject({ type: 'deny' });
    expect(answerOf({ outcome: 'selected', optionId: 'made_up' })).toMatchObject({ type: 'deny' });
  });

  it('maps every turn stop reason; an error has none (the prompt fails with the message)', () => {
    expect(stopReasonOf('end_turn')).toBe('end_turn');
    expect(stopReasonOf('max_tokens')).toBe('max_tokens');
    expect(stopReasonOf('model_context_window_exceeded')).toBe('max_tokens');
    expect(stopReasonOf('max_turns')).toBe('max_turn_requests');
    expect(stopReasonOf('refusal')).toBe('refusal');
    expect(stopReasonOf('aborted')).toBe('cancelled');
    expect(stopReasonOf('error')).toBeUndefined();
    expect(stopReasonOf('empty_answer')).toBeUndefined();
    expect(stopReasonOf('compaction')).toBeUndefined();
  });

  it('lists the built-in commands but /exit, then the skills a user may run (a shadowed one as skill:name)', () => {
    const commands = availableCommands(
      [
        { name: 'model', aliases: [], args: '[id]', description: 'switch' },
        { name: 'exit', aliases: ['quit'], args: '', description: 'leave' },
      ],
      [
        {
          name: 'deploy',
          description: 'Ship',
          source: 'project',
          userInvocable: true,
          modelInvocable: true,
          argumentHint: '[env]',
        },
        {
          name: 'model',
          description: 'A skill named model',
          source: 'project',
          userInvocable: true,
          modelInvocable: true,
        },
        { name: 'secret', description: 'model only', source: 'project', userInvocable: false, modelInvocable: true },
      ],
    );
    expect(commands).toEqual([
      { name: 'model', description: 'switch', input: { hint: '[id]' } },
      { name: 'deploy', description: 'Ship', input: { hint: '[env]' } },
      { name: 'skill:model', description: 'A skill named model', input: { hint: 'arguments (optional)' } },
    ]);
  });
});
