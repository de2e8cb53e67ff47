/**
 * The agent's configuration (split from agent.ts): what every turn and compaction reads, from the
 * options, the resolved model and the session's prefix (fresh or resumed). `createAgent` builds it
 * once; model switches, tool additions and skill updates change it in place.
 */
import type { ReadTracker } from '@coding-harness/tools';
import { createToolContext } from '@coding-harness/tools';
import { createApprovals } from './approvals.js';
import { createHookRunner } from './hook-runner.js';
import { retryPlan } from './retry.js';
import type { SessionPrefix } from './session-store.js';
import { CLEARING } from './tool-result-clearing.js';
import type { AgentConfig } from './state.js';
import type { modelSettings } from './catalogue-settings.js';
import type { AgentOptions } from './agent-types.js';

/** What `createAgent` resolved before the configuration: the provider and model, the prefix, the tool context's guards. */
export interface AgentConfigInput {
  provider: AgentConfig['provider'];
  descriptor: AgentConfig['descriptor'];
  model: ReturnType<typeof modelSettings>;
  prefix: SessionPrefix;
  skills: AgentConfig['skills'];
  readTracker: ReadTracker;
  /** Shared with `updateSkills`, which adds folders to it. */
  protectedDirs: string[];
  readFilter?: (abs: string) => boolean;
}

export function agentConfig(options: AgentOptions, w: AgentConfigInput): AgentConfig {
  const config: AgentConfig = {
    providers: options.providers,
    provider: w.provider,
    model: options.model,
    descriptor: w.descriptor,
    system: w.prefix.system,
    tools: w.prefix.tools,
    registry: options.registry,
    policy: options.policy,
    approvals: createApprovals(),
    skills: w.skills,
    makeContext: (signal) =>
      createToolContext({
        root: options.workroot,
        skills: config.skills,
        signal,
        readTracker: w.readTracker,
        protectedDirs: w.protectedDirs,
        secrets: options.secrets ?? [],
        ...(options.env ? { env: options.env } : {}),
        ...(options.sandbox ? { sandbox: options.sandbox } : {}),
        ...(w.readFilter ? { readFilter: w.readFilter } : {}),
        ...(options.files !== undefined ? { files: options.files } : {}),
        ...(options.readRoots !== undefined ? { readRoots: options.readRoots } : {}),
        ...(options.writeRoots !== undefined ? { writeRoots: options.writeRoots } : {}),
      }),
    maxTurns: options.maxTurns ?? 50,
    maxTokens: w.model.maxTokens,
    ...(w.model.thinking !== undefined ? { thinking: w.model.thinking } : {}),
    ...(options.effort !== undefined ? { effort: options.effort } : {}),
    retry: retryPlan(options.retry),
    compactionThreshold: options.compactionThreshold ?? 0.8,
    contextWindow: options.contextWindow ?? w.descriptor.contextWindow,
    ...(options.cacheTtl !== undefined ? { cacheTtl: options.cacheTtl } : {}),
    ...(options.refusalRetry ? { refusalRetry: true } : {}),
    ...(options.fallbackModel !== undefined ? { fallbackModel: options.fallbackModel } : {}),
    ...(options.clearToolResults
      ? {
          clearToolResults:
            options.clearToolResults === true ? { keepToolUses: CLEARING.keepToolUses } : options.clearToolResults,
        }
      : {}),
    hooks: createHookRunner(options.hooks),
  };
  return config;
}
