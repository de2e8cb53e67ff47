/**
 * `createAgent`: composes the session's fixed system prompt and tool list once, resumes a
 * session when asked, and runs turns. Events of a turn come from `send()` as an async iterable;
 * the agent never prints.
 */
import type { Effort, Message } from '@coding-harness/model';
import { emptyUsage } from '@coding-harness/model';
import { createReadTracker, createToolContext } from '@coding-harness/tools';
import { createApprovals } from './approvals.js';
import { createChannel } from './channel.js';
import { randomHex } from './random-id.js';
import type { AgentEvent } from './events.js';
import { compact } from './compactor.js';
import { createHookRunner } from './hook-runner.js';
import { runTurn } from './loop.js';
import { applySettings, currentSettings } from './model-switch.js';
import { composeSystemPrompt, listingBudgetFor, systemPromptText } from './prompt.js';
import { retryPlan } from './retry.js';
import { newSessionId } from './session-store.js';
import type { SessionPrefix, SessionRecord } from './session-store.js';
import type { PluginRecord } from './hooks.js';
import { planResume } from './session-resume.js';
import { CLEARING } from './tool-result-clearing.js';
import type { AgentConfig, AgentState } from './state.js';
import { modelSettings } from './catalogue-settings.js';
import { toolSpecs } from './tool-specs.js';
import { missingResults, validPrefixLength } from './transcript.js';
import type { Agent, AgentOptions, ToolsUpdate } from './agent-types.js';
import { toolAdditionMessage } from './tool-additions.js';

export type { Agent, AgentOptions, SendTurnOptions, SkillsUpdate, ToolsUpdate } from './agent-types.js';

/** The interrupted-tool text written when a resumed session ends with an unanswered tool_use. */
export const INTERRUPTED = 'interrupted: the session ended before this tool call finished';

