import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, ofType, setup, turn, turnEnd } from './testing/kit.test.util.js';

afterEach(cleanup);

describe('cost through the real SDK and the strict mock', () => {
  it('a scripted Sonnet 5.5 usage costs the catalogue figure to the cent', async () => {
    const usage = {
      input_tokens: 300_000,
      cache_read_input_tokens: 2_000_000,
      cache_creation_input_tokens: 100_000,
      output_tokens: 40_000,
    };
    const { agent } = await setup(new ScriptBuilder().text('ok', { usage }).build());
    const events = await turn(agent, 'hi');
    const reported = ofType(events, 'usage')[0]!;
    expect(reported.usage).toEqual({ input: 300_000, cacheRead: 2_000_000, cacheWrite: 100_000, output: 40_000 });
    // 0.3 x $2 + 2 x $0.10 + 0.1 x $2.50 + 0.04 x $10 = 0.60 + 0.20 + 0.25 + 0.40
    expect(reported.costUsd.toFixed(2)).toBe('1.45');
    expect(turnEnd(events).costUsd.toFixed(2)).toBe('1.45');
  });

  it('Haiku 5.5 above 100k prompt tokens costs its upper tier', async () => {
    const usage = {
      input_tokens: 150_000,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
      output_tokens: 100_000,
    };
    const { agent } = await setup(new ScriptBuilder().text('ok', { usage }).build(), {
      agent: { model: 'claude-haiku-5-5' },
    });
    const events = await turn(agent, 'hi');
    // 0.15 x $0.50 + 0.1 x $2.50 = 0.075 + 0.25
    expect(ofType(events, 'usage')[0]!.costUsd).toBeCloseTo(0.325, 10);
  });

  it('a workspace whose default inference geography is US pays its 1.1x multiplier', async () => {
    const usage = {
      input_tokens: 1_000_000,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
      output_tokens: 0,
    };
    const { agent } = await setup(new ScriptBuilder().text('ok', { usage }).build(), {
      server: { inferenceGeo: 'us' },
    });
    const reported = ofType(await turn(agent, 'hi'), 'usage')[0]!;
    expect(reported.usage.servedAs).toEqual({ inferenceGeo: 'us' });
    // 1M x $2 x 1.1
    expect(reported.costUsd).toBeCloseTo(2.2, 10);
  });
});
