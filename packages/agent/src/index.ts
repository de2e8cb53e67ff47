export type * from './events.js';
export type * from './messages.js';
export { createAgent, INTERRUPTED } from './agent.js';
export type { Agent, AgentOptions, SendTurnOptions, SkillsUpdate } from './agent.js';
export type { CurrentSettings } from './model-switch.js';
export { createAnthropicClient, classifyError, DEFAULT_API_URL } from './model-client.js';
export { httpFetch, lightHttpFetch } from './http-fetch.js';
export { LightHeaders, LightResponse } from './light-response.js';
export type {
  AnthropicClientOptions,
  ApiUsage,
  ModelClient,
  ModelError,
  ModelErrorKind,
  ModelRequest,
  ModelStreamEvent,
  RequestMessage,
  RequestTool,
} from './model-client.js';
export type { AgentPolicy } from './policy.js';
export { createSessionStore, defaultSessionDir, parseSession } from './session-store.js';
export type {
  LoadedSession,
  SessionHeader,
  SessionInfo,
  SessionRecord,
  SessionStore,
  SessionWriter,
} from './session-store.js';
export type { SessionPrefix, SessionStoreOptions } from './session-store.js';
export { SESSION_ID, isSessionId } from './session-records.js';
export { CHANGES_INTRO } from './session-resume.js';
export { estimateCostUsd, priceFor, tierFor } from './prices.js';
export type { ModelPrice } from './prices.js';
export { matchSkill, skillWords, MIN_HITS } from './auto-skill.js';
export { parseSlashSkill, parseSlashSkills } from './forced-skill.js';
export { SKILLS_INTRO, defaultPrompt, composeSystemPrompt } from './prompt.js';
export { PENDING_HEADING, SUMMARY_INSTRUCTION, SUMMARY_HEADING } from './compaction.js';
export { CANCELLED, TRUNCATED } from './tool-executor.js';
export { abortableSleep } from './retry.js';
export type { RetryOptions } from './retry.js';
export { addUsage, emptyUsage } from './usage.js';
export {
  checkModelSettings,
  defaultThinking,
  EFFORTS,
  knownModels,
  MIN_BUDGET_TOKENS,
  modelInfo,
  parseEffort,
  parseThinkingFlag,
} from './catalogue.js';
export type { Effort, ModelInfo, PriceTier, ThinkingMode, ThinkingSetting } from './catalogue.js';
export { fetchForEnv } from './http-fetch.js';
export { closeWarmSockets, preconnect } from './preconnect.js';
export type { StopDetails } from './model-types.js';
export { isRetryable } from './retry.js';
export { CONTEXT_FULL, REFUSAL_REMOVED } from './stop-reasons.js';
export { turnOutcome } from './loop.js';
export { neutralMessage } from './neutral.js';
