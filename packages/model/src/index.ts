/**
 * `@coding-harness/model`: the neutral model layer. Messages and parts, stream events, requests,
 * model descriptors and the provider registry; the providers themselves live under
 * `providers/`. The loop imports this package and no provider's wire types.
 */
export type {
  DocumentPart,
  ImagePart,
  Message,
  Part,
  ProviderMeta,
  ProviderPart,
  ResultPart,
  TextPart,
  ThinkingPart,
  ToolAdditionPart,
  ToolCallPart,
  ToolRemovalPart,
  ToolResultPart,
} from './messages.js';
export { endsInServerTool, messageText, resultText, textResult, toolCalls } from './messages.js';
export type { Usage } from './usage.js';
export { addUsage, emptyUsage, subtractUsage, totalInput } from './usage.js';
export { EFFORTS, THINKING_MODES } from './descriptor.js';
export type {
  Effort,
  ModelCapabilities,
  ModelDescriptor,
  ModelPrice,
  PriceTier,
  ThinkingMode,
  ThinkingSetting,
} from './descriptor.js';
export { checkModelSettings, defaultThinking, MIN_BUDGET_TOKENS, parseEffort, parseThinkingFlag } from './settings.js';
export type { ModelSettings } from './settings.js';
export { estimateCostUsd, tierFor } from './cost.js';
export type { ModelError, ModelErrorKind } from './errors.js';
export { MODEL_STOP_REASONS } from './stream.js';
export type { ModelEvent, ModelStopReason, StopDetails } from './stream.js';
export type {
  CacheHints,
  CacheTtl,
  ModelRequest,
  PartPosition,
  SystemText,
  ToolResultClearing,
  ToolSpec,
} from './request.js';
export { createProviderRegistry } from './provider.js';
export type { ModelProvider, ProviderRegistry } from './provider.js';
