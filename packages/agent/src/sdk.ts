/**
 * The only file that imports `@anthropic-ai/sdk`. model-client.ts loads it on the first request,
 * so importing the agent costs nothing of the SDK. It takes the SDK's base client
 * (`@anthropic-ai/sdk/client`: auth, headers, timeouts, SSE streaming) and its error classes by
 * name, not the package's index: the index attaches every API resource (beta, files, batches,
 * organization, ...), four times the code, for the two endpoints the agent calls through `post`.
 * Named static imports let a bundler drop the rest.
 */
export { BaseAnthropic } from '@anthropic-ai/sdk/client';
export { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk/error';
export type { Stream } from '@anthropic-ai/sdk/core/streaming';
export type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
