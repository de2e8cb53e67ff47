import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, serve } from './test-support.test-util.js';

afterEach(closeAll);

/** What Claude Code 2.1.197 sent for `claude -p hello` (trimmed and redacted; see the fixture's `source`). */
const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/claude-code-2.1.197-request.json', import.meta.url), 'utf8'),
) as {
  headers: Record<string, string>;
  body: Record<string, unknown>;
};

async function send(url: string, body: Record<string, unknown>, headers: Record<string, string> = fixture.headers) {
  const res = await fetch(`${url}/v1/messages`, {
    method: 'POST',
    headers: { ...headers, 'x-api-key': 'test' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

describe("Claude Code 2.1.197's request", () => {
  it('is accepted by the strict mock and answered as a stream', async () => {
    const { server } = await serve([{ content: [{ type: 'text', text: 'Hello from the mock.' }] }]);
    const res = await send(server.url, fixture.body);
    expect(res.status).toBe(200);
    const text = [...res.text.matchAll(/"text_delta","text":"([^"]*)"/g)].map((m) => m[1]).join('');
    expect(text).toBe('Hello from the mock.');
    expect(res.text).toContain('event: message_stop');
    expect(fixture.body).toMatchObject({
      model: 'claude-opus-4-8',
      thinking: { type: 'adaptive' },
      output_config: { effort: 'high' },
    });
  });

  it('is refused when it differs in a way the API rejects', async () => {
    const { server } = await serve([{ content: [{ type: 'text', text: 'never sent' }] }]);
    const cases: [Record<string, unknown>, Record<string, string> | undefined, RegExp][] = [
      [{ ...fixture.body, temperature: 0.5 }, undefined, /temperature: claude-opus-4-8 supports only the default/],
      [
        fixture.body,
        { ...fixture.headers, 'anthropic-beta': 'claude-code-20250219' },
        /context_management: Extra inputs are not permitted/,
      ],
      [{ ...fixture.body, model: 'claude-sonnet-4-6' }, undefined, /role 'system' is not supported on this model/],
      [
        { ...fixture.body, thinking: { type: 'enabled', budget_tokens: 4000 } },
        undefined,
        /"thinking.type.enabled" is not supported/,
      ],
    ];
    for (const [body, headers, message] of cases) {
      const res = await send(server.url, body, headers);
      expect(res.status).toBe(400);
      expect((JSON.parse(res.text) as { error: { message: string } }).error.message).toMatch(message);
    }
    expect(server.remainingTurns()).toBe(1);
  });
});
