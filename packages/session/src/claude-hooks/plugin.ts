/**
 * Claude Code's hooks as a plugin on the loop's hooks: PreToolUse (`beforeToolCall`: block,
 * permission decision, rewritten input), PostToolUse (`afterToolCall`: feedback and context
 * appended to the result the model gets), UserPromptSubmit (`beforeTurn`: block, context),
 * Stop (`afterTurn`: send the turn on), SubagentStop (`afterThread`), PreCompact
 * (`beforeCompact`), SessionStart (context with the first prompt of a conversation, again after
 * a compaction), Notification (`onQuestion`). SessionStart at start-up and SessionEnd are run by
 * the session (`start`, `end`).
 */
import type { Hooks, HookContext, TurnContext } from '@coding-harness/agent';
import { messageText, resultText } from '@coding-harness/model';
import type { SlashResult } from '@coding-harness/protocol';
import { SKILL_RECORD } from '../skills/skill-records.js';
import type { EngineDeps, EventCall } from './engine.js';
import { createEngine } from './engine.js';
import type { HookOutcome } from './outcome.js';
import { claudeToolName, fromClaudeInput, matchNames, toClaudeInput } from './tool-input.js';
import type { HookConfig } from './types.js';

export type SessionStartSource = 'startup' | 'resume' | 'clear' | 'compact';

export interface ClaudeHooks {
  readonly hooks: Hooks;
  /** Runs SessionStart for a conversation now (start-up, resume); its context goes with the first prompt. */
  start(sessionId: string, source: SessionStartSource): void;
  /** Runs SessionEnd; returns the lines for the user. */
  end(sessionId: string, reason: string): Promise<string[]>;
  /** `/hooks`. */
  listing(): Extract<SlashResult, { kind: 'hooks' }>;
}

export interface ClaudeHooksOptions extends Omit<EngineDeps, 'hooks'> {
  config: HookConfig;
}

const say = (ctx: HookContext, messages: readonly string[]): void => {
  for (const message of messages) ctx.emit({ type: 'notice', message });
};

/** The skills loaded in this conversation (the skills plugin's records). */
const loadedSkills = (ctx: HookContext): Set<string> =>
  new Set(
    ctx
      .records()
      .filter((r) => r.type === SKILL_RECORD && typeof r['name'] === 'string')
      .map((r) => r['name'] as string),
  );

const lastAssistantText = (ctx: HookContext): string => {
  const last = [...ctx.messages()].reverse().find((m) => m.role === 'assistant');
  return last ? messageText(last) : '';
};

