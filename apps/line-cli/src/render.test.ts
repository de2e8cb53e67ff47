import type { AgentEvent } from '@coding-harness/agent';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { parseApprovalAnswer } from './approval-answer.js';
import { colorsFor } from './colors.js';
import { approvalQuestion, createEventRenderer, formatUsageLine } from './render.js';
import type { Chunk } from './render.js';

const plain = pc.createColors(false);
const usage = { input: 100, output: 20, cacheRead: 300, cacheWrite: 0 };

function renderAll(events: AgentEvent[], text: 'stream' | 'final', toolLines = true): Chunk[] {
  const render = createEventRenderer({ colors: plain, text, toolLines });
  return events.flatMap((e) => render(e));
}
const joined = (chunks: Chunk[], stream: Chunk['stream']) =>
  chunks
    .filter((c) => c.stream === stream)
    .map((c) => c.text)
    .join('');

const turn: AgentEvent[] = [
  { type: 'turn_start', turn: 1, text: 'read it' },
  { type: 'request_start', request: 1 },
  { type: 'text_delta', text: 'Let me ' },
  { type: 'text_delta', text: 'look.' },
  { type: 'assistant_message', text: 'Let me look.', stopReason: 'tool_use' },
  { type: 'tool_call_started', id: 't1', name: 'read_file', input: { path: 'src/app.ts' }, summary: 'read_file src/app.ts', forced: false },
  { type: 'tool_call_finished', id: 't1', name: 'read_file', isError: false, display: 'read src/app.ts (12 lines)', content: '...' },
  { type: 'tool_call_started', id: 't2', name: 'bash', input: { command: 'npm test' }, summary: 'bash: npm test', forced: false },
  { type: 'approval_resolved', id: 't2', allowed: false, how: 'deny', message: 'needs --allowed-tools Bash(npm test)' },
  { type: 'tool_call_finished', id: 't2', name: 'bash', isError: true, display: 'denied', content: '...' },
  { type: 'usage', request: 1, model: 'm', usage, costUsd: 0.01 },
  { type: 'text_delta', text: 'All good.' },
  { type: 'assistant_message', text: 'All good.', stopReason: 'end_turn' },
  { type: 'turn_end', turn: 1, stopReason: 'end_turn', usage, costUsd: 0.01 },
];

describe('event rendering', () => {
  it('streams text and puts each tool call and its result summary on its own line (REPL)', () => {
    expect(joined(renderAll(turn, 'stream'), 'out')).toBe('Let me look.\n● read_file src/app.ts\n  ⎿  read src/app.ts (12 lines)\n● bash: npm test\n  ⎿  denied\nAll good.\n');
  });

  it('-p text: only the final answer on stdout, the denial (with its flag) on stderr', () => {
    const chunks = renderAll(turn, 'final', false);
    expect(joined(chunks, 'out')).toBe('All good.\n');
    expect(joined(chunks, 'err')).toBe('denied: needs --allowed-tools Bash(npm test)\n');
  });

  it('-p text --verbose: tool lines and earlier texts go to stderr', () => {
    const err = joined(renderAll(turn, 'final', true), 'err');
    expect(err).toContain('Let me look.\n● read_file src/app.ts\n');
    expect(err).toContain('⎿  denied');
  });

  it('says a turn was cancelled, and errors always show', () => {
    const chunks = renderAll(
      [
        { type: 'text_delta', text: 'partial' },
        { type: 'error', message: 'overloaded', fatal: true },
        { type: 'turn_end', turn: 1, stopReason: 'aborted', usage, costUsd: 0 },
      ],
      'stream',
    );
    expect(joined(chunks, 'out')).toBe('partial\n(cancelled)\n');
    expect(joined(chunks, 'err')).toBe('error: overloaded\n');
  });

  it('formats the usage line with the cache-read share and the cost estimate', () => {
    expect(formatUsageLine(usage, 0.01234)).toBe('tokens in 400 (75% cache read) · out 20 · ~$0.0123');
  });

  it('asks the approval question in the documented words', () => {
    expect(approvalQuestion('bash: npm test', plain)).toBe('Allow bash: npm test? [y]es / [a]lways / [n]o (message) ');
  });

  it('uses colours only on a TTY without NO_COLOR', () => {
    expect(colorsFor(true, {}).red('x')).not.toBe('x');
    expect(colorsFor(true, { NO_COLOR: '1' }).red('x')).toBe('x');
    expect(colorsFor(false, {}).red('x')).toBe('x');
  });
});

describe('parseApprovalAnswer', () => {
  it('reads y / a / n, a denial message, and asks again on empty input', () => {
    expect(parseApprovalAnswer('y')).toEqual({ type: 'once' });
    expect(parseApprovalAnswer(' Yes ')).toEqual({ type: 'once' });
    expect(parseApprovalAnswer('a')).toEqual({ type: 'session' });
    expect(parseApprovalAnswer('always')).toEqual({ type: 'session' });
    expect(parseApprovalAnswer('n')).toEqual({ type: 'deny' });
    expect(parseApprovalAnswer('n keep the build')).toEqual({ type: 'deny', message: 'keep the build' });
    expect(parseApprovalAnswer('no, use pnpm')).toEqual({ type: 'deny', message: 'use pnpm' });
    expect(parseApprovalAnswer('use yarn instead')).toEqual({ type: 'deny', message: 'use yarn instead' });
    expect(parseApprovalAnswer('   ')).toBeUndefined();
  });
});
