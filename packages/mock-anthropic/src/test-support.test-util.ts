import Anthropic from '@anthropic-ai/sdk';
import type { MockServer, MockServerOptions } from './server.js';
import { startMockServer } from './server.js';
import type { ScriptTurn } from './types.js';

/** The servers a test file started; `closeAll` in afterEach stops them even when a test failed. */
const open: MockServer[] = [];

export async function serve(
  turns: ScriptTurn[] = [],
  opts: Partial<MockServerOptions> = {},
): Promise<{ server: MockServer; client: Anthropic }> {
  const server = await startMockServer({ script: turns, ...opts });
  open.push(server);
  return { server, client: new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 }) };
}

export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((s) => s.close()));
}

/** A user turn asking `text`, on `model`. */
export const ask = (text: string, model = 'claude-sonnet-5-5') => ({
  model,
  max_tokens: 1024,
  messages: [{ role: 'user' as const, content: text }],
});

/** The status, error type and message of a refused call (throws when the call succeeds). */
export async function refusal(
  call: Promise<unknown>,
): Promise<{ status: number; type: string; message: string; requestId: string | null | undefined }> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof Anthropic.APIError)) throw error;
    const body = error.error as { type: string; error: { type: string; message: string }; request_id: string };
    if (body.type !== 'error' || !body.request_id.startsWith('req_'))
      throw new Error(`not the real error body: ${JSON.stringify(body)}`, { cause: error });
    return {
      status: error.status ?? 0,
      type: body.error.type,
      message: body.error.message,
      requestId: error.requestID,
    };
  }
  throw new Error('the request was accepted');
}
