/**
 * The contexts hooks are given: what they may read of the conversation, and what they may do
 * (persist a record, switch the turn's model, grant or deny through the policy, run a thread).
 * Built by the loop for the turn (or a thread of it) and by the compactor.
 */
import type { CompactContext, HookContext, PluginRecord, ThreadSpec, TurnContext, TurnSettings } from './hooks.js';
import { RECORD_TYPES } from './session-records.js';
import type { AgentConfig, AgentState, Emit } from './state.js';
import type { RunLoop } from './thread.js';
import { runThread } from './thread.js';
import type { TurnModelSettings } from './turn-model.js';
import { turnSettingsSwitch } from './turn-model.js';

/** What every hook context shares. */
function baseContext(state: AgentState, signal: AbortSignal, emit: Emit): HookContext {
  return {
    sessionId: state.sessionId,
    signal,
    emit,
    messages: () => state.messages,
    records: () => state.records,
    persist(record: PluginRecord) {
      if (typeof record.type !== 'string' || record.type === '' || RECORD_TYPES.includes(record.type))
        throw new TypeError(
          `persist: a plugin record needs a type of its own, not ${JSON.stringify(record.type)} (the agent's types: ${RECORD_TYPES.join(', ')})`,
        );
      state.records.push(record);
      state.persist(record);
    },
  };
}

/** The model settings `config`'s next request uses. */
export function turnSettingsOf(config: AgentConfig): TurnModelSettings {
  return {
    model: config.model,
    provider: config.provider,
    descriptor: config.descriptor,
    maxTokens: config.maxTokens,
    ...(config.thinking !== undefined ? { thinking: config.thinking } : {}),
    ...(config.effort !== undefined ? { effort: config.effort } : {}),
    contextWindow: config.contextWindow,
  };
}

/** Writes `s` into `config` (a turn's or a thread's own copy). */
export function applyTurnSettings(config: AgentConfig, s: TurnModelSettings): void {
  config.model = s.model;
  config.provider = s.provider;
  config.descriptor = s.descriptor;
  config.maxTokens = s.maxTokens;
  config.contextWindow = s.contextWindow;
  if (s.thinking !== undefined) config.thinking = s.thinking;
  else delete config.thinking;
  if (s.effort !== undefined) config.effort = s.effort;
  else delete config.effort;
}

/** Switches `config`'s model and effort as `change` asks, emitting the notices. */
function switchOn(config: AgentConfig, change: Parameters<TurnContext['switchSettings']>[0], emit: Emit): void {
  const switched = turnSettingsSwitch(turnSettingsOf(config), change, config.providers);
  for (const message of switched.notices) emit({ type: 'notice', message });
  if (switched.settings) applyTurnSettings(config, switched.settings);
}

/**
 * The context of a hook inside a turn or a thread: `config` is the turn's (or thread's) own copy,
 * so a settings switch lasts for the rest of it.
 */
export function turnContext(
  config: AgentConfig,
  state: AgentState,
  signal: AbortSignal,
  emit: Emit,
  runLoop: RunLoop,
): TurnContext {
  return {
    ...baseContext(state, signal, emit),
    turnId: config.turnId ?? '',
    ...(config.threadId !== undefined ? { threadId: config.threadId } : {}),
    tools: config.registry,
    system: config.system,
    policy: config.policy,
    settings(): TurnSettings {
      const s = turnSettingsOf(config);
      return {
        model: s.model,
        ...(s.effort !== undefined ? { effort: s.effort } : {}),
        ...(s.thinking !== undefined ? { thinking: s.thinking } : {}),
        maxTokens: s.maxTokens,
        contextWindow: s.contextWindow,
      };
    },
    switchSettings: (change) => switchOn(config, change, emit),
    runThread(spec: ThreadSpec) {
      const own: AgentConfig = {
        ...config,
        ...(spec.hooks !== undefined && spec.hooks.length > 0 ? { hooks: config.hooks.with(spec.hooks) } : {}),
      };
      if (spec.settings) switchOn(own, spec.settings, emit);
      return runThread({
        config: own,
        parent: state,
        spec,
        signal,
        emit,
        runLoop,
        ...(own.hooks.empty
          ? {}
          : {
              afterEnd: (stop, sub, threadState, threadEmit) =>
                own.hooks.afterThread(stop, turnContext(sub, threadState, signal, threadEmit, runLoop)),
            }),
      });
    },
  };
}

/** The context of a compaction hook. */
export function compactContext(
  state: AgentState,
  signal: AbortSignal,
  emit: Emit,
  reason: CompactContext['reason'],
  focus: string | undefined,
): CompactContext {
  return {
    ...baseContext(state, signal, emit),
    reason,
    ...(focus !== undefined && focus.trim() !== '' ? { focus } : {}),
  };
}
