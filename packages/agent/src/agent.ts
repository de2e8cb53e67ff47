/**
 * `createAgent`: composes the session's fixed system prompt and tool list once, resumes a
 * session when asked, and runs turns. Events of a turn come from `send()` as an async iterable;
 * the agent never prints.
 */
import type { Effort, Message } from '@coding-harness/model';
import { emptyUsage } from '@coding-harness/model';
import { createReadTracker } from '@coding-harness/tools';
import { randomHex } from './random-id.js';
import { compact } from './compactor.js';
import { runTurn } from './loop.js';
import { applySettings, currentSettings } from './model-switch.js';
import { systemPromptText } from './prompt.js';
import { newSessionId } from './session-store.js';
import type { SessionPrefix, SessionRecord } from './session-store.js';
import type { PluginRecord } from './hooks.js';
import { planResume } from './session-resume.js';
import type { AgentState } from './state.js';
import { modelSettings } from './catalogue-settings.js';
import { toolSpecs } from './tool-specs.js';
import { missingResults, validPrefixLength } from './transcript.js';
import type { Agent, AgentOptions } from './agent-types.js';
import { toolSetChanges } from './agent-tool-changes.js';
import { agentConfig } from './agent-config.js';
import { agentPrompt } from './agent-prompt.js';
import { agentJobs } from './agent-jobs.js';

export type { Agent, AgentOptions, SendTurnOptions, SkillsUpdate, ToolsUpdate } from './agent-types.js';

/** The interrupted-tool text written when a resumed session ends with an unanswered tool_use. */
export const INTERRUPTED = 'interrupted: the session ended before this tool call finished';

