import { describe, expect, it } from 'vitest';
import type { ModelDescriptor } from './index.js';
import { checkModelSettings, defaultThinking, EFFORTS, parseEffort, parseThinkingFlag } from './index.js';

/** A descriptor with every field a check reads; each test overrides what it is about. */
function model(over: Partial<ModelDescriptor> = {}): ModelDescriptor {
  return {
    provider: 'test',
    id: 'test-model',
    known: true,
    contextWindow: 200_000,
    maxOutput: 64_000,
    defaultMaxTokens: 32_000,
    thinking: ['adaptive', 'off', 'budget'],
    efforts: EFFORTS,
    defaultEffort: 'high',
    capabilities: {
      midConversationSystem: false,
      preservedThinking: false,
      serverCompaction: false,
      midConversationTools: false,
      toolResultClearing: false,
    },
    minCacheableTokens: 1024,
    price: { input: 1, output: 5, cacheWrite5m: 1.25, cacheWrite1h: 2, cacheRead: 0.1 },
    source: 'a test',
    checked: '2026-12-01',
    ...over,
  };
}

describe('checkModelSettings', () => {
  it('accepts no settings and every effort and mode the descriptor lists', () => {
    expect(checkModelSettings(model(), {})).toEqual([]);
    for (const effort of EFFORTS)
      expect(checkModelSettings(model(), { effort, thinking: { mode: 'adaptive' } })).toEqual([]);
  });

  it('names the model and what it accepts when a mode or an effort is not listed', () => {
    const m = model({ thinking: ['adaptive', 'between_tools'], efforts: ['low', 'high'] });
    const [mode] = checkModelSettings(m, { thinking: { mode: 'budget', budgetTokens: 4000 } });
    expect(mode).toBe('test-model does not accept thinking "a 4000-token budget"; it accepts adaptive, between_tools');
    expect(checkModelSettings(m, { effort: 'medium' })).toEqual([
      'test-model does not accept effort "medium"; it accepts low, high',
    ]);
    expect(checkModelSettings(model({ efforts: [] }), { effort: 'high' })[0]).toContain('takes no effort setting');
  });

  it("caps a mode's effort where the descriptor says, counting the model's default effort when none is sent", () => {
    const m = model({ thinking: ['adaptive', 'off'], effortCap: { off: 'high' }, defaultEffort: 'max' });
    expect(checkModelSettings(m, { thinking: { mode: 'off' }, effort: 'high' })).toEqual([]);
    expect(checkModelSettings(m, { thinking: { mode: 'off' }, effort: 'xhigh' })).toEqual([
      'test-model accepts thinking "off" only at effort low, medium, high (got "xhigh")',
    ]);
    expect(checkModelSettings(m, { thinking: { mode: 'off' } })[0]).toContain('(got "max")');
    expect(checkModelSettings(m, { thinking: { mode: 'adaptive' }, effort: 'max' })).toEqual([]);
  });

  it('checks budgets: at least 1,024 and below max tokens', () => {
    expect(checkModelSettings(model(), { thinking: { mode: 'budget', budgetTokens: 8000 } })).toEqual([]);
    expect(checkModelSettings(model(), { thinking: { mode: 'budget', budgetTokens: 500 } })[0]).toContain(
      'at least 1024',
    );
    expect(
      checkModelSettings(model(), { thinking: { mode: 'budget', budgetTokens: 8000 }, maxTokens: 8000 })[0],
    ).toContain('below max tokens (8000)');
  });

  it('rejects max tokens outside 1..maxOutput', () => {
    expect(checkModelSettings(model(), { maxTokens: 64_000 })).toEqual([]);
    expect(checkModelSettings(model(), { maxTokens: 64_001 })[0]).toContain('from 1 to 64000');
    expect(checkModelSettings(model(), { maxTokens: 1.5 })).toHaveLength(1);
  });
});

describe('defaultThinking', () => {
  it('is adaptive where the model takes it, else off', () => {
    expect(defaultThinking(model())).toEqual({ mode: 'adaptive' });
    expect(defaultThinking(model({ thinking: ['off', 'budget'] }))).toEqual({ mode: 'off' });
  });
});

describe('parseThinkingFlag and parseEffort', () => {
  it('read the modes and budgets, and explain anything else', () => {
    expect(parseThinkingFlag('adaptive')).toEqual({ mode: 'adaptive' });
    expect(parseThinkingFlag(' between_tools ')).toEqual({ mode: 'between_tools' });
    expect(parseThinkingFlag('off')).toEqual({ mode: 'off' });
    expect(parseThinkingFlag('4000')).toEqual({ mode: 'budget', budgetTokens: 4000 });
    expect(parseThinkingFlag('0')).toHaveProperty('error', expect.stringContaining('"off"'));
    expect(parseThinkingFlag('lots')).toHaveProperty('error', expect.stringContaining('adaptive, between_tools, off'));
  });

  it('parseEffort knows exactly the effort vocabulary', () => {
    for (const effort of EFFORTS) expect(parseEffort(` ${effort} `)).toBe(effort);
    expect(parseEffort('default')).toBeUndefined();
    expect(parseEffort('HIGH')).toBeUndefined();
  });
});
