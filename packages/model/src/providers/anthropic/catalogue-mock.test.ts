/**
 * The catalogue against the strict mock's model table: two records of the same facts, kept apart
 * on purpose (the mock imports nothing from the workspace, so it cannot be made to agree with a
 * wrong catalogue). Where both know a model they must say the same; a model added to one side only
 * fails here until it is added to the other or to the known differences below.
 */
import { EFFORTS as MOCK_EFFORTS, MODEL_TABLE } from '@coding-harness/mock-anthropic';
import type { ThinkingType } from '@coding-harness/mock-anthropic';
import { describe, expect, it } from 'vitest';
import type { ThinkingMode } from '../../index.js';
import { EFFORTS } from '../../index.js';
import { catalogueModels, describeModel } from './catalogue.js';

/** The mock's `thinking.type` values under the catalogue's mode names. */
const MODE: Record<ThinkingType, ThinkingMode> = {
  adaptive: 'adaptive',
  between_tools: 'between_tools',
  disabled: 'off',
  enabled: 'budget',
};

/** Models the catalogue describes that the mock does not serve (older or legacy ones). */
const CATALOGUE_ONLY = ['claude-fable-5', 'claude-opus-4-7', 'claude-opus-4-6', 'claude-sonnet-4-5', 'claude-opus-4-5'];
/** Models the mock serves that the catalogue lacks (described by defaults: `known: false`). */
const MOCK_ONLY = ['claude-mythos-5-2', 'claude-mythos-5-1'];

/**
 * Facts the two records give differently, each with why it stands: left out of the comparison
 * for that model only, and listed so that resolving one (or a new one) is a visible change.
 */
const DISAGREE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'claude-haiku-5-5': {
    minCacheableTokens:
      'unconfirmed on both sides (catalogue 1,024, the mock 512, its 5.x default); no published figure found',
  },
};

describe('the Anthropic catalogue and the strict mock agree', () => {
  it('on the effort vocabulary', () => {
    expect([...MOCK_EFFORTS]).toEqual([...EFFORTS]);
  });

  it('on which models exist, but for the listed differences', () => {
    const mock = MODEL_TABLE.map((m) => m.id);
    expect(catalogueModels().filter((id) => !mock.includes(id))).toEqual(CATALOGUE_ONLY);
    expect(mock.filter((id) => !catalogueModels().includes(id))).toEqual(MOCK_ONLY);
  });

  it.each(MODEL_TABLE.filter((m) => !MOCK_ONLY.includes(m.id)).map((m) => [m.id, m] as const))(
    '%s: limits, thinking modes, efforts, effort caps, system messages, tool changes, compaction, preserved thinking, cache minimum',
    (id, spec) => {
      const d = describeModel(id);
      expect(d.known).toBe(true);
      const skip = (facts: Record<string, unknown>): Record<string, unknown> =>
        Object.fromEntries(Object.entries(facts).filter(([k]) => DISAGREE[id]?.[k] === undefined));
      expect(
        skip({
          contextWindow: d.contextWindow,
          maxOutput: d.maxOutput,
          thinking: [...d.thinking].sort(),
          efforts: [...d.efforts],
          defaultEffort: d.defaultEffort,
          offMaxEffort: d.effortCap?.off,
          midConversationSystem: d.capabilities.midConversationSystem,
          midConversationTools: d.capabilities.midConversationTools,
          serverCompaction: d.capabilities.serverCompaction,
          preservedThinking: d.capabilities.preservedThinking,
          minCacheableTokens: d.minCacheableTokens,
        }),
      ).toEqual(
        skip({
          contextWindow: spec.contextWindow,
          maxOutput: spec.maxOutput,
          thinking: spec.thinking.map((t) => MODE[t]).sort(),
          efforts: [...spec.efforts],
          defaultEffort: spec.defaultEffort,
          offMaxEffort: spec.disabledMaxEffort,
          midConversationSystem: spec.midConversationSystem,
          midConversationTools: spec.toolChanges,
          serverCompaction: spec.compaction,
          preservedThinking: spec.prefixCheck,
          minCacheableTokens: spec.minCacheableTokens,
        }),
      );
      // The mock refuses between_tools above high on every model that takes it.
      if (d.thinking.includes('between_tools')) expect(d.effortCap?.between_tools).toBe('high');
    },
  );

  it('each listed disagreement is still one (a fact fixed on either side leaves the list)', () => {
    for (const [id, facts] of Object.entries(DISAGREE)) {
      const spec = MODEL_TABLE.find((m) => m.id === id);
      const d = describeModel(id) as unknown as Record<string, unknown>;
      for (const fact of Object.keys(facts))
        expect(d[fact], `${id} ${fact}`).not.toEqual((spec as unknown as Record<string, unknown>)[fact]);
    }
  });
});
