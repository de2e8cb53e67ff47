/**
 * `@coding-harness/model/anthropic`: the Anthropic Messages API as a `ModelProvider`, and its
 * transport pieces a wiring chooses between (the light node:http fetch, opening the connection
 * ahead). A subpath of its own, so the loop (which imports `@coding-harness/model` only) cannot
 * reach it by accident; the layering check enforces that too.
 */
export { createAnthropicProvider } from './provider.js';
export type { AnthropicProviderOptions } from './transport.js';
export { DEFAULT_API_URL } from './transport.js';
export { aliasModel, catalogueModels, describeModel } from './catalogue.js';
export { fetchForEnv, httpFetch, lightHttpFetch } from './http-fetch.js';
export { LightHeaders, LightResponse } from './light-response.js';
export { closeWarmSockets, preconnect } from './preconnect.js';
