/**
 * A thread: a separate conversation inside a turn (a `context: fork` skill's subagent, or any
 * hook's `runThread`). It shares the session's provider, jail, read tracker, approval policy and
 * hooks, and has its own transcript, system prompt and tool list. Its requests are counted in the
 * turn's usage and cost; its events reach the front end with the thread's id.
 */
import type { ApprovalRequest, AskFn } from '@coding-harness/approval';
import type { Message } from '@coding-harness/model';
import { addUsage, emptyUsage, messageText, textResult } from '@coding-harness/model';
import type { Tool, ToolDefinition, ToolRegistry } from '@coding-harness/tools';
import { prepareCall, toolDefinition } from '@coding-harness/tools';
import type { AgentEvent, TurnStopReason } from './events.js';
import type { ThreadEnd, ThreadSpec, ThreadStop } from './hooks.js';
import { MAX_CONTINUATIONS } from './hooks.js';
import { randomHex } from './random-id.js';
import { RECORD_TYPES } from './session-records.js';
import type { AgentConfig, AgentState, Emit } from './state.js';
import { toolSpecs } from './tool-specs.js';

/** The loop that runs a conversation's requests and tools until the model stops (the turn's own, injected). */
export type RunLoop = (
  config: AgentConfig,
  state: AgentState,
  signal: AbortSignal,
  emit: Emit,
) => Promise<{ stopReason: TurnStopReason }>;

/**
 * A registry of exactly `tools` (tool objects, run as they are): a call of any other tool is an
 * unknown-tool error naming the ones it has. Its rule table is `registry`'s, so the session's
 * rules and grants read the same.
 */
export function restrictRegistry(registry: ToolRegistry, tools: readonly Tool<unknown>[]): ToolRegistry {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const defs = (): ToolDefinition[] => tools.map((t) => ({ ...toolDefinition(t) }));
  return {
    tools,
    get: (name) => byName.get(name),
    definitions: defs,
    ruleNames: () => registry.ruleNames(),
    prepare: (name, rawInput, ctx) => {
      const tool = byName.get(name);
      if (tool !== undefined) return prepareCall(tool, rawInput, ctx);
      return {
        ok: false,
        result: {
          content: textResult(`Unknown tool "${name}". Available tools: ${[...byName.keys()].join(', ') || '(none)'}.`),
          display: `unknown tool ${name}`,
          isError: true,
          errorCode: 'invalid_input',
        },
      };
    },
  };
}

/**
 * Runs `spec` as a thread of the turn and returns its final text. Its requests are added to
 * `parent`'s totals as they complete (the turn's usage and cost include them). `thread_start`
 * names the tool call it runs under, every event it makes reaches `emit` with the thread's
 * `threadId` (its questions are answered like any other, by request id), and `thread_end` says
 * how it stopped. `config` is the thread's own copy (its settings already switched).
 */
export async function runThread(input: {
  config: AgentConfig;
  parent: AgentState;
  spec: ThreadSpec;
  signal: AbortSignal;
  emit: Emit;
  runLoop: RunLoop;
  /** The plugins' `afterThread`, given the thread's own config, state and emit: a text to go on with, or undefined. */
  afterEnd?: (stop: ThreadStop, config: AgentConfig, state: AgentState, emit: Emit) => Promise<string | undefined>;
}): Promise<ThreadEnd> {
  const { config, parent, spec, signal, emit } = input;
  const registry = restrictRegistry(config.registry, spec.tools);
  const threadId = `thread_${randomHex(12)}`;
  const mode = spec.permissionMode;
  const sub: AgentConfig = {
    ...config,
    system: spec.system,
    tools: toolSpecs(registry.definitions()),
    registry,
    threadId,
    ...(spec.maxTurns !== undefined ? { maxTurns: spec.maxTurns } : {}),
    // The same policy (rules, grants, answers), each call decided under the thread's mode.
    ...(mode !== undefined
      ? {
          policy: Object.assign(Object.create(config.policy) as AgentConfig['policy'], {
            authorize: (request: ApprovalRequest, ask: AskFn) => config.policy.authorize({ ...request, mode }, ask),
          }),
        }
      : {}),
  };
  const state: AgentState = {
    sessionId: parent.sessionId,
    messages: [{ role: 'user', content: [{ type: 'text', text: spec.task }] }],
    totals: { usage: emptyUsage(), costUsd: 0, requests: 0 },
    lastInputTokens: 0,
    pendingContext: [],
    turn: 1,
    records: parent.records,
    // The thread's transcript is not kept; a plugin's record made inside it goes to the session's file.
    persist: (record) => {
      if (!RECORD_TYPES.includes(record.type)) parent.persist(record);
    },
  };
  let toolCalls = 0;
  const forward = (event: AgentEvent): void => {
    if (event.type === 'usage') {
      parent.totals = {
        usage: addUsage(parent.totals.usage, event.usage),
        costUsd: parent.totals.costUsd + event.costUsd,
        requests: parent.totals.requests + 1,
      };
      emit({ ...event, request: parent.totals.requests, threadId });
      return;
    }
    if (event.type === 'tool_call_started') toolCalls += 1;
    emit({ ...event, threadId });
  };
  emit({ type: 'thread_start', threadId, parentCallId: spec.parentCallId, name: spec.name });
  let end = await input.runLoop(sub, state, signal, forward);
  for (let continuations = 0; input.afterEnd !== undefined; continuations++) {
    const stop: ThreadStop = { threadId, name: spec.name, stopReason: end.stopReason, continuations };
    const next = await input.afterEnd(stop, sub, state, forward);
    if (next === undefined || end.stopReason !== 'end_turn' || signal.aborted) break;
    if (continuations >= MAX_CONTINUATIONS) {
      forward({
        type: 'notice',
        message: `a hook asked the thread to go on again; it already went on ${MAX_CONTINUATIONS} times, so it ends here`,
      });
      break;
    }
    forward({ type: 'notice', message: `a hook sent the thread on: ${next.split('\n')[0] ?? ''}` });
    state.messages.push({ role: 'user', content: [{ type: 'text', text: next }] });
    end = await input.runLoop(sub, state, signal, forward);
  }
  emit({ type: 'thread_end', threadId, stopReason: end.stopReason });
  const last = [...state.messages].reverse().find((m: Message) => m.role === 'assistant');
  return {
    stopReason: end.stopReason,
    text: last ? messageText(last).trim() : '',
    requests: state.totals.requests,
    toolCalls,
  };
}
