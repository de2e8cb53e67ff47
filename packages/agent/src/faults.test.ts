import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import type { MockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { messageText } from '@coding-harness/model';
import { cleanup, ofType, recordingSleep, setup, transcriptProblems, turn, turnEnd } from './testing/kit.test.util.js';

afterEach(cleanup);

describe('retries', () => {
  it('retries a 429, waiting what retry-after says, with a retry event', async () => {
    const rec = recordingSleep();
    const script = new ScriptBuilder().fault({ kind: 'rate_limit', retryAfterSeconds: 2 }).text('made it').build();
    const { agent, server } = await setup(script, { agent: { retry: { sleep: rec.sleep, baseDelayMs: 1 } } });
    const events = await turn(agent, 'hi');
    expect(rec.delays).toEqual([2000]);
    const retry = ofType(events, 'retry')[0]!;
    expect(retry).toMatchObject({ attempt: 1, maxAttempts: 5, delayMs: 2000 });
    expect(retry.reason).toContain('429');
    expect(server.messageRequests()).toHaveLength(2);
    expect(turnEnd(events).stopReason).toBe('end_turn');
    expect(messageText(agent.messages()[1]!)).toBe('made it');
  });

  it('retries 529 and 500 with exponential backoff, four times longer than a rate limit’s', async () => {
    const rec = recordingSleep();
    const script = new ScriptBuilder()
      .fault({ kind: 'overloaded' })
      .text('one')
      .fault({ kind: 'api_error' })
      .text('two')
      .build();
    const { agent } = await setup(script, { agent: { retry: { sleep: rec.sleep, baseDelayMs: 10, random: () => 1 } } });
    const first = await turn(agent, 'a');
    expect(ofType(first, 'retry')[0]!.reason).toContain('529');
    const second = await turn(agent, 'b');
    expect(ofType(second, 'retry')[0]!.reason).toContain('500');
    expect(rec.delays).toEqual([40, 40]);
  });

  it('a stream cut mid-message is re-requested without duplicating content', async () => {
    const rec = recordingSleep();
    const script = new ScriptBuilder()
      .fault({ kind: 'cut_stream', afterEvents: 4 })
      .text('The complete answer, streamed in full.')
      .build();
    const { agent, server } = await setup(script, { agent: { retry: { sleep: rec.sleep, baseDelayMs: 1 } } });
    const events = await turn(agent, 'hi');
    expect(server.messageRequests()).toHaveLength(2);
    expect(ofType(events, 'retry')).toHaveLength(1);
    expect(agent.messages()).toHaveLength(2);
    expect(messageText(agent.messages()[1]!)).toBe('The complete answer, streamed in full.');
    expect(transcriptProblems(agent.messages())).toEqual([]);
  });

  it('after the last attempt: an error event, stop reason error, a valid transcript, and the next send works', async () => {
    let server: MockServer | undefined;
    const overloadedAgain = (): void =>
      server?.setScript(new ScriptBuilder().fault({ kind: 'overloaded' }).text('late').build());
    const rec = recordingSleep(overloadedAgain);
    const script = new ScriptBuilder()
      .toolUse('glob', { pattern: '*' })
      .fault({ kind: 'overloaded' })
      .text('never')
      .build();
    const s = await setup(script, { agent: { retry: { sleep: rec.sleep, baseDelayMs: 1, maxAttempts: 3 } } });
    server = s.server;
    const events = await turn(s.agent, 'look');
    expect(ofType(events, 'retry').map((r) => r.attempt)).toEqual([1, 2]);
    expect(ofType(events, 'error')).toHaveLength(1);
    expect(turnEnd(events).stopReason).toBe('error');
    expect(transcriptProblems(s.agent.messages())).toEqual([]);
    expect(s.agent.messages().at(-1)!.role).toBe('user');
    server = undefined;
    s.server.setScript(new ScriptBuilder().text('back again').build());
    const next = await turn(s.agent, 'try again');
    expect(turnEnd(next).stopReason).toBe('end_turn');
    expect(transcriptProblems(s.agent.messages())).toEqual([]);
    expect(messageText(s.agent.messages().at(-1)!)).toBe('back again');
  });

  it('--fallback-model: still overloaded after every retry, the request goes once to the fallback model, for the turn', async () => {
    const live: { server?: MockServer } = {};
    // Overloaded again on the retry: the script is set anew while the agent waits.
    const rec = recordingSleep(() =>
      live.server?.setScript(
        new ScriptBuilder().fault({ kind: 'overloaded' }).text('from the fallback').text('next turn').build(),
      ),
    );
    const script = new ScriptBuilder().fault({ kind: 'overloaded' }).text('never').build();
    const s = await setup(script, {
      agent: { retry: { sleep: rec.sleep, baseDelayMs: 1, maxAttempts: 2 }, fallbackModel: 'claude-haiku-5-5' },
    });
    live.server = s.server;
    const agent = s.agent;
    const events = await turn(agent, 'hi');
    expect(turnEnd(events).stopReason).toBe('end_turn');
    expect(ofType(events, 'retry').map((r) => r.reason)).toContain(
      'claude-sonnet-5-5 is overloaded; sending the request to the fallback model claude-haiku-5-5 for the rest of this turn',
    );
    const models = s.server.messageRequests().map((r) => (r.body as { model: string }).model);
    expect(models).toEqual(['claude-sonnet-5-5', 'claude-sonnet-5-5', 'claude-haiku-5-5']);
    expect(messageText(agent.messages().at(-1)!)).toBe('from the fallback');
    // The next turn starts on the session's model again.
    await turn(agent, 'again');
    expect((s.server.messageRequests().at(-1)!.body as { model: string }).model).toBe('claude-sonnet-5-5');
  });
});