/** Creates an agent. Reads the instruction files once; resumes `resumeId` from `sessionStore` when given. */
export async function createAgent(options: AgentOptions): Promise<Agent> {
  const clock = options.clock ?? (() => new Date());
  const skills = options.skills ?? [];
  const instructionDirs = [
    ...(options.configDir !== undefined ? [options.configDir] : []),
    ...(options.projectInstructions === false ? [] : [options.workroot]),
  ];
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
  const prompt = await composeSystemPrompt({
    workroot: options.workroot,
    date: clock(),
    instructionDirs,
    skills,
    listing: {
      budgetChars: options.skillListing?.budgetChars ?? listingBudgetFor(descriptor.contextWindow),
      ...(options.skillListing?.usage !== undefined ? { usage: options.skillListing.usage } : {}),
    },
    ...(options.systemPrompt !== undefined ? { systemPrompt: options.systemPrompt } : {}),
    ...(options.instructions !== undefined ? { instructions: options.instructions } : {}),
    ...(options.appendSystemPrompt !== undefined ? { appendSystemPrompt: options.appendSystemPrompt } : {}),
  });
  const notices = [...prompt.notices];
  if (!descriptor.known)
    notices.push(
      `model ${options.model} is not in the catalogue; using conservative defaults (${descriptor.contextWindow} token window, ${model.maxTokens} max tokens, ${model.thinking ? `${model.thinking.mode} thinking` : 'no thinking setting'})`,
    );
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
  const config: AgentConfig = {
    providers: options.providers,
    provider,
    model: options.model,
    descriptor,
    system: prefix.system,
    tools: prefix.tools,
    registry: options.registry,
    policy: options.policy,
    approvals: createApprovals(),
    skills,
    makeContext: (signal) =>
      createToolContext({
        root: options.workroot,
        skills: config.skills,
        signal,
        readTracker,
        protectedDirs,
        secrets: options.secrets ?? [],
        ...(options.env ? { env: options.env } : {}),
        ...(options.sandbox ? { sandbox: options.sandbox } : {}),
        ...(readFilter ? { readFilter } : {}),
        ...(options.files !== undefined ? { files: options.files } : {}),
        ...(options.readRoots !== undefined ? { readRoots: options.readRoots } : {}),
        ...(options.writeRoots !== undefined ? { writeRoots: options.writeRoots } : {}),
      }),
    maxTurns: options.maxTurns ?? 50,
    maxTokens: model.maxTokens,
    ...(model.thinking !== undefined ? { thinking: model.thinking } : {}),
    ...(options.effort !== undefined ? { effort: options.effort } : {}),
    retry: retryPlan(options.retry),
    compactionThreshold: options.compactionThreshold ?? 0.8,
    contextWindow: options.contextWindow ?? descriptor.contextWindow,
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

  let busy = false;
  /** The running job's own abort (a turn or a compaction), and its end: `close()` stops and awaits it. */
  let stopAll: AbortController | undefined;
  let running: Promise<unknown> = Promise.resolve();
  /** Runs `body` as the one exclusive job of the agent (a turn or a compaction), its events as an iterable. */
  async function* exclusive(
    outer: AbortSignal | undefined,
    body: (signal: AbortSignal, emit: (event: AgentEvent) => void) => Promise<unknown>,
  ): AsyncGenerator<AgentEvent> {
    if (busy) {
      yield { type: 'error', message: 'a turn is already running', fatal: false };
      return;
    }
    busy = true;
    const stop = new AbortController();
    stopAll = stop;
    const signal = outer ? AbortSignal.any([outer, stop.signal]) : stop.signal;
    const channel = createChannel<AgentEvent>();
    const emit = (event: AgentEvent): void => {
      channel.push(event);
      if (pendingWarnings.length > 0)
        for (const message of pendingWarnings.splice(0)) channel.push({ type: 'error', message, fatal: false });
    };
    const done = body(signal, emit).finally(() => channel.close());
    running = done.catch(() => undefined);
    try {
      yield* channel;
    } finally {
      stop.abort();
      await done;
      busy = false;
    }
  }
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
    if (busy) return ['a turn is running: change the model or effort after it ends'];
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
      return busy;
    },
    notices,
    resumed,
    send(text, opts = {}) {
      const turnId = opts.turnId ?? `turn_${randomHex(12)}`;
      return exclusive(opts.signal, (signal, emit) =>
        runTurn(config, state, text, signal, (event) => emit({ ...event, turnId }), turnId, opts.parts),
      );
    },
    answer: (requestId, answer) => config.approvals.answer(requestId, answer),
    async close() {
      stopAll?.abort();
      await running;
      state.writer?.close();
      state.writer = undefined;
    },
    compact(opts = {}) {
      return exclusive(opts.signal, (signal, emit) => compact(config, state, signal, emit, opts.focus));
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
      if (busy) return 'a turn is running: rewind after it ends';
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
  function addTools(update: ToolsUpdate): string[] {
    if (busy) return ['a turn is running: add tools after it ends'];
    // Before the conversation's first message no thinking is bound to the tools yet: the new
    // definitions simply join the tool list (appended, never re-sorted; clear() keeps them).
    if (state.messages.length === 0) return appendTools(update);
    const planned = toolAdditionMessage(config, update.registry, update.names);
    config.registry = update.registry;
    if (planned.message) state.pendingContext.push(planned.message);
    return planned.problems;
  }
  function appendTools(update: ToolsUpdate): string[] {
    const problems = update.names.filter((n) => !update.registry.get(n)).map((n) => `no tool ${n} in the registry`);
    const known = new Set(config.tools.map((t) => t.name));
    const added = toolSpecs(update.registry.definitions()).filter(
      (spec) => update.names.includes(spec.name) && !known.has(spec.name),
    );
    config.registry = update.registry;
    if (added.length === 0) return problems;
    config.tools = [...config.tools, ...added];
    prefix.tools = [...config.tools];
    if (prefix !== fresh) fresh.tools = [...fresh.tools, ...added];
    return problems;
  }
  return agent;
}
