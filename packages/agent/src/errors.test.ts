/**
 * What a user sees when a request fails, end to end: the agent over the real SDK against the
 * strict mock's scripted faults (http_error, stream_error, raw blocks). Each error kind's message,
 * and whether and how long the agent retries.
 */
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import type { FaultStatus, MockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { messageText } from '@coding-harness/model';
import { cleanup, ofType, recordingSleep, setup, transcriptProblems, turn, turnEnd } from './testing/kit.test.util.js';

afterEach(cleanup);

/** Final failures: status, what the error message must say, and that nothing was retried. */
const FINAL: readonly [FaultStatus, string[], string?, string?][] = [
  [401, ['authentication failed', 'ANTHROPIC_API_KEY', 'invalid x-api-key']],
  [402, ['billing problem', 'not retried', 'credit balance is too low']],
  [403, ['permission denied', 'does not have permission']],
  [413, ['too large', 'this request was', 'KB', 'at most 32 MB']],
  [429, ['spend cap', 'not retried', 'monthly API usage threshold'], undefined, 'enforced_spend_limit_reached'],
  [
    400,
    ['spend limit', 'not retried'],
    'You have reached your specified API usage limits. You will regain access on 2027-01-01 at 00:00 UTC.',
  ],
];

describe('errors a person can act on, through the agent', () => {
  it.each(FINAL)('%i fails the turn at once with an actionable message', async (status, says, message, errorCode) => {
    const rec = recordingSleep();
    const script = new ScriptBuilder()
      .fault({ kind: 'http_error', status, ...(message ? { message } : {}), ...(errorCode ? { errorCode } : {}) })
      .text('never')
      .build();
    const { agent, server } = await setup(script, { agent: { retry: { sleep: rec.sleep } } });
    const events = await turn(agent, 'hi');
    expect(ofType(events, 'retry')).toEqual([]);
    expect(server.messageRequests()).toHaveLength(1);
    const [error] = ofType(events, 'error');
    for (const part of says) expect(error!.message).toContain(part);
    expect(error!.message).not.toContain('{"type"');
    expect(turnEnd(events).stopReason).toBe('error');
    expect(transcriptProblems(agent.messages())).toEqual([]);
  });

  it('an unknown model: the strict API’s 404, --model, and the models GET /v1/models offers', async () => {
    const { agent } = await setup(new ScriptBuilder().text('never').build(), { agent: { model: 'claude-nope-9' } });
    const [error] = ofType(await turn(agent, 'hi'), 'error');
    expect(error!.message).toContain('model "claude-nope-9" was not found');
    expect(error!.message).toContain('--model');
    expect(error!.message).toContain('claude-sonnet-5-5');
  });

  it('529 backs off over about a minute (4 + 8 + 16 + 32 s) before giving up, each wait a retry event', async () => {
    const overloaded = (): ReturnType<ScriptBuilder['build']> =>
      new ScriptBuilder().fault({ kind: 'http_error', status: 529 }).text('never').build();
    const live: { server?: MockServer } = {};
    const rec = recordingSleep(() => live.server?.setScript(overloaded()));
    const s = await setup(overloaded(), { agent: { retry: { sleep: rec.sleep, random: () => 1 } } });
    live.server = s.server;
    const events = await turn(s.agent, 'hi');
    expect(rec.delays).toEqual([4000, 8000, 16000, 32000]);
    expect(ofType(events, 'retry').map((r) => r.delayMs)).toEqual(rec.delays);
    expect(ofType(events, 'error')[0]!.message).toContain('overloaded');
    expect(turnEnd(events).stopReason).toBe('error');
  });

  it('a 429 without retry-after and without the spend-cap code is retried with jitter, saying what it waits for', async () => {
    const rec = recordingSleep();
    const script = new ScriptBuilder().fault({ kind: 'rate_limit', retryAfterSeconds: null }).text('made it').build();
    const { agent, server } = await setup(script, { agent: { retry: { sleep: rec.sleep, random: () => 0.5 } } });
    const events = await turn(agent, 'hi');
    // Half the 1 s backoff fixed, half random (0.5 here): 750 ms.
    expect(rec.delays).toEqual([750]);
    const [retry] = ofType(events, 'retry');
    expect(retry!.reason).toContain('429');
    expect(retry!.reason).toContain('backing off');
    expect(server.messageRequests()).toHaveLength(2);
    expect(turnEnd(events).stopReason).toBe('end_turn');
  });

  it('a 429 naming an exhausted limit waits for that limit to reset', async () => {
    const rec = recordingSleep();
    const script = new ScriptBuilder()
      .fault({ kind: 'rate_limit', retryAfterSeconds: null, exhausted: ['output-tokens'], resetSeconds: 20 })
      .text('made it')
      .build();
    const { agent } = await setup(script, { agent: { retry: { sleep: rec.sleep } } });
    const events = await turn(agent, 'hi');
    expect(rec.delays[0]).toBeGreaterThan(17_000);
    expect(rec.delays[0]).toBeLessThanOrEqual(20_000);
    expect(ofType(events, 'retry')[0]!.reason).toContain('output-tokens-per-minute limit to reset');
    expect(turnEnd(events).stopReason).toBe('end_turn');
  });

  it('x-should-retry: false stops a 500 from being retried; true retries a 409', async () => {
    const no = await setup(
      new ScriptBuilder().fault({ kind: 'http_error', status: 500, shouldRetry: false }).text('never').build(),
    );
    const noEvents = await turn(no.agent, 'hi');
    expect(ofType(noEvents, 'retry')).toEqual([]);
    expect(turnEnd(noEvents).stopReason).toBe('error');
    const yes = await setup(
      new ScriptBuilder().fault({ kind: 'http_error', status: 409, shouldRetry: true }).text('made it').build(),
    );
    const yesEvents = await turn(yes.agent, 'hi');
    expect(ofType(yesEvents, 'retry')).toHaveLength(1);
    expect(turnEnd(yesEvents).stopReason).toBe('end_turn');
  });

  it('a mid-stream overloaded error is retried like a cut stream: the partial reply is void, the answer whole', async () => {
    const script = new ScriptBuilder()
      .fault({ kind: 'stream_error', afterEvents: 4 })
      .text('The complete answer, streamed in full.')
      .build();
    const { agent, server } = await setup(script);
    const events = await turn(agent, 'hi');
    const [retry] = ofType(events, 'retry');
    expect(retry).toMatchObject({ attempt: 1, partialDiscarded: true });
    expect(retry!.reason).toContain('overloaded');
    expect(server.messageRequests()).toHaveLength(2);
    expect(messageText(agent.messages()[1]!)).toBe('The complete answer, streamed in full.');
    expect(transcriptProblems(agent.messages())).toEqual([]);
  });

  it('a reply with a block type the agent does not know keeps the rest of the reply and the session going', async () => {
    const script = new ScriptBuilder()
      .turn({
        content: [
          { type: 'raw', block: { type: 'hologram', payload: { beam: 1 } } },
          { type: 'text', text: 'still here' },
        ],
      })
      .text('and again')
      .build();
    const { agent } = await setup(script);
    const events = await turn(agent, 'hi');
    expect(turnEnd(events).stopReason).toBe('end_turn');
    expect(agent.messages()[1]!.content).toEqual([{ type: 'text', text: 'still here' }]);
    expect(
      ofType(events, 'notice')
        .map((n) => n.message)
        .join('\n'),
    ).toContain('hologram');
    expect(turnEnd(await turn(agent, 'more')).stopReason).toBe('end_turn');
  });
});
