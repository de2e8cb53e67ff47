import { describe, expect, it } from 'vitest';
import { checkRecord } from './session-records.js';
import { upgradeBlock, upgradeRecord } from './session-upgrade.js';

describe('upgrading what a harness before the model layer wrote', () => {
  it('turns each Messages API block into its neutral part, signatures into meta.anthropic', () => {
    expect(upgradeBlock({ type: 'tool_use', id: 't', name: 'glob', input: { pattern: '*' } })).toEqual({
      type: 'tool_call',
      id: 't',
      name: 'glob',
      input: { pattern: '*' },
    });
    expect(upgradeBlock({ type: 'thinking', thinking: 'hm', signature: 's' })).toEqual({
      type: 'thinking',
      text: 'hm',
      meta: { anthropic: { signature: 's' } },
    });
    expect(upgradeBlock({ type: 'redacted_thinking', data: 'd' })).toEqual({
      type: 'thinking',
      text: '',
      redacted: true,
      meta: { anthropic: { data: 'd' } },
    });
    expect(upgradeBlock({ type: 'tool_result', tool_use_id: 't', content: 'ok', is_error: false })).toEqual({
      type: 'tool_result',
      callId: 't',
      content: [{ type: 'text', text: 'ok' }],
      isError: false,
    });
  });

  it('reads a result made of blocks (text, image, documents) as result parts', () => {
    const upgraded = upgradeBlock({
      type: 'tool_result',
      tool_use_id: 't',
      content: [
        { type: 'text', text: 'chart:' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBO' } },
        { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'hi' }, title: 'n' },
      ],
    });
    expect(upgraded).toEqual({
      type: 'tool_result',
      callId: 't',
      content: [
        { type: 'text', text: 'chart:' },
        { type: 'image', mediaType: 'image/png', data: 'iVBO' },
        { type: 'document', mediaType: 'text/plain', data: Buffer.from('hi').toString('base64'), title: 'n' },
      ],
    });
  });

  it('leaves neutral parts and what it does not recognise alone, for the check to judge', () => {
    const neutral = { type: 'thinking', text: 'hm', meta: { anthropic: { signature: 's' } } };
    expect(upgradeBlock(neutral)).toBe(neutral);
    const odd = { type: 'tool_result', tool_use_id: 't', content: [{ type: 'search_result' }] };
    expect(upgradeBlock(odd)).toBe(odd);
    const record = { type: 'message', message: { role: 'user', content: [odd] } };
    expect(checkRecord(record)).toMatchObject({ ok: false, unknown: false });
  });

  it('upgrades the prefix: system blocks to texts, input_schema to inputSchema', () => {
    expect(
      upgradeRecord({
        type: 'prefix',
        system: [{ type: 'text', text: 'sys' }],
        tools: [{ name: 'glob', description: 'd', input_schema: { type: 'object' } }],
      }),
    ).toEqual({
      type: 'prefix',
      system: [{ text: 'sys' }],
      tools: [{ name: 'glob', description: 'd', inputSchema: { type: 'object' } }],
    });
  });
});
