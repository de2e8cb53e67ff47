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

  it('thinking that uses up max_tokens says so and suggests --max-tokens or a lower --effort', async () => {
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
    expect(turnEnd(events).stopReason).toBe('max_tokens');
    const notice = ofType(events, 'notice')
      .map((n) => n.message)
      .find((m) => m.includes('max_tokens'));
    expect(notice).toContain('thinking used the whole max_tokens budget (2000)');
    expect(notice).toContain('--max-tokens');
    expect(notice).toContain('--effort');
    expect(rejected(server)).toEqual([]);
    expect(transcriptProblems(agent.messages())).toEqual([]);
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
