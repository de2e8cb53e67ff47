// Deferred tools on the wire: `defer_loading: true`, and the cache breakpoint on the last tool the prompt shows.
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../index.js';
import { toWireTools } from './wire.js';

const tool = (name: string, deferred = false): ToolSpec => ({
  name,
  description: name,
  inputSchema: { type: 'object' },
  ...(deferred ? { deferred: true } : {}),
});

describe('deferred tools', () => {
  it('are sent with defer_loading and never carry the breakpoint', () => {
    const search: ToolSpec = { ...tool('tool_search_tool_regex'), server: { type: 'tool_search_tool_regex_20251119' } };
    const wire = toWireTools([tool('read'), search, tool('a'), tool('b', true), tool('c', true)], {
      type: 'ephemeral',
    });
    expect(wire.map((t) => [t.name, t.defer_loading, t.cache_control])).toEqual([
      ['read', undefined, undefined],
      ['tool_search_tool_regex', undefined, undefined],
      ['a', undefined, { type: 'ephemeral' }],
      ['b', true, undefined],
      ['c', true, undefined],
    ]);
    expect(wire[1]).toEqual({ type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' });
  });

  it('with no deferred tool the last tool is marked, as before', () => {
    const wire = toWireTools([tool('a'), tool('b')], { type: 'ephemeral' });
    expect(wire.map((t) => t.cache_control)).toEqual([undefined, { type: 'ephemeral' }]);
  });
});
