import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionStore } from './session-store.js';
import { CONTEXT_FULL, REFUSAL_REMOVED } from './stop-reasons.js';
import { body, cleanup, ofType, setup, tempDir, transcriptProblems, turn, turnEnd } from './testing/kit.test.util.js';

afterEach(cleanup);

/** Requests the strict mock refused (a 4xx/5xx); [] when every request was accepted. */
function rejected(server: Awaited<ReturnType<typeof setup>>['server']) {
  return server.messageRequests().flatMap((r, i) => (r.rejected ? [`request ${i}: ${r.rejected.message}`] : []));
}

describe('stop reasons', () => {
  it('a refusal fails the turn naming its category, drops the refused turn from the transcript and the session file, and the next turn is accepted', async () => {
    const script = new ScriptBuilder()
      .text('Hi.')
      .turn({
        content: [{ type: 'text', text: 'I can help with part of' }],
        stopReason: 'refusal',
        refusal: { category: 'cyber', explanation: 'This request looks like malware development.' },
      })
      .text('Sure, here is the changelog.')
      .build();
    const store = createSessionStore({ dir: await tempDir('agent-sessions-') });
    const { agent, server } = await setup(script, { agent: { sessionStore: store } });
    await turn(agent, 'hello');
    const refused = await turn(agent, 'write the exploit');
    const end = turnEnd(refused);
    expect(end.stopReason).toBe('refusal');
    expect(end.stopDetails).toEqual({ category: 'cyber', explanation: 'This request looks like malware development.' });
    const errors = ofType(refused, 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain('refusal category: cyber');
    expect(errors[0]!.fatal).toBe(false);
    expect(ofType(refused, 'notice').map((n) => n.message)).toContain(REFUSAL_REMOVED);
    expect(JSON.stringify(agent.messages())).not.toContain('exploit');

    const next = await turn(agent, 'write the changelog');
    expect(turnEnd(next).stopReason).toBe('end_turn');
    const sent = body(server, 2).messages;
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(sent)).not.toContain('exploit');
    expect(JSON.stringify(sent)).not.toContain('I can help with part of');
    expect(rejected(server)).toEqual([]);
    const loaded = await store.load(agent.sessionId);
    expect(loaded.ok && loaded.messages).toEqual(agent.messages());
  });

  it('a refusal as the very first turn leaves an empty transcript, and the next turn starts clean', async () => {
    const script = new ScriptBuilder()
      .turn({ content: [{ type: 'text', text: 'No.' }], stopReason: 'refusal' })
      .text('Hello.')
      .build();
    const { agent, server } = await setup(script);
    const refused = await turn(agent, 'bad request');
    expect(turnEnd(refused)).toMatchObject({
      stopReason: 'refusal',
      stopDetails: { category: null, explanation: null },
    });
    expect(ofType(refused, 'error')[0]!.message).toContain('refusal category: none given');
    expect(agent.messages()).toEqual([]);
    await turn(agent, 'hi');
    expect(body(server, 1).messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } }] },
    ]);
    expect(rejected(server)).toEqual([]);
  });

  it('thinking that uses up max_tokens fails the turn as an empty answer, naming the limit, the cap and what to try', async () => {
    const script = new ScriptBuilder()
      .turn({
        content: [
          { type: 'thinking', thinking: 'Let me consider every file in turn. '.repeat(50) },
          { type: 'text', text: 'The answer.' },
        ],
        thinkingTokens: 5000,
      })
      .build();
    const { agent, server } = await setup(script, { agent: { maxTokens: 2000 } });
    const events = await turn(agent, 'think hard');
    expect(turnEnd(events)).toMatchObject({ stopReason: 'empty_answer', outcome: 'failed' });
    const error = ofType(events, 'error')[0]!.message;
    expect(error).toContain('spent the whole max_tokens budget thinking (2,000; this model takes up to 128,000)');
    expect(error).toContain('raise --max-tokens (up to 128,000)');
    expect(error).toContain('lower the effort (now high');
    expect(turnEnd(events).stopDetails?.explanation).toBe(error);
    expect(rejected(server)).toEqual([]);
    expect(transcriptProblems(agent.messages())).toEqual([]);
  });

  it("at the model's cap the advice is to lower the effort, not to raise --max-tokens", async () => {
    const script = new ScriptBuilder()
      .turn({ content: [{ type: 'thinking', thinking: 'x'.repeat(400) }], thinkingTokens: 200_000 })
      .build();
    const { agent } = await setup(script);
    const events = await turn(agent, 'think very hard');
    const error = ofType(events, 'error')[0]!.message;
    expect(error).toContain("(128,000, this model's cap)");
    expect(error).not.toContain('raise --max-tokens');
    expect(error).toContain('lower the effort');
  });

  it('an answer written only in thinking (end_turn, no text, no tool call) fails the turn and says what to try', async () => {
    const script = new ScriptBuilder()
      .turn({ content: [{ type: 'thinking', thinking: 'The whole answer was written here.' }] })
      .text('Now in text.')
      .build();
    const { agent, server } = await setup(script, { agent: { model: 'claude-haiku-5-5', effort: 'high' } });
    const events = await turn(agent, 'answer');
    expect(turnEnd(events)).toMatchObject({ stopReason: 'empty_answer', outcome: 'failed' });
    const error = ofType(events, 'error')[0]!.message;
    expect(error).toMatch(/thinking only, no text or tool call/);
    expect(error).toContain('--verbose shows it');
    expect(error).toContain('lower the effort (now high');
    expect(error).toContain('--thinking off');
    // The thinking-only reply stays in the transcript (append-only), and the next turn is accepted.
    expect(turnEnd(await turn(agent, 'again'))).toMatchObject({ stopReason: 'end_turn', outcome: 'completed' });
    expect(rejected(server)).toEqual([]);
  });

  it('a reply cut at max_tokens after some text completes the turn and explains the limit against the cap', async () => {
    const script = new ScriptBuilder().turn({ content: [{ type: 'text', text: 'word '.repeat(400) }] }).build();
    const { agent } = await setup(script, { agent: { maxTokens: 100 } });
    const events = await turn(agent, 'write a lot');
    const end = turnEnd(events);
    expect(end).toMatchObject({ stopReason: 'max_tokens', outcome: 'completed' });
    expect(end.stopDetails?.explanation).toBe(
      'the reply was cut at the max_tokens limit (100; this model takes up to 128,000): raise --max-tokens (up to 128,000)',
    );
  });

  it('model_context_window_exceeded is reported as a truncated reply', async () => {
    const script = new ScriptBuilder()
      .text('The first half of the ans', { stopReason: 'model_context_window_exceeded' })
      .build();
    const { agent } = await setup(script);
    const events = await turn(agent, 'summarise everything');
    expect(turnEnd(events).stopReason).toBe('model_context_window_exceeded');
    expect(ofType(events, 'notice').map((n) => n.message)).toContain(CONTEXT_FULL);
  });
});
