export type * from './events.js';
export type { Message, Part } from '@coding-harness/model';
export { addUsage, emptyUsage } from '@coding-harness/model';
export { createAgent, INTERRUPTED } from './agent.js';
export type { Agent, AgentOptions, SendTurnOptions, SkillsUpdate, ToolsUpdate } from './agent.js';
export type { CurrentSettings } from './model-switch.js';
export type { AgentPolicy } from './policy.js';
export type {
  BeforeCompact,
  BeforeToolCall,
  BeforeTurn,
  CompactContext,
  ForcedCall,
  HookContext,
  Hooks,
  HookToolCall,
  PluginRecord,
  QuestionAsked,
  Reattached,
  SettingsChange,
  ThreadEnd,
  ThreadSpec,
  ThreadStop,
  TurnContext,
  TurnEnd,
  TurnSettings,
} from './hooks.js';
export { MAX_CONTINUATIONS } from './hooks.js';
export { toolUseId } from './random-id.js';
export { createSessionStore, defaultSessionDir, newSessionId, parseSession } from './session-store.js';
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
export { SKILLS_INTRO, defaultPrompt, composeSystemPrompt } from './prompt.js';
export { PENDING_HEADING, SUMMARY_INSTRUCTION, SUMMARY_HEADING } from './compaction.js';
export { CANCELLED, TRUNCATED } from './tool-executor.js';
export { abortableSleep } from './retry.js';
export type { RetryOptions } from './retry.js';
export type { StopDetails } from './stop-reasons.js';
export { isRetryable } from './retry.js';
export { CONTEXT_FULL, REFUSAL_REMOVED } from './stop-reasons.js';
export { turnOutcome } from './loop.js';
