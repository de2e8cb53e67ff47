import Anthropic from '@anthropic-ai/sdk';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockServer } from './server.js';
import { MODEL_TABLE } from './model-table.js';
import { startMockServer } from './server.js';
import { estimateTokens } from './tokens.js';
import type { RecordedRequest } from './types.js';

let server: MockServer | undefined;
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-anthropic-rec-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

const params = {
  model: 'claude-sonnet-5-5',
  max_tokens: 100,
  system: 'Be brief.',
  messages: [{ role: 'user' as const, content: 'What is 2+2?' }],
};

describe('request recording', () => {
  it('records every request in order with body and headers, credentials redacted', async () => {
    server = await startMockServer({ script: [{ content: [{ type: 'text', text: '4' }] }] });
    const client = new Anthropic({ apiKey: 'sk-secret-key', baseURL: server.url, maxRetries: 0 });
    await client.messages.create(params);
    await fetch(`${server.url}/v1/models`, {
      headers: { 'x-api-key': 'sk-other-secret', authorization: 'Bearer sk-third-secret' },
    });

    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/messages', 'GET /v1/models']);
    const [message, models] = server.requests as [RecordedRequest, RecordedRequest];
    expect(message.body).toEqual(params);
    expect(message.headers.authorization ?? message.headers['x-api-key']).toBe('[redacted]');
    expect(message.headers['content-type']).toBe('application/json');
    expect(message.headers['anthropic-version']).toBeDefined();
    expect(models.headers.authorization).toBe('[redacted]');
    expect(models.headers['x-api-key']).toBe('[redacted]');
    expect(JSON.stringify(server.requests)).not.toContain('secret');
    expect(message.finishedAt).toBeGreaterThanOrEqual(message.startedAt);
    expect(server.messageRequests()).toEqual([message]);
  });

  it('appends each request to a JSONL log file, redacted', async () => {
    const logFile = path.join(dir, 'requests.jsonl');
    server = await startMockServer({ script: [], logFile });
    const client = new Anthropic({ apiKey: 'sk-secret-key', baseURL: server.url, maxRetries: 0 });
    await client.messages.create(params);
    await client.messages.countTokens({ model: params.model, messages: params.messages });
    const lines = fs
      .readFileSync(logFile, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as RecordedRequest);
    expect(lines.map((l) => l.path)).toEqual(['/v1/messages', '/v1/messages/count_tokens']);
    expect(lines[0]!.body).toEqual(params);
    expect(lines[0]!.headers.authorization ?? lines[0]!.headers['x-api-key']).toBe('[redacted]');
    expect(fs.readFileSync(logFile, 'utf8')).not.toContain('secret');
  });
});

describe('count_tokens and models', () => {
  it('counts tokens with the same estimate as message usage', async () => {
    server = await startMockServer({ script: [{ content: [{ type: 'text', text: 'ok' }] }] });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const tool = {
      name: 'read_file',
      description: 'Read one file',
      input_schema: { type: 'object' as const, properties: { path: { type: 'string' } } },
    };
    const request = { ...params, tools: [tool] };
    const counted = await client.messages.countTokens({
      model: request.model,
      system: request.system,
      messages: request.messages,
      tools: request.tools,
    });
    const expected =
      estimateTokens(
        JSON.stringify({ description: tool.description, input_schema: tool.input_schema, name: tool.name }),
      ) +
      estimateTokens(params.system) +
      estimateTokens('What is 2+2?');
    expect(counted.input_tokens).toBe(expected);
    const message = await client.messages.create(request);
    expect(message.usage.input_tokens).toBe(expected);
  });

  it('lists every model of the table in the real page shape and retrieves one', async () => {
    server = await startMockServer({ script: [] });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const ids: string[] = [];
    for await (const model of client.models.list()) {
      expect(model.type).toBe('model');
      expect(model.display_name).toMatch(/^Claude /);
      expect(Number.isNaN(Date.parse(model.created_at))).toBe(false);
      ids.push(model.id);
    }
    expect(ids).toEqual(MODEL_TABLE.map((m) => m.id));
    expect(ids).toEqual(
      expect.arrayContaining([
        'claude-sonnet-5-5',
        'claude-opus-5-5',
        'claude-haiku-5-5',
        'claude-fable-5-1',
        'claude-fable-5-2',
        'claude-opus-4-8',
      ]),
    );
    const page = (await (await fetch(`${server.url}/v1/models`)).json()) as Record<string, unknown>;
    expect(page).toMatchObject({ has_more: false, first_id: MODEL_TABLE[0]!.id, last_id: MODEL_TABLE.at(-1)!.id });
    expect((await client.models.retrieve('claude-haiku-5-5')).display_name).toBe('Claude Haiku 5.5');
  });

  it('listens on 127.0.0.1 and picks a free port', async () => {
    server = await startMockServer({ script: [] });
    const other = await startMockServer({ script: [] });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(other.url).not.toBe(server.url);
    } finally {
      await other.close();
    }
  });
});
