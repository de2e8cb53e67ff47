/**
 * The only file that imports `@anthropic-ai/sdk`. model-client.ts loads it on the first request,
 * so importing the agent costs nothing of the SDK. It takes the SDK's base client
 * (`@anthropic-ai/sdk/client`: auth, headers, timeouts, SSE streaming) and its error classes by
 * name, not the package's index: the index attaches every API resource (beta, files, batches,
 * organization, ...), four times the code, for the three endpoints the agent calls through `post`
 * and `get`. A bundler (the bins') keeps only what these names reach.
 */
export { BaseAnthropic } from '@anthropic-ai/sdk/client';
export { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk/error';
export type { Stream } from '@anthropic-ai/sdk/core/streaming';
