import { readFileSync } from 'node:fs';
import { startMockServer } from '@coding-harness/mock-anthropic';
import { describe, expect, it } from 'vitest';
import * as source from './sdk.js';

const bundleUrl = new URL('../dist/sdk.js', import.meta.url);

describe('dist/sdk.js (scripts/bundle-sdk.mjs, run by the build)', () => {
  it('is a bundle: it imports no package, only Node built-ins', () => {
    const text = readFileSync(bundleUrl, 'utf8');
    const specifiers = [...text.matchAll(/\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]!);
    expect(specifiers.filter((s) => !s.startsWith('node:') && !['fs', 'path', 'os', 'crypto', 'url', 'stream', 'util'].includes(s))).toEqual([]);
  });

  it('exports what src/sdk.ts exports, and its client talks to the Messages API', async () => {
    const bundled = (await import(bundleUrl.href)) as typeof source;
    expect(Object.keys(bundled).sort()).toEqual(Object.keys(source).sort());
    const server = await startMockServer({ script: { turns: [] } });
    try {
      const client = new bundled.BaseAnthropic({ apiKey: 'k', baseURL: server.url, maxRetries: 0 });
      const body = JSON.stringify({ model: 'claude-sonnet-5-5', messages: [{ role: 'user', content: 'count these words' }] });
      const counted = await client.post<{ input_tokens: number }>('/v1/messages/count_tokens', { body, headers: { 'content-type': 'application/json' } });
      expect(counted.input_tokens).toBeGreaterThan(0);
      const failed = await client.post('/v1/nope', { body: '{}', headers: { 'content-type': 'application/json' } }).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(bundled.APIError);
    } finally {
      await server.close();
    }
  });
});
