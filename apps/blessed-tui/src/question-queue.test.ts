import type { Answer } from '@coding-harness/protocol';
import { describe, expect, it } from 'vitest';
import { QuestionQueue } from './question-queue.js';
import { question, started } from './test-events.test.helper.js';

const bash = (command: string, callId: string) =>
  question({ tool: 'bash', kind: 'exec', input: { command }, target: command, summary: `bash: ${command}` }, callId);

function queue() {
  const answered: [string, Answer][] = [];
  let redraws = 0;
  const q = new QuestionQueue(
    (requestId, answer) => answered.push([requestId, answer]),
    () => redraws++,
  );
  return { q, answered, redraws: () => redraws };
}

describe('the question queue', () => {
  it('asks one question at a time, in order; each answer goes out by its request id and opens the next', () => {
    const { q, answered, redraws } = queue();
    q.onEvent(bash('npm test', 'c1'));
    q.onEvent(bash('npm run build', 'c2'));
    expect(q.current?.request.target).toBe('npm test');
    q.key('y', 'y');
    expect(answered).toEqual([['req_c1', { type: 'once' }]]);
    expect(q.current?.request.target).toBe('npm run build');
    q.key('a', 'a');
    expect(answered).toEqual([
      ['req_c1', { type: 'once' }],
      ['req_c2', { type: 'session' }],
    ]);
    expect(q.current).toBeUndefined();
    expect(redraws()).toBeGreaterThanOrEqual(3);
  });

  it('a question the session settled (approval_resolved: a cancelled turn) is dropped, open or waiting', () => {
    const { q, answered } = queue();
    q.onEvent(bash('a', 'c1'));
    q.onEvent(bash('b', 'c2'));
    q.onEvent(bash('c', 'c3'));
    q.onEvent({ type: 'approval_resolved', requestId: 'req_c2', callId: 'c2', allowed: false, how: 'aborted' });
    expect(q.current?.request.target).toBe('a');
    q.onEvent({ type: 'approval_resolved', requestId: 'req_c1', callId: 'c1', allowed: false, how: 'aborted' });
    expect(q.current?.request.target).toBe('c');
    expect(answered).toEqual([]);
    q.clear();
    expect(q.current).toBeUndefined();
  });

  it("the modal knows the call's input from its tool_call_started", () => {
    const { q } = queue();
    q.onEvent(started('c1', 'fetch_page', 'read', 'fetch_page', { url: 'https://example.com' }));
    q.onEvent({ ...bash('x', 'c1'), kind: 'read', tool: 'fetch_page' });
    expect(q.current?.request.input).toEqual({ url: 'https://example.com' });
  });
});
