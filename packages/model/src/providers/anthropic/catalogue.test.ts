import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelSettings } from '../../index.js';
import { checkModelSettings as check, EFFORTS } from '../../index.js';
import { aliasModel, catalogueModels, describeModel } from './catalogue.js';

const modelInfo = describeModel;
const knownModels = catalogueModels;
/** The neutral check over this catalogue's descriptor of `id`. */
const checkModelSettings = (id: string, settings: ModelSettings): string[] => check(describeModel(id), settings);

describe('the model catalogue', () => {
  it('knows the default model and every row states its source and date', () => {
    const sonnet = modelInfo('claude-sonnet-5-5');
    expect(sonnet.known).toBe(true);
    expect(sonnet.thinking).toEqual(['adaptive', 'between_tools']);
    for (const id of knownModels()) {
      const info = modelInfo(id);
      expect(info.source.length).toBeGreaterThan(10);
      expect(info.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(info.defaultMaxTokens).toBeLessThanOrEqual(info.maxOutput);
      if (info.contextWindow >= 1_000_000) expect(info.defaultMaxTokens).toBeGreaterThanOrEqual(32_000);
      if (info.defaultEffort !== undefined) expect(info.efforts).toContain(info.defaultEffort);
      expect(info.thinking.length).toBeGreaterThan(0);
    }
  });

  it('finds a dated id under its undated row', () => {
    expect(modelInfo('claude-haiku-4-5-20251001').known).toBe(true);
    expect(modelInfo('claude-haiku-4-5-20251001').id).toBe('claude-haiku-4-5-20251001');
  });

  it('gives an unknown id conservative defaults: 200k window, 32k max tokens, adaptive only, no budget', () => {
    const info = modelInfo('claude-nova-9');
    expect(info).toMatchObject({
      known: false,
      contextWindow: 200_000,
      defaultMaxTokens: 32_000,
      thinking: ['adaptive'],
    });
    expect(checkModelSettings('claude-nova-9', { thinking: { mode: 'budget', budgetTokens: 4000 } })).toHaveLength(1);
  });

  it('never throws for any id', () => {
    fc.assert(fc.property(fc.string(), (id) => modelInfo(id).id === id));
  });
});

describe('checkModelSettings', () => {
  it('accepts the defaults and every effort of the default model', () => {
    expect(checkModelSettings('claude-sonnet-5-5', {})).toEqual([]);
    for (const effort of EFFORTS)
      expect(checkModelSettings('claude-sonnet-5-5', { effort, thinking: { mode: 'adaptive' } })).toEqual([]);
  });

  it('rejects a budget and off on Sonnet 5.5, naming the model and what it accepts', () => {
    const [budget] = checkModelSettings('claude-sonnet-5-5', { thinking: { mode: 'budget', budgetTokens: 4000 } });
    expect(budget).toContain('claude-sonnet-5-5');
    expect(budget).toContain('adaptive, between_tools');
    expect(checkModelSettings('claude-sonnet-5-5', { thinking: { mode: 'off' } })[0]).toContain('between_tools');
  });

  it('rejects between_tools at xhigh and max, and on any other model', () => {
    expect(checkModelSettings('claude-sonnet-5-5', { thinking: { mode: 'between_tools' }, effort: 'high' })).toEqual(
      [],
    );
    expect(
      checkModelSettings('claude-sonnet-5-5', { thinking: { mode: 'between_tools' }, effort: 'xhigh' })[0],
    ).toContain('low, medium, high');
    expect(checkModelSettings('claude-opus-5-5', { thinking: { mode: 'between_tools' } })).toHaveLength(1);
  });

  it('checks budgets where they are accepted: at least 1,024 and below max tokens', () => {
    expect(checkModelSettings('claude-haiku-4-5', { thinking: { mode: 'budget', budgetTokens: 8000 } })).toEqual([]);
    expect(
      checkModelSettings('claude-haiku-4-5', { thinking: { mode: 'budget', budgetTokens: 8000 }, maxTokens: 8000 })[0],
    ).toContain('below max tokens');
    expect(checkModelSettings('claude-haiku-4-5', { effort: 'high' })[0]).toContain('takes no effort');
  });

  it('rejects thinking off above high effort where the model caps it', () => {
    expect(checkModelSettings('claude-haiku-5-5', { thinking: { mode: 'off' }, effort: 'high' })).toEqual([]);
    expect(checkModelSettings('claude-haiku-5-5', { thinking: { mode: 'off' }, effort: 'max' })[0]).toContain(
      'only at effort low, medium, high',
    );
  });

  it('rejects max tokens above the model limit', () => {
    expect(checkModelSettings('claude-sonnet-5-5', { maxTokens: 128_000 })).toEqual([]);
    expect(checkModelSettings('claude-sonnet-5-5', { maxTokens: 128_001 })[0]).toContain('1 to 128000');
    expect(checkModelSettings('claude-opus-4-6', { effort: 'xhigh' })[0]).toContain('low, medium, high, max');
  });
});

describe('aliases', () => {
  it("Claude Code's sonnet, opus and haiku name the newest model of each family; other words none", () => {
    expect(aliasModel('sonnet')).toBe('claude-sonnet-5-5');
    expect(aliasModel(' Opus ')).toBe('claude-opus-5-5');
    expect(aliasModel('haiku')).toBe('claude-haiku-5-5');
    expect(aliasModel('fable')).toBeUndefined();
    expect(aliasModel('inherit')).toBeUndefined();
  });
});
