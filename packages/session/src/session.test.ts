/** The session protocol, end to end over the real wiring and the real mock server. */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import type { MockServer } from '@coding-harness/mock-anthropic';
import type { Command, SessionEvent } from '@coding-harness/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessArgs } from './args.js';
import { createSession } from './session.js';
import type { Session } from './session.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

let ids = 0;
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
const cmd = (command: WithoutId<Command>): Command => ({ id: `c${++ids}`, ...command }) as Command;

async function open(
  script: ScriptBuilder,
  argv: string[] = [],
): Promise<{ session: Session; server: MockServer; work: string }> {
  const server = await startMockServer({ script: script.build() });
  undo.push(() => server.close());
  const root = mkdtempSync(join(tmpdir(), 'session-protocol-'));
  undo.push(() => rmSync(root, { recursive: true, force: true }));
  const work = join(root, 'work');
  mkdirSync(work);
  const env = {
    ANTHROPIC_BASE_URL: server.url,
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'config'),
  };
  const parsed = parseHarnessArgs(['-C', work, '--no-skills', ...argv]);
  if (!parsed.ok) throw new Error(parsed.message);
  const session = await createSession(parsed.flags, env, { home: join(root, 'home'), cwd: root });
  undo.push(() => session.close());
  return { session, server, work };
}

/** Every event of one command, answering each question with `answer` by its request id. */
async function runAnswering(
  session: Session,
  command: Command,
  answer: (e: Extract<SessionEvent, { type: 'approval_requested' }>) => Command | undefined,
) {
  const events: SessionEvent[] = [];
  for await (const event of session.run(command)) {
    events.push(event);
    if (event.type === 'approval_requested') {
      const reply = answer(event);
      if (reply) void session.dispatch(reply);
    }
  }
  return events;
}

