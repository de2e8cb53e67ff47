/**
 * `createAnthropicProvider`: the Messages API behind the neutral `ModelProvider` seam. A neutral
 * request becomes the API's body (request-json.ts: byte-stable, cache breakpoints placed from the
 * hints), the SDK streams it (transport.ts), and the reply is read into neutral events
 * (stream-reader.ts). Models are described from the catalogue (catalogue.ts).
 */
import type { ModelEvent, ModelProvider, ModelRequest } from '../../index.js';
import { aliasModel, catalogueModels, describeModel, servesModel } from './catalogue.js';
import { lightHttpFetch } from './http-fetch.js';
import { preconnect } from './preconnect.js';
import { requestBetas, streamRequestBody, wireRequest } from './request-json.js';
import { readStream } from './stream-reader.js';
import { createTransport, DEFAULT_API_URL } from './transport.js';
import type { AnthropicProviderOptions } from './transport.js';
import { ANTHROPIC } from './wire.js';

/**
 * A provider for the Messages API at `baseURL` (default https://api.anthropic.com) with the
 * given credentials. Never throws from `stream`: a request that cannot even be built is an
 * `error` event like any failure.
 */
export function createAnthropicProvider(opts: AnthropicProviderOptions): ModelProvider {
  const transport = createTransport(opts);
  return {
    id: ANTHROPIC,
    models: catalogueModels,
    serves: servesModel,
    describe: describeModel,
    alias: aliasModel,
    stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelEvent> {
      return readStream(events(request, signal));
    },
    countTokens(request, signal) {
      return transport.countTokens(Buffer.from(JSON.stringify(wireRequest(request))), signal, requestBetas(request));
    },
    preconnect() {
      // Only the light fetch takes a connection opened ahead (the SDK's own fetch keeps its own pool).
      if (opts.fetch === lightHttpFetch) preconnect(opts.baseURL ?? DEFAULT_API_URL);
    },
  };

  async function* events(request: ModelRequest, signal: AbortSignal): AsyncIterable<unknown> {
    let body: Buffer;
    try {
      body = streamRequestBody(request);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      yield { type: 'error', error: { kind: 'client', message: `the request could not be built: ${why}` } };
      return;
    }
    yield* transport.stream(body, request.model, signal, requestBetas(request));
  }
}
