import { describe, expect, it } from 'vitest';
import type { Command, CommandType, SessionEvent, SessionEventType } from './index.js';

const usage = { input: 1, output: 2, cacheRead: 3, cacheWrite: 4 };
const status = {
  sessionId: 's',
  model: 'm',
  efforts: [],
  maxTokens: 10,
  mode: 'default',
  usage,
  costUsd: 0,
  requests: 0,
  context: { used: 0, window: 1 },
  workroot: '/w',
  skills: 0,
  busy: false,
} as const;

/** One sample of every event type: the Record's keys make the compiler list each type. */
const EVENTS: { [K in SessionEventType]: Extract<SessionEvent, { type: K }> } = {
  turn_start: { type: 'turn_start', turnId: 't1', turn: 1, text: 'hi' },
  request_start: { type: 'request_start', turnId: 't1', request: 1 },
  text_delta: { type: 'text_delta', turnId: 't1', text: 'a' },
  thinking_delta: { type: 'thinking_delta', turnId: 't1', text: 'b' },
  message_end: {
    type: 'message_end',
    turnId: 't1',
    message: { role: 'assistant', content: [{ type: 'text', text: 'a' }] },
    stopReason: 'end_turn',
  },
  tool_call_started: {
    type: 'tool_call_started',
    turnId: 't1',
    callId: 'c1',
    name: 'bash',
    kind: 'exec',
    input: { command: 'ls' },
    summary: 'bash: ls',
    forced: false,
  },
  tool_update: { type: 'tool_update', turnId: 't1', callId: 'c1', text: 'a.txt\n', elapsedMs: 5 },
  approval_requested: {
    type: 'approval_requested',
    turnId: 't1',
    requestId: 'r1',
    callId: 'c1',
    tool: 'bash',
    kind: 'exec',
    summary: 'bash: ls',
    alwaysRule: 'Bash(ls:*)',
    alwaysCovers: 'ls with any arguments',
  },
  approval_resolved: { type: 'approval_resolved', requestId: 'r1', callId: 'c1', allowed: true, how: 'once' },
  tool_call_finished: {
    type: 'tool_call_finished',
    callId: 'c1',
    name: 'bash',
    isError: false,
    display: 'exit 0',
    content: [{ type: 'text', text: 'a.txt' }],
  },
  usage: { type: 'usage', request: 1, model: 'm', usage, costUsd: 0.1 },
  retry: { type: 'retry', attempt: 1, maxAttempts: 5, delayMs: 1000, reason: 'overloaded' },
  compaction: { type: 'compaction', tokensBefore: 10, tokensAfter: 2, reattachedSkills: [] },
  thread_start: { type: 'thread_start', threadId: 'th1', parentCallId: 'c1', name: 'explore' },
  thread_end: { type: 'thread_end', threadId: 'th1', stopReason: 'end_turn' },
  notice: { type: 'notice', message: 'n' },
  error: { type: 'error', message: 'e', fatal: false },
  turn_end: {
    type: 'turn_end',
    turnId: 't1',
    turn: 1,
    stopReason: 'end_turn',
    outcome: 'completed',
    usage,
    costUsd: 0,
  },
  status: { type: 'status', status },
  command_result: {
    type: 'command_result',
    commandId: 'x1',
    result: { ok: true, type: 'status', data: { status } },
  },
  closed: { type: 'closed' },
  elicitation_requested: {
    type: 'elicitation_requested',
    requestId: 'e1',
    server: 'everything',
    message: 'Your name?',
    fields: [
      { name: 'name', type: 'string', required: true },
      { name: 'size', type: 'enum', required: false, options: ['S', 'M'] },
    ],
  },
  elicitation_resolved: { type: 'elicitation_resolved', requestId: 'e1', action: 'accept' },
};

const COMMANDS: { [K in CommandType]: Extract<Command, { type: K }> } = {
  send: { id: '1', type: 'send', text: 'hi' },
  answer: { id: '2', type: 'answer', requestId: 'r1', answer: { type: 'once' } },
  interrupt: { id: '3', type: 'interrupt' },
  set_model: { id: '4', type: 'set_model', model: 'm' },
  set_effort: { id: '5', type: 'set_effort', effort: 'default' },
  set_mode: { id: '6', type: 'set_mode', mode: 'plan' },
  cycle_mode: { id: '7', type: 'cycle_mode' },
  add_rule: { id: '8', type: 'add_rule', list: 'allow', rule: 'Bash(ls:*)' },
  remove_rule: { id: '9', type: 'remove_rule', rule: 'Bash(ls:*)' },
  compact: { id: '10', type: 'compact', focus: 'tests' },
  clear: { id: '11', type: 'clear' },
  resume: { id: '12', type: 'resume', sessionId: 's' },
  list_sessions: { id: '13', type: 'list_sessions' },
  status: { id: '14', type: 'status' },
  reload_skills: { id: '15', type: 'reload_skills' },
  history: { id: '16', type: 'history' },
  slash: { id: '17', type: 'slash', text: '/model' },
  close: { id: '18', type: 'close' },
  answer_elicitation: {
    id: '19',
    type: 'answer_elicitation',
    requestId: 'e1',
    answer: { action: 'accept', content: { name: 'Ada', size: 'M' } },
  },
};

describe('the protocol is plain JSON', () => {
  it('every event type survives a JSON round trip unchanged', () => {
    for (const event of Object.values(EVENTS)) expect(JSON.parse(JSON.stringify(event))).toEqual(event);
  });

  it('every command type survives a JSON round trip unchanged', () => {
    for (const command of Object.values(COMMANDS)) expect(JSON.parse(JSON.stringify(command))).toEqual(command);
  });
});
