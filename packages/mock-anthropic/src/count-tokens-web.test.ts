/**
 * count_tokens is checked like a message request: a web fetch tool in its tools needs the
 * opt-in header (400 naming it otherwise, as the API answers), and with it the count is given.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, serve } from './test-support.test-util.js';

afterEach(closeAll);

const WEB_FETCH = { type: 'web_fetch_20250910', name: 'web_fetch', max_uses: 2 };

async function count(
  url: string,
  beta: string | undefined,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${url}/v1/messages/count_tokens`, {
    method: 'POST',
    headers: {
      'x-api-key': 'k',
      'anthropic-version': '2026-10-21',
      'content-type': 'application/json',
      ...(beta ? { 'anthropic-beta': beta } : {}),
    },
    body: JSON.stringify({
      model: 'claude-sonnet-5-5',
      messages: [{ role: 'user', content: 'fetch https://example.com' }],
      tools: [WEB_FETCH],
    }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('count_tokens with the web fetch tool', () => {
  it('is refused without the web-fetch beta header and counted with it', async () => {
    const { server } = await serve();
    const refused = await count(server.url, undefined);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain('requires the anthropic-beta header \\"web-fetch-2025-09-10\\"');
    const counted = await count(server.url, 'web-fetch-2025-09-10');
    expect(counted.status).toBe(200);
    expect(counted.json.input_tokens).toBeGreaterThan(0);
  });
});
