import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '@coding-harness/approval';
import { QuestionQueue } from './question-queue.js';

const request = (command: string): ApprovalRequest => ({
  tool: 'bash',
  kind: 'exec',
  input: { command },
  target: command,
  summary: `bash: ${command}`,
});

describe('the question queue', () => {
  it('asks one question at a time, in order; each answer opens the next', async () => {
    let redraws = 0;
    const q = new QuestionQueue(() => redraws++);
    const first = q.ask(request('npm test'));
    const second = q.ask(request('npm run build'));
    expect(q.current?.request.target).toBe('npm test');
    q.key('y', 'y');
    expect(await first).toEqual({ type: 'once' });
    expect(q.current?.request.target).toBe('npm run build');
    q.key('a', 'a');
    expect(await second).toEqual({ type: 'session' });
    expect(q.current).toBeUndefined();
    expect(redraws).toBeGreaterThanOrEqual(3);
  });

  it('denyAll answers the open and the waiting questions with the reason and closes the modal', async () => {
    const q = new QuestionQueue(() => {});
    const asked = [q.ask(request('a')), q.ask(request('b'))];
    q.denyAll('the user cancelled the turn');
    expect(await Promise.all(asked)).toEqual([
      { type: 'deny', message: 'the user cancelled the turn' },
      { type: 'deny', message: 'the user cancelled the turn' },
    ]);
    expect(q.current).toBeUndefined();
  });
});
