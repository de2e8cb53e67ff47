import { afterEach, describe, expect, it } from 'vitest';
import { ask, closeAll, serve } from './test-support.test-util.js';

afterEach(closeAll);

async function post(url: string, body: Record<string, unknown>, beta?: string) {
  const res = await fetch(`${url}/v1/messages`, {
    method: 'POST',
    headers: {
      'x-api-key': 'k',
      'anthropic-version': '2026-10-21',
      'content-type': 'application/json',
      ...(beta ? { 'anthropic-beta': beta } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const tools = [{ name: 'read_file', description: 'Read a file.', input_schema: { type: 'object', properties: {} } }];
const define = {
  type: 'tool_addition',
  tool: {
    type: 'tool_definition',
    definition: { name: 'db_query', description: 'Query.', input_schema: { type: 'object', properties: {} } },
  },
};
const withSystem = (...content: unknown[]) => [
  { role: 'user', content: 'hi' },
  { role: 'system', content },
];

describe('mid-conversation tool changes', () => {
  it('a tool defined in a system message is accepted with inline-tools-2026-09-15, and can then be referenced or removed', async () => {
    const { server } = await serve([{ content: [{ type: 'text', text: 'ok' }] }]);
    const messages = withSystem(
      define,
      { type: 'tool_removal', tool: { type: 'tool_reference', name: 'db_query' } },
      { type: 'text', text: 'Tools changed.' },
    );
    const ok = await post(server.url, { ...ask(''), tools, messages }, 'inline-tools-2026-09-15');
    expect(ok.status).toBe(200);
  });

  it('needs its beta; a definition needs the inline one; a reference must resolve; not on a model without it', async () => {
    const { server } = await serve([]);
    const none = await post(server.url, { ...ask(''), tools, messages: withSystem(define) });
    expect(none.status).toBe(400);
    const refOnly = await post(
      server.url,
      { ...ask(''), tools, messages: withSystem(define) },
      'mid-conversation-tool-changes-2026-07-01',
    );
    expect(refOnly.json).toMatchObject({
      error: { message: expect.stringContaining('needs the anthropic-beta header "inline-tools-2026-09-15"') },
    });
    const unknown = await post(
      server.url,
      {
        ...ask(''),
        tools,
        messages: withSystem({ type: 'tool_addition', tool: { type: 'tool_reference', name: 'nope' } }),
      },
      'inline-tools-2026-09-15',
    );
    expect(unknown.json).toMatchObject({ error: { details: { error_code: 'tool_reference_unresolved' } } });
    const sonnet46 = await post(
      server.url,
      { ...ask('', 'claude-sonnet-4-6'), tools, messages: withSystem(define) },
      'inline-tools-2026-09-15',
    );
    expect(sonnet46.status).toBe(400);
  });
});
