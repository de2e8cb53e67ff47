export type * from './types.js';
export { startMockServer } from './server.js';
export type { MockServer, MockServerOptions } from './server.js';
export { estimateTokens } from './tokens.js';
export { DEFAULT_FALLBACK_TEXT } from './script-engine.js';
export { CACHE_RULES } from './cache-model.js';
export { MOCK_MODELS } from './models.js';
