import { resultText } from '@coding-harness/model';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createPolicy } from '@coding-harness/approval';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from './events.js';
import { cleanup, ofType, setup, transcriptProblems, turnEnd } from './testing/kit.test.util.js';
import type { Agent } from './agent.js';

afterEach(cleanup);

/** Runs a turn and aborts it when `when` first holds for an event. */
async function turnAbortedWhen(agent: Agent, text: string, when: (e: AgentEvent) => boolean): Promise<AgentEvent[]> {
  const controller = new AbortController();
  const events: AgentEvent[] = [];
  for await (const event of agent.send(text, { signal: controller.signal })) {
    events.push(event);
    if (when(event)) controller.abort();
  }
  return events;
}

/** Still running: it exists and is not a zombie waiting to be reaped (Linux /proc; else kill 0). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && existsSync('/proc/self/stat')) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}

/** Waits (bounded) for the process to stop running: a killed process takes a moment to go under load. */
async function stopsRunning(pid: number, withinMs = 30_000): Promise<boolean> {
  const end = Date.now() + withinMs;
  while (running(pid) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return !running(pid);
}

describe('abort', () => {
  it('kills a running bash, cancels the pending calls, ends the turn as aborted with a valid transcript', async () => {
    const script = new ScriptBuilder()
      .toolUses([
        { name: 'bash', input: { command: 'echo $$ > pid.txt; sleep 30; touch finished.txt' } },
        { name: 'write_file', input: { path: 'never.txt', content: 'x' } },
      ])
      .text('after')
      .build();
    const { agent, workroot } = await setup(script, { agent: { policy: createPolicy({ mode: 'bypassPermissions' }) } });
    const controller = new AbortController();
    const poll = setInterval(() => {
      if (existsSync(join(workroot, 'pid.txt'))) controller.abort();
    }, 10);
    const events: AgentEvent[] = [];
    try {
      for await (const event of agent.send('run it', { signal: controller.signal })) events.push(event);
    } finally {
      clearInterval(poll);
    }
    const finished = ofType(events, 'tool_call_finished');
    expect(finished.map((f) => f.name)).toEqual(['bash', 'write_file']);
    expect(finished.every((f) => f.isError)).toBe(true);
    expect(resultText(finished[1]!.content)).toBe('cancelled by the user');
    expect(resultText(finished[0]!.content)).toContain('cancelled by the user');
    expect(turnEnd(events).stopReason).toBe('aborted');
    expect(transcriptProblems(agent.messages())).toEqual([]);
    expect(existsSync(join(workroot, 'never.txt'))).toBe(false);
    const pid = Number((await readFile(join(workroot, 'pid.txt'), 'utf8')).trim());
    expect(await stopsRunning(pid)).toBe(true);
    expect(existsSync(join(workroot, 'finished.txt'))).toBe(false);
  });

  it('stops a stream in flight; the next send works', async () => {
    const script = new ScriptBuilder()
      .fault({ kind: 'delay', ms: 30_000 })
      .text('too late')
      .text('second turn')
      .build();
    const { agent, server } = await setup(script);
    const events = await turnAbortedWhen(agent, 'hi', (e) => e.type === 'request_start');
    expect(turnEnd(events).stopReason).toBe('aborted');
    expect(agent.messages()).toHaveLength(1);
    server.setScript(new ScriptBuilder().text('second turn').build());
    const next: AgentEvent[] = [];
    for await (const e of agent.send('again')) next.push(e);
    expect(turnEnd(next).stopReason).toBe('end_turn');
    expect(transcriptProblems(agent.messages())).toEqual([]);
  });

  it('answers a pending approval question with a cancellation', async () => {
    const script = new ScriptBuilder().toolUse('bash', { command: 'printf hi' }).text('after').build();
    const { agent } = await setup(script);
    // Nobody answers: the question is open when the turn is aborted.
    const events = await turnAbortedWhen(agent, 'run', (e) => e.type === 'approval_requested');
    expect(ofType(events, 'approval_resolved')[0]).toMatchObject({
      allowed: false,
      how: 'aborted',
      message: 'cancelled by the user',
    });
    expect(ofType(events, 'tool_call_finished')[0]!.content).toEqual([{ type: 'text', text: 'cancelled by the user' }]);
    expect(turnEnd(events).stopReason).toBe('aborted');
    expect(transcriptProblems(agent.messages())).toEqual([]);
  });

  it('breaking out of the event iteration aborts the turn', async () => {
    const script = new ScriptBuilder().fault({ kind: 'delay', ms: 30_000 }).text('too late').build();
    const { agent, server } = await setup(script);
    for await (const e of agent.send('hi')) if (e.type === 'request_start') break;
    server.setScript(new ScriptBuilder().text('fine').build());
    const next: AgentEvent[] = [];
    for await (const e of agent.send('again')) next.push(e);
    expect(turnEnd(next).stopReason).toBe('end_turn');
  });
});
