import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, cleanup, ofType, setup, turn, turnEnd } from './testing/kit.test.util.js';

afterEach(cleanup);

const refused = {
  content: [{ type: 'text' as const, text: 'I can help with part of' }],
  stopReason: 'refusal' as const,
  refusal: { category: 'cyber' as const, explanation: 'Exploit development.', recommended_model: 'claude-opus-5-5' },
};

describe('a refusal that names a recommended model', () => {
  it('with refusalRetry: the same request is sent once more on that model, the refused reply kept out', async () => {
    const script = new ScriptBuilder().turn(refused).text('Here is the analysis.').text('Back on sonnet.').build();
    const { agent, server } = await setup(script, { agent: { refusalRetry: true, effort: 'high' } });
    const events = await turn(agent, 'analyse this malware sample');
    expect(turnEnd(events)).toMatchObject({ stopReason: 'end_turn', outcome: 'completed' });
    const [retry] = ofType(events, 'retry');
    expect(retry).toMatchObject({ delayMs: 0, partialDiscarded: true });
    expect(retry!.reason).toContain('retrying once on claude-opus-5-5, which the API recommends');
    const [first, second] = [body(server, 0), body(server, 1)];
    expect(first.model).toBe('claude-sonnet-5-5');
    expect(second.model).toBe('claude-opus-5-5');
    expect(JSON.stringify(second.messages)).not.toContain('I can help with part of');
    expect(second.messages.map((m) => m.role)).toEqual(['user']);
    // The next turn is the session's model again.
    await turn(agent, 'thanks');
    expect(body(server, 2).model).toBe('claude-sonnet-5-5');
    expect(server.messageRequests().filter((r) => r.rejected)).toEqual([]);
  });

  it('without it: the turn fails as a refusal and a notice names the model and /model', async () => {
    const { agent, server } = await setup(new ScriptBuilder().turn(refused).build());
    const events = await turn(agent, 'analyse this malware sample');
    expect(turnEnd(events)).toMatchObject({
      stopReason: 'refusal',
      stopDetails: { category: 'cyber', recommendedModel: 'claude-opus-5-5' },
    });
    expect(ofType(events, 'notice').map((n) => n.message)).toContain(
      'the API recommends claude-opus-5-5 for this request: switch with /model claude-opus-5-5 and send it again (or run with --refusal-retry to retry once on it by itself)',
    );
    expect(server.messageRequests()).toHaveLength(1);
  });
});