describe('the session protocol', () => {
  it('a question is an event with a request id; the answer command names it and decides the call', async () => {
    const { session, work } = await open(
      new ScriptBuilder()
        .toolUse('write_file', { path: 'yes.txt', content: 'y' })
        .text('a')
        .toolUse('write_file', { path: 'no.txt', content: 'n' })
        .text('b'),
    );
    const first = await runAnswering(session, cmd({ type: 'send', text: 'one' }), (q) =>
      cmd({ type: 'answer', requestId: q.requestId, answer: { type: 'once' } }),
    );
    const second = await runAnswering(session, cmd({ type: 'send', text: 'two' }), (q) =>
      cmd({ type: 'answer', requestId: q.requestId, answer: { type: 'deny', message: 'not that one' } }),
    );
    expect(existsSync(join(work, 'yes.txt'))).toBe(true);
    expect(existsSync(join(work, 'no.txt'))).toBe(false);
    const answered = first.filter((e) => e.type === 'command_result' && e.result.type === 'answer');
    expect(answered).toMatchObject([{ result: { ok: true } }]);
    expect(second.find((e) => e.type === 'approval_resolved')).toMatchObject({
      allowed: false,
      message: 'not that one',
    });
    // The send's own result ends the stream and says how the turn went.
    expect(first.at(-1)).toMatchObject({
      type: 'command_result',
      result: { ok: true, type: 'send', data: { outcome: 'completed' } },
    });
    // A stale or unknown request id is refused, naming it.
    expect(await session.dispatch(cmd({ type: 'answer', requestId: 'req_gone', answer: { type: 'once' } }))).toEqual({
      ok: false,
      type: 'answer',
      error: 'no open question has the request id req_gone',
    });
  });

  it('a status event follows every change: a turn, a model switch, a mode switch, a new conversation', async () => {
    const { session } = await open(new ScriptBuilder().text('hello'));
    const statuses: SessionEvent[] = [];
    session.subscribe((e) => e.type === 'status' && statuses.push(e));
    await session.dispatch(cmd({ type: 'send', text: 'hi' }));
    await session.dispatch(cmd({ type: 'set_model', model: 'claude-opus-5-5' }));
    await session.dispatch(cmd({ type: 'set_mode', mode: 'plan' }));
    const before = session.status().sessionId;
    const cleared = await session.dispatch(cmd({ type: 'clear' }));
    expect(statuses.map((s) => s.type === 'status' && [s.status.model, s.status.mode, s.status.requests])).toEqual([
      ['claude-sonnet-5-5', 'default', 1],
      ['claude-opus-5-5', 'default', 1],
      ['claude-opus-5-5', 'plan', 1],
      ['claude-opus-5-5', 'plan', 0],
    ]);
    expect(cleared).toMatchObject({ ok: true, data: { sessionId: expect.not.stringMatching(before) } });
    // A bad model is refused with the closest id, and nothing changes.
    const bad = await session.dispatch(cmd({ type: 'set_model', model: 'claude-opus-55' }));
    expect(bad).toMatchObject({ ok: false, error: expect.stringContaining('did you mean claude-opus-5-5?') });
  });

  it('a slash command that changes the state is followed by a status event; one that does not, by none', async () => {
    const { session } = await open(new ScriptBuilder().text('x'));
    const statuses: string[] = [];
    session.subscribe((e) => e.type === 'status' && statuses.push(`${e.status.model} ${e.status.mode}`));
    await session.dispatch(cmd({ type: 'slash', text: '/help' }));
    await session.dispatch(cmd({ type: 'slash', text: '/mode plan' }));
    await session.dispatch(cmd({ type: 'slash', text: '/model claude-opus-5-5' }));
    expect(statuses).toEqual(['claude-sonnet-5-5 plan', 'claude-opus-5-5 plan']);
  });

  it('interrupt stops a running turn; the send reports it aborted', async () => {
    const { session } = await open(new ScriptBuilder().fault({ kind: 'delay', ms: 30_000 }).text('too late'));
    const events: SessionEvent[] = [];
    for await (const event of session.run(cmd({ type: 'send', text: 'hi' }))) {
      events.push(event);
      if (event.type === 'request_start') void session.dispatch(cmd({ type: 'interrupt' }));
    }
    expect(events.find((e) => e.type === 'turn_end')).toMatchObject({ stopReason: 'aborted', outcome: 'aborted' });
  });

  it('resume continues a stored session in place; history replays it as live events', async () => {
    const { session } = await open(new ScriptBuilder().text('first answer').text('second answer').text('third'));
    await session.dispatch(cmd({ type: 'send', text: 'first question' }));
    const firstId = session.status().sessionId;
    await session.dispatch(cmd({ type: 'clear' }));
    await session.dispatch(cmd({ type: 'send', text: 'another conversation' }));
    expect(await session.dispatch(cmd({ type: 'resume', sessionId: firstId }))).toMatchObject({ ok: true });
    expect(session.status().sessionId).toBe(firstId);
    const history = await session.dispatch(cmd({ type: 'history' }));
    if (!history.ok || history.type !== 'history') throw new Error(JSON.stringify(history));
    expect(history.data.events.map((e) => e.type)).toEqual(['turn_start', 'text_delta', 'message_end']);
    expect(history.data.events[0]).toMatchObject({ text: 'first question', turnId: 'history_1' });
    const missing = await session.dispatch(cmd({ type: 'resume', sessionId: '20261201-000000-nothere' }));
    expect(missing).toMatchObject({ ok: false, error: expect.stringContaining('could not resume') });
    expect(session.status().sessionId).toBe(firstId);
  });

  it('close ends the session: a closed event, then every command is refused', async () => {
    const { session } = await open(new ScriptBuilder().text('x'));
    const seen: string[] = [];
    session.subscribe((e) => seen.push(e.type));
    await session.close();
    expect(seen).toContain('closed');
    expect(await session.dispatch(cmd({ type: 'status' }))).toEqual({
      ok: false,
      type: 'status',
      error: 'the session is closed',
    });
  });
});