/** Creates an agent. Reads the instruction files once; resumes `resumeId` from `sessionStore` when given. */
export async function createAgent(options: AgentOptions): Promise<Agent> {
  const clock = options.clock ?? (() => new Date());
  const skills = options.skills ?? [];
  if (options.systemPrompt !== undefined && options.systemPrompt.trim() === '')
    throw new TypeError('createAgent: systemPrompt is empty (leave it out for the harness prompt)');
  const readTracker = createReadTracker();
  const protectedDirs = [
    ...(options.configDir !== undefined ? [options.configDir] : []),
    ...(options.protectedDirs ?? []),
  ];
  const policy = options.policy;
  const readFilter = policy.readFilter ? (abs: string): boolean => policy.readFilter?.(abs) ?? true : undefined;
  const { provider, descriptor } = options.providers.resolve(options.model);
  const model = modelSettings(descriptor, options);
  const { prompt, notices } = await agentPrompt(options, { descriptor, model, skills, date: clock() });
  // What a new session sends; a resumed one sends its stored prefix instead (session-resume.ts).
  const fresh: SessionPrefix = {
    system: prompt.blocks,
    tools: [...toolSpecs(options.registry.definitions()), ...(options.serverTools ?? [])],
  };
  const plan =
    options.resumeId === undefined
      ? undefined
      : await planResume({
          store: options.sessionStore,
          id: options.resumeId,
          fresh,
          model: options.model,
          midConversationSystem: descriptor.capabilities.midConversationSystem,
          midConversationTools: descriptor.capabilities.midConversationTools,
          providers: options.providers,
          keep: options.resumeKeeps ?? { model: true, effort: true },
          ...(options.skillTool !== undefined ? { skillTool: options.skillTool } : {}),
        });
  let prefix = plan?.ok ? plan.prefix : fresh;
  const config = agentConfig(options, {
    provider,
    descriptor,
    model,
    prefix,
    skills,
    readTracker,
    protectedDirs,
    ...(readFilter ? { readFilter } : {}),
  });
  const store = options.sessionStore;
  let sessionId = options.sessionId ?? newSessionId(clock());
  let state = freshState();
  let resumed = false;

  if (plan && !plan.ok) notices.push(plan.notice);
  else if (plan) {
    const loaded = plan.session;
    notices.push(...plan.notices);
    sessionId = loaded.info.id;
    state.sessionId = sessionId;
    state.messages = loaded.messages;
    state.records.push(...loaded.records);
    const reopened = store?.reopen(sessionId);
    if (reopened?.ok) state.writer = reopened.writer;
    else if (reopened) notices.push(`session ${sessionId} is read-only: ${reopened.error}`);
    if (!plan.prefixStored) state.writer?.append({ type: 'prefix', ...prefix });
    if (plan.context) state.pendingContext.push(plan.context);
    resumed = true;
    const repair = missingResults(state.messages, INTERRUPTED);
    if (repair.length > 0) state.persistAndAppend({ role: 'user', content: repair });
  }

  function freshState(): AgentState & { persistAndAppend: (m: Message) => void } {
    const s: AgentState & { persistAndAppend: (m: Message) => void } = {
      sessionId,
      messages: [],
      records: [],
      totals: { usage: emptyUsage(), costUsd: 0, requests: 0 },
      lastInputTokens: 0,
      pendingContext: [],
      turn: 0,
      persist: (record) => persist(s, record),
      persistAndAppend: (m) => {
        s.messages.push(m);
        persist(s, { type: 'message', message: m });
      },
    };
    return s;
  }

  let persistWarned = false;
  function persist(s: AgentState, record: SessionRecord | PluginRecord): void {
    if (!store) return;
    if (!s.writer) {
      const created = store.create({
        id: sessionId,
        workroot: options.workroot,
        model: options.model,
        createdAt: clock().toISOString(),
        prefix,
      });
      if (!created.ok) return warn(created.error);
      s.writer = created.writer;
      // A switch made before the file existed (or carried over by clear()) is in force from its start.
      if (config.model !== options.model || config.effort !== options.effort) s.writer.append(settingsRecord());
    }
    const error = s.writer.append(record);
    if (error) warn(error);
    // Once the resume note is in the file, later resumes compare with what it told the model.
    else if (plan?.ok && 'message' in record && record.message === plan.context)
      s.writer.append({ type: 'current', ...fresh });
  }
  const pendingWarnings: string[] = [];
  function warn(message: string): void {
    if (persistWarned) return;
    persistWarned = true;
    pendingWarnings.push(`the session is not being saved: ${message}`);
  }

  const jobs = agentJobs(pendingWarnings);
  const fixed = {
    ...(options.thinking !== undefined ? { thinking: options.thinking } : {}),
    ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
    ...(options.contextWindow !== undefined ? { contextWindow: options.contextWindow } : {}),
  };
  const settingsRecord = (): SessionRecord => ({
    type: 'settings',
    model: config.model,
    ...(config.effort !== undefined ? { effort: config.effort } : {}),
  });
  const switchTo = (next: string, effort: Effort | undefined): string[] => {
    if (jobs.busy) return ['a turn is running: change the model or effort after it ends'];
    const problems = applySettings(config, fixed, next, effort);
    // Recorded so a resume continues with it; a session with no file yet records it when the file is made.
    if (problems.length === 0 && state.writer) state.persist(settingsRecord());
    return problems;
  };
  if (plan?.ok && plan.settings) {
    const recorded = plan.settings;
    const effort = recorded.keptEffort ? recorded.effort : config.effort;
    const problems = applySettings(config, fixed, recorded.model, effort);
    if (problems.length > 0)
      notices.push(
        `session ${sessionId} last used ${recorded.model}${effort ? ` with effort ${effort}` : ''}, which cannot be used now (${problems.join('; ')}); it resumes with ${config.model}`,
      );
    else if (config.model !== options.model || config.effort !== options.effort)
      notices.push(
        `session ${sessionId} resumes with ${config.model}${config.effort ? ` (effort ${config.effort})` : ''}, as last set in it (--model / --effort choose others)`,
      );
  }
  // Resumed with another model than the file last records (`--model` on resume): recorded, so the
  // next resume names the model this run used, not the one the session started with.
  if (plan?.ok && state.writer && config.model !== (plan.session.settings?.model ?? plan.session.info.model))
    state.persist(settingsRecord());
  // The tool set grown mid-session (agent-tool-changes.ts): `state` and `prefix` are read when called (clear() replaces them).
  const addTools = toolSetChanges({ config, jobs, fresh, state: () => state, prefix: () => prefix });
  const agent: Agent = {
    get sessionId() {
      return sessionId;
    },
    get systemPrompt() {
      return systemPromptText(prefix.system);
    },
    get model() {
      return config.model;
    },
    get busy() {
      return jobs.busy;
    },
    notices,
    resumed,
    send(text, opts = {}) {
      const turnId = opts.turnId ?? `turn_${randomHex(12)}`;
      return jobs.run(opts.signal, (signal, emit) =>
        runTurn(config, state, text, signal, (event) => emit({ ...event, turnId }), turnId, opts.parts),
      );
    },
    answer: (requestId, answer) => config.approvals.answer(requestId, answer),
    async close() {
      await jobs.stop();
      state.writer?.close();
      state.writer = undefined;
    },
    compact(opts = {}) {
      return jobs.run(opts.signal, (signal, emit) => compact(config, state, signal, emit, opts.focus));
    },
    settings: () => currentSettings(config),
    context: () => ({ used: state.lastInputTokens, window: config.contextWindow }),
    setModel: (next) => switchTo(next, config.effort),
    setEffort: (effort) => switchTo(config.model, effort),
    messages: () => state.messages,
    totals: () => ({ ...state.totals, usage: { ...state.totals.usage } }),
    clear() {
      state.writer?.close();
      state = freshState();
      if (prefix !== fresh) {
        // A new conversation has no thinking to keep valid: it starts from the current prompt and tools.
        prefix = fresh;
        config.system = fresh.system;
        config.tools = fresh.tools;
      }
      sessionId = newSessionId(clock());
      state.sessionId = sessionId;
      readTracker.clear();
    },
    truncate(keep) {
      if (jobs.busy) return 'a turn is running: rewind after it ends';
      const length = state.messages.length;
      if (!Number.isInteger(keep) || keep < 0 || keep > length)
        return `cannot keep ${keep} messages of a conversation of ${length}`;
      if (validPrefixLength(state.messages.slice(0, keep)) !== keep)
        return `cutting the conversation after message ${keep} would leave a tool call without its result`;
      if (keep === length) return undefined;
      state.messages.length = keep;
      state.previousEnd = undefined;
      state.persist({ type: 'truncate', keep });
      // The model's reads of the cut turns are gone from its view: it must read again before editing.
      readTracker.clear();
      return undefined;
    },
    addTools,
    updateSkills(update) {
      config.skills = update.skills;
      for (const dir of update.protectedDirs ?? []) if (!protectedDirs.includes(dir)) protectedDirs.push(dir);
    },
  };
  return agent;
}
