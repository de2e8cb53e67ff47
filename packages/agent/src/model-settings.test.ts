import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { EFFORTS } from '@coding-harness/model';
import type { Effort, ThinkingSetting } from '@coding-harness/model';
import { body, cleanup, ofType, setup, turn, turnEnd } from './testing/kit.test.util.js';

afterEach(cleanup);

/** One turn on `model` with these settings against the strict mock; the request body it sent and how the turn ended. */
async function oneTurn(agent: { model?: string; thinking?: ThinkingSetting; effort?: Effort; maxTokens?: number }) {
  const { agent: a, server } = await setup(new ScriptBuilder().text('done').build(), { agent });
  const events = await turn(a, 'hi');
  return { sent: body(server, 0), end: turnEnd(events), events, agent: a };
}

describe('model settings on the default model (claude-sonnet-5-5) against the strict mock', () => {
  it('sends adaptive thinking with summarized display and the catalogue max_tokens by default, and no effort', async () => {
    const { sent, end } = await oneTurn({});
    expect(sent.thinking).toEqual({ type: 'adaptive', display: 'summarized' });
    expect(sent.max_tokens).toBe(128_000);
    expect(sent).not.toHaveProperty('output_config');
    expect(end.stopReason).toBe('end_turn');
  });

  it.each(EFFORTS)('effort %s is sent as output_config.effort and accepted', async (effort) => {
    const { sent, end } = await oneTurn({ effort, thinking: { mode: 'adaptive' } });
    expect(sent.output_config).toEqual({ effort });
    expect(end.stopReason).toBe('end_turn');
  });

  it.each(['low', 'medium', 'high'] as const)(
    'between_tools at effort %s is sent type-only and accepted',
    async (effort) => {
      const { sent, end } = await oneTurn({ thinking: { mode: 'between_tools' }, effort });
      expect(sent.thinking).toEqual({ type: 'between_tools' });
      expect(end.stopReason).toBe('end_turn');
    },
  );

  it('an explicit max tokens is sent as it is', async () => {
    const { sent, end } = await oneTurn({ maxTokens: 64_000 });
    expect(sent.max_tokens).toBe(64_000);
    expect(end.stopReason).toBe('end_turn');
  });

  it.each([
    [
      { mode: 'budget', budgetTokens: 4000 } as ThinkingSetting,
      undefined,
      'does not accept thinking "a 4000-token budget"',
    ],
    [{ mode: 'off' } as ThinkingSetting, undefined, 'does not accept thinking "off"'],
    [{ mode: 'between_tools' } as ThinkingSetting, 'max' as Effort, 'only at effort low, medium, high'],
  ])('refuses to start with %j (effort %s): the settings would be a 400', async (thinking, effort, words) => {
    await expect(oneTurn({ thinking, ...(effort ? { effort } : {}) })).rejects.toThrow(words);
  });
});

describe('model settings on other models', () => {
  it('a budget goes out as enabled thinking where the model accepts budgets (Sonnet 4.6)', async () => {
    const { sent, end } = await oneTurn({
      model: 'claude-sonnet-4-6',
      thinking: { mode: 'budget', budgetTokens: 4000 },
    });
    expect(sent.thinking).toEqual({ type: 'enabled', budget_tokens: 4000 });
    expect(sent.max_tokens).toBe(32_000);
    expect(end.stopReason).toBe('end_turn');
  });

  it('a model without adaptive thinking (Haiku 4.5) gets no thinking parameter by default, and disabled for off', async () => {
    expect((await oneTurn({ model: 'claude-haiku-4-5' })).sent).not.toHaveProperty('thinking');
    const off = await oneTurn({ model: 'claude-haiku-4-5', thinking: { mode: 'off' } });
    expect(off.sent.thinking).toEqual({ type: 'disabled' });
    expect(off.end.stopReason).toBe('end_turn');
  });

  it('Opus 5.5 at its highest effort is accepted', async () => {
    const { sent, end } = await oneTurn({ model: 'claude-opus-5-5', effort: 'max' });
    expect(sent).toMatchObject({
      thinking: { type: 'adaptive', display: 'summarized' },
      output_config: { effort: 'max' },
      max_tokens: 64_000,
    });
    expect(end.stopReason).toBe('end_turn');
  });

  it('an unknown model id gets one notice and conservative defaults, never a crash', async () => {
    const { agent, server } = await setup(new ScriptBuilder().text('done').build(), {
      agent: { model: 'claude-nova-9' },
    });
    expect(agent.notices.filter((n) => n.includes('claude-nova-9'))).toHaveLength(1);
    expect(agent.notices.find((n) => n.includes('claude-nova-9'))).toContain('not in the catalogue');
    const events = await turn(agent, 'hi');
    expect(ofType(events, 'turn_end')).toHaveLength(1);
    const sent = body(server, 0);
    expect(sent.max_tokens).toBe(32_000);
    expect(sent.thinking).toEqual({ type: 'adaptive', display: 'summarized' });
  });
});