export function createClaudeHooks(options: ClaudeHooksOptions): ClaudeHooks {
  const engine = createEngine({ ...options, hooks: options.config.hooks });
  const run = (ctx: HookContext, call: Omit<EventCall, 'sessionId' | 'loadedSkills' | 'signal'>) =>
    engine.run({ ...call, sessionId: ctx.sessionId, loadedSkills: loadedSkills(ctx), signal: ctx.signal });
  /** SessionStart runs per conversation; its outcome waits for the conversation's first prompt. */
  const starts = new Map<string, { outcome: Promise<HookOutcome>; delivered: boolean }>();
  /** The conversation started last (SessionEnd's, at /clear and at close). */
  let current: string | undefined;
  const start = (sessionId: string, source: SessionStartSource): void => {
    current = sessionId;
    if (starts.has(sessionId)) return;
    const outcome = engine.has('SessionStart')
      ? engine.run({ event: 'SessionStart', sessionId, names: [source], fields: { source } })
      : Promise.resolve({ context: [], messages: [] });
    starts.set(sessionId, { outcome, delivered: false });
  };
  const startContext = async (ctx: HookContext): Promise<string[]> => {
    // A conversation this plugin has not seen started by /clear (the first one is started by the
    // session): the one before it ends (SessionEnd, reason clear), the new one starts.
    if (!starts.has(ctx.sessionId)) {
      const previous = current;
      if (previous !== undefined && engine.has('SessionEnd'))
        say(
          ctx,
          (await engine.run({ event: 'SessionEnd', sessionId: previous, fields: { reason: 'clear' } })).messages,
        );
      start(ctx.sessionId, previous === undefined ? 'startup' : 'clear');
    }
    const entry = starts.get(ctx.sessionId);
    if (entry === undefined || entry.delivered) return [];
    entry.delivered = true;
    const outcome = await entry.outcome;
    say(ctx, outcome.messages);
    return outcome.context.map((c) => `SessionStart hook additional context: ${c}`);
  };
  const hooks: Hooks = {
    name: 'claude-hooks',
    async beforeTurn(turn, ctx) {
      const context = await startContext(ctx);
      const o = engine.has('UserPromptSubmit')
        ? await run(ctx, { event: 'UserPromptSubmit', fields: { prompt: turn.text } })
        : { context: [], messages: [] };
      say(ctx, o.messages);
      if (o.block !== undefined) return { block: `a UserPromptSubmit hook blocked the prompt: ${o.block}` };
      if (o.stop !== undefined) return { block: o.stop };
      context.push(...o.context.map((c) => `UserPromptSubmit hook additional context: ${c}`));
      return context.length > 0 ? { context } : undefined;
    },
    async beforeToolCall(call, ctx) {
      if (!engine.has('PreToolUse')) return undefined;
      const name = claudeToolName(call.tool);
      const o = await run(ctx, {
        event: 'PreToolUse',
        names: matchNames(call.tool),
        fields: {
          tool_name: name,
          tool_input: toClaudeInput(name, call.input, options.workroot),
          tool_use_id: call.id,
        },
      });
      say(ctx, o.messages);
      if (o.block !== undefined) return { block: `A PreToolUse hook blocked this call: ${o.block}` };
      if (o.permission === 'deny')
        return { block: `A PreToolUse hook denied this call: ${o.permissionReason ?? 'no reason given'}` };
      if (o.stop !== undefined) return { block: o.stop };
      const input = o.updatedInput !== undefined ? fromClaudeInput(name, o.updatedInput) : undefined;
      if (input === undefined && o.permission === undefined) return undefined;
      return {
        ...(input !== undefined ? { input } : {}),
        ...(o.permission !== undefined ? { permission: o.permission } : {}),
        ...(o.permissionReason !== undefined ? { reason: o.permissionReason } : {}),
      };
    },
    async afterToolCall(call, result, ctx) {
      if (!engine.has('PostToolUse')) return undefined;
      const name = claudeToolName(call.tool);
      const o = await run(ctx, {
        event: 'PostToolUse',
        names: matchNames(call.tool),
        fields: {
          tool_name: name,
          tool_input: toClaudeInput(name, call.input, options.workroot),
          tool_response: { content: resultText(result.content), is_error: result.isError },
          tool_use_id: call.id,
        },
      });
      say(ctx, o.messages);
      const notes = [
        ...(o.block !== undefined ? [`PostToolUse hook feedback: ${o.block}`] : []),
        ...o.context.map((c) => `PostToolUse hook additional context: ${c}`),
        ...(o.stop !== undefined ? [`A PostToolUse hook asked to stop: ${o.stop}`] : []),
      ];
      if (notes.length === 0) return undefined;
      return {
        result: { ...result, content: [...result.content, ...notes.map((text) => ({ type: 'text' as const, text }))] },
      };
    },
    async afterTurn(end, ctx) {
      if (end.stopReason !== 'end_turn' || !engine.has('Stop')) return undefined;
      return goOn(ctx, 'Stop', { stop_hook_active: end.continuations > 0 });
    },
    async afterThread(end, ctx) {
      if (end.stopReason !== 'end_turn' || !engine.has('SubagentStop')) return undefined;
      return goOn(ctx, 'SubagentStop', { stop_hook_active: end.continuations > 0, agent_name: end.name });
    },
    async beforeCompact(ctx) {
      if (!engine.has('PreCompact')) return undefined;
      const trigger = ctx.reason === 'manual' ? 'manual' : 'auto';
      const o = await run(ctx, {
        event: 'PreCompact',
        names: [trigger],
        fields: { trigger, custom_instructions: ctx.focus ?? '' },
      });
      say(ctx, o.messages);
      return undefined;
    },
    async afterCompact(ctx) {
      if (!engine.has('SessionStart')) return undefined;
      const o = await run(ctx, { event: 'SessionStart', names: ['compact'], fields: { source: 'compact' } });
      say(ctx, o.messages);
      if (o.context.length === 0) return undefined;
      return { reattach: [{ label: 'SessionStart hook context', text: o.context.join('\n\n') }] };
    },
    async onQuestion(question, ctx: TurnContext) {
      if (!engine.has('Notification')) return;
      const tool = ctx.tools.get(question.tool);
      const name = tool ? claudeToolName(tool) : question.tool;
      // An observer nothing waits for: the turn may end (and abort its signal) before the hook
      // has run, which killed it mid-way on a busy machine; it runs to its own end or timeout.
      const o = await engine.run({
        event: 'Notification',
        names: ['permission_prompt'],
        fields: { message: `Claude needs your permission to use ${name}`, notification_type: 'permission_prompt' },
        sessionId: ctx.sessionId,
        loadedSkills: loadedSkills(ctx),
      });
      say(ctx, o.messages);
    },
  };
  /** Stop / SubagentStop: `decision: "block"` (or exit 2) sends it on with the reason, unless `continue: false`. */
  const goOn = async (ctx: TurnContext, event: 'Stop' | 'SubagentStop', fields: Record<string, unknown>) => {
    const o = await run(ctx, { event, fields: { ...fields, last_assistant_message: lastAssistantText(ctx) } });
    say(ctx, o.messages);
    if (o.stop !== undefined || o.block === undefined) return undefined;
    return { continueWith: `${event} hook feedback: ${o.block}` };
  };
  return {
    hooks,
    start,
    async end(sessionId, reason) {
      if (!engine.has('SessionEnd')) return [];
      const o = await engine.run({ event: 'SessionEnd', sessionId, fields: { reason } });
      return o.messages;
    },
    listing: () => hooksListing(options.config),
  };
}

/** `/hooks`: every hook with its event, matcher, command and source, and whether it runs. */
function hooksListing(config: HookConfig): Extract<SlashResult, { kind: 'hooks' }> {
  return {
    kind: 'hooks',
    hooks: config.hooks.map((h) => ({
      event: h.event,
      matcher: h.matcher,
      command: h.command,
      timeoutSec: h.timeoutSec,
      source: h.source,
      file: h.file,
      runs: h.trusted,
      ...(!h.trusted
        ? { note: 'not run: the repository is not trusted (start with --trust to trust it)' }
        : h.skill !== undefined
          ? { note: `runs while the skill ${h.skill} is loaded` }
          : {}),
    })),
    problems: [...config.problems],
  };
}
