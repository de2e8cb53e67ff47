import Anthropic, {
  APIConnectionError,
  APIError,
  InternalServerError,
  OverloadedError,
  RateLimitError,
} from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockServer } from './server.js';
import { startMockServer } from './server.js';
import type { Fault } from './types.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const params = { model: 'claude-sonnet-5-5', max_tokens: 256, messages: [{ role: 'user' as const, content: 'hi' }] };
const reply = [{ type: 'text' as const, text: 'the real reply, after the fault' }];

async function startWithFault(fault: Fault, maxRetries = 0): Promise<Anthropic> {
  server = await startMockServer({ script: [{ content: reply, fault }] });
  return new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries });
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('fault injection surfaces as the SDK error classes', () => {
  it('rate_limit: RateLimitError 429 with a retry-after header, then the turn answers', async () => {
    const client = await startWithFault({ kind: 'rate_limit', retryAfterSeconds: 7 });
    const error = await caught(client.messages.create(params));
    expect(error).toBeInstanceOf(RateLimitError);
    const e = error as RateLimitError;
    expect(e.status).toBe(429);
    expect(e.headers?.get('retry-after')).toBe('7');
    expect(e.error).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
    expect(server!.remainingTurns()).toBe(1);
    expect((await client.messages.create(params)).content).toEqual(reply);
    expect(server!.remainingTurns()).toBe(0);
  });

  it('rate_limit without retry-after (a gateway stripped it) names the exhausted limits and their reset', async () => {
    const client = await startWithFault({
      kind: 'rate_limit',
      retryAfterSeconds: null,
      exhausted: ['input-tokens', 'output-tokens'],
      resetSeconds: 30,
    });
    const e = (await caught(client.messages.create(params))) as RateLimitError;
    expect(e.status).toBe(429);
    expect(e.headers?.get('retry-after')).toBeNull();
    expect(e.headers?.get('anthropic-ratelimit-output-tokens-remaining')).toBe('0');
    const reset = Date.parse(e.headers?.get('anthropic-ratelimit-input-tokens-reset') ?? '');
    expect(reset - Date.now()).toBeGreaterThan(25_000);
    expect(e.error).not.toHaveProperty('error.details');
  });

  it('rate_limit: the SDK retries once (maxRetries: 1) and gets the real reply', async () => {
    const client = await startWithFault({ kind: 'rate_limit', retryAfterSeconds: 0.01 }, 1);
    const message = await client.messages.create(params);
    expect(message.content).toEqual(reply);
    expect(server!.messageRequests().length).toBe(2);
  });

  it('api_error: InternalServerError 500 with error type api_error', async () => {
    const client = await startWithFault({ kind: 'api_error' });
    const error = await caught(client.messages.create(params));
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as APIError).status).toBe(500);
    expect((error as APIError).type).toBe('api_error');
  });

  it('overloaded: an APIError with status 529 and error type overloaded_error', async () => {
    const client = await startWithFault({ kind: 'overloaded' });
    const error = await caught(client.messages.create(params));
    expect(error).toBeInstanceOf(APIError);
    expect(error).toBeInstanceOf(OverloadedError);
    expect((error as APIError).status).toBe(529);
    expect((error as APIError).type).toBe('overloaded_error');
    expect((error as APIError).error).toMatchObject({
      type: 'error',
      error: { type: 'overloaded_error', message: expect.any(String) },
    });
  });

  it('cut_stream: the stream breaks on iteration after the given number of events', async () => {
    const client = await startWithFault({ kind: 'cut_stream', afterEvents: 3 });
    const stream = await client.messages.create({ ...params, stream: true });
    const seen: string[] = [];
    const error = await caught(
      (async () => {
        for await (const event of stream) seen.push(event.type);
      })(),
    );
    expect(error).toBeInstanceOf(Error);
    expect(seen).toEqual(['message_start', 'content_block_start']);
    expect(server!.remainingTurns()).toBe(1);
    const again = await client.messages.stream(params).finalMessage();
    expect(again.content).toMatchObject(reply);
  });

  it('cut_stream: messages.stream().finalMessage() rejects', async () => {
    const client = await startWithFault({ kind: 'cut_stream', afterEvents: 4 });
    const error = await caught(client.messages.stream(params).finalMessage());
    expect(error).toBeInstanceOf(Error);
  });

  it('cut_stream without streaming: the socket closes before the body, an APIConnectionError', async () => {
    const client = await startWithFault({ kind: 'cut_stream', afterEvents: 0 });
    const error = await caught(client.messages.create(params));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((await client.messages.create(params)).content).toEqual(reply);
  });

  it('stall_stream: the stream goes silent after N events until the client gives up; the turn answers the next request', async () => {
    const client = await startWithFault({ kind: 'stall_stream', afterEvents: 3 });
    const stop = new AbortController();
    const stream = await client.messages.create({ ...params, stream: true }, { signal: stop.signal });
    const seen: string[] = [];
    const reading = (async () => {
      for await (const event of stream) seen.push(event.type);
    })().catch(() => undefined);
    await new Promise((r) => setTimeout(r, 400));
    expect(seen).toEqual(['message_start', 'content_block_start']);
    stop.abort();
    // The SDK ends an aborted stream's iteration (quietly or with an error); nothing more arrived.
    await reading;
    expect(seen).toEqual(['message_start', 'content_block_start']);
    expect(server!.remainingTurns()).toBe(1);
    expect((await client.messages.stream(params).finalMessage()).content).toMatchObject(reply);
  });

  it('stall_stream with forMs and pingEveryMs: pings during the pause, then the whole reply; the turn is used up', async () => {
    const client = await startWithFault({ kind: 'stall_stream', afterEvents: 2, forMs: 300, pingEveryMs: 50 });
    const res = await fetch(`${server!.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': 'k', 'anthropic-version': '2026-10-21' },
      body: JSON.stringify({ ...params, stream: true }),
    });
    const text = await res.text();
    expect((text.match(/^event: ping$/gm) ?? []).length).toBeGreaterThanOrEqual(3);
    expect(text).toContain('event: message_stop');
    expect(server!.remainingTurns()).toBe(0);
    void client;
  });

  it('delay: answers normally after waiting, and the turn is used up', async () => {
    const client = await startWithFault({ kind: 'delay', ms: 300 });
    const answered = client.messages.create(params);
    while (server!.requests[0]?.body === undefined) await new Promise((r) => setTimeout(r, 5));
    expect(server!.requests[0]!.finishedAt).toBeUndefined();
    const message = await answered;
    expect(message.content).toEqual(reply);
    expect(server!.requests[0]!.finishedAt).toBeDefined();
    expect(server!.remainingTurns()).toBe(0);
  });

  it('close() ends a request still waiting on a delay', async () => {
    const client = await startWithFault({ kind: 'delay', ms: 60_000 });
    const pending = caught(client.messages.create(params));
    while (server!.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    await server!.close();
    server = undefined;
    expect(await pending).toBeInstanceOf(APIConnectionError);
  });
});

describe('request errors', () => {
  it('rejects a body without model, messages or max_tokens with 400 invalid_request_error', async () => {
    server = await startMockServer({ script: [] });
    for (const field of ['model', 'messages', 'max_tokens']) {
      const body: Record<string, unknown> = { ...params };
      delete body[field];
      const res = await fetch(`${server.url}/v1/messages`, { method: 'POST', body: JSON.stringify(body) });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        type: 'error',
        error: { type: 'invalid_request_error', message: `${field}: Field required` },
      });
    }
    const res = await fetch(`${server.url}/v1/messages`, { method: 'POST', body: '{not json' });
    expect(res.status).toBe(400);
  });

  it('answers unknown paths with 404 not_found_error (NotFoundError in the SDK)', async () => {
    server = await startMockServer({ script: [] });
    const res = await fetch(`${server.url}/v1/nothing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const error = await caught(client.models.retrieve('claude-nonexistent'));
    expect((error as APIError).status).toBe(404);
  });

  it('rejects more than 4 cache_control blocks', async () => {
    server = await startMockServer({ script: [] });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const block = { type: 'text' as const, text: 'x', cache_control: { type: 'ephemeral' as const } };
    const error = await caught(
      client.messages.create({ ...params, messages: [{ role: 'user', content: [block, block, block, block, block] }] }),
    );
    expect((error as APIError).status).toBe(400);
    expect((error as APIError).type).toBe('invalid_request_error');
  });
});
