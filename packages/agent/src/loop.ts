/**
 * One user turn: record the text, make a forced or auto-matched skill call if any, then request,
 * run tools and repeat until the model stops, the request budget is spent, a request fails for
 * good or the user aborts. Whatever happens, the transcript stays valid (every tool_use has its
 * tool_result, no partial assistant message), the turn's grants end and `turn_end` is emitted.
 */
import { maybeCompact } from './compactor.js';
import type { Usage } from './events.js';
import type { Message, ToolResultBlock, ToolUseBlock } from './messages.js';
import { messageText, toolUses } from './messages.js';
import { matchSkill } from './auto-skill.js';
import { parseSlashSkill, skillToolUse } from './forced-skill.js';
import { sendWithRetry } from './request.js';
import type { AgentConfig, AgentState, Emit } from './state.js';
import { CANCELLED, cancelled, executeToolUses } from './tool-executor.js';
import type { ExecuteOptions } from './tool-executor.js';
import { appendMessage } from './transcript.js';
import { emptyUsage } from './usage.js';

/** Runs one turn to its end; never throws (a bug is reported as a fatal `error` event). */
export async function runTurn(config: AgentConfig, state: AgentState, text: string, signal: AbortSignal, emit: Emit): Promise<void> {
  const turn = ++state.turn;
  const before = { usage: state.totals.usage, cost: state.totals.costUsd };
  let stopReason: string;
  emit({ type: 'turn_start', turn, text });
  try {
    append(state, { role: 'user', content: [{ type: 'text', text }] });
    const forced = await forcedSkillCall(config, state, text, signal, emit);
    if (forced === 'aborted') stopReason = 'aborted';
    else stopReason = await requestLoop(config, state, signal, emit);
  } catch (err) {
    emit({ type: 'error', message: `internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`, fatal: true });
    closeDangling(state, 'the harness failed before this tool call finished');
    stopReason = 'error';
  } finally {
    config.policy.endTurn();
    const flushError = state.writer?.flush();
    if (flushError) emit({ type: 'error', message: `session file: ${flushError}`, fatal: false });
  }
  const usage = diff(state.totals.usage, before.usage);
  emit({ type: 'turn_end', turn, stopReason, usage, costUsd: state.totals.costUsd - before.cost });
}

async function requestLoop(config: AgentConfig, state: AgentState, signal: AbortSignal, emit: Emit): Promise<string> {
  for (let request = 0; request < config.maxTurns; request++) {
    if (signal.aborted) return 'aborted';
    await maybeCompact(config, state, signal, emit);
    if (signal.aborted) return 'aborted';
    emit({ type: 'request_start', request: state.totals.requests + 1 });
    const result = await sendWithRetry(config, state, state.messages, signal, emit, { streamDeltas: true });
    if (!result.ok) {
      if (result.error.kind === 'aborted') {
        keepCompleted(state, result.completed, emit);
        return 'aborted';
      }
      emit({ type: 'error', message: `the model request failed: ${result.error.message}`, fatal: false });
      return 'error';
    }
    const message = result.message;
    if (message.content.length > 0) append(state, message);
    emit({ type: 'assistant_message', text: messageText(message), stopReason: result.stopReason });
    const uses = toolUses(message);
    if (uses.length === 0) {
      if (result.stopReason === 'max_tokens') emit({ type: 'notice', message: 'the reply was cut at the max_tokens limit' });
      return result.stopReason ?? 'end_turn';
    }
    const truncated = new Set(result.truncatedToolUses);
    if (truncated.size > 0) emit({ type: 'error', message: `the reply hit max_tokens in the middle of a tool call (${[...truncated].join(', ')}); the call was not run and the model was told`, fatal: false });
    await runTools(config, state, uses, signal, emit, { truncated });
    if (signal.aborted) return 'aborted';
  }
  return 'max_turns';
}

/** `/slug args` or an auto-matched skill: the agent's own `skill` call before the first request. */
async function forcedSkillCall(config: AgentConfig, state: AgentState, text: string, signal: AbortSignal, emit: Emit): Promise<'none' | 'done' | 'aborted'> {
  const slash = parseSlashSkill(text, config.skills);
  let call: { name: string; args: string; forcedSkill?: string } | undefined;
  if (slash) call = { name: slash.skill.name, args: slash.args, forcedSkill: slash.skill.name };
  else if (config.autoSkills) {
    const match = matchSkill(text, config.skills);
    if (match) {
      emit({ type: 'notice', message: `auto-loaded skill "${match.skill.name}" (matched: ${match.words.join(', ')})` });
      call = { name: match.skill.name, args: '' };
    }
  }
  if (!call || !config.registry.get('skill')) return 'none';
  const use = skillToolUse(call.name, call.args);
  append(state, { role: 'assistant', content: [use] });
  await runTools(config, state, [use], signal, emit, { forced: true }, call.forcedSkill);
  return signal.aborted ? 'aborted' : 'done';
}

async function runTools(config: AgentConfig, state: AgentState, uses: ToolUseBlock[], signal: AbortSignal, emit: Emit, opts: ExecuteOptions, forcedSkill?: string): Promise<void> {
  const results = await executeToolUses(
    uses,
    {
      registry: config.registry,
      policy: config.policy,
      ask: config.ask,
      emit,
      context: config.makeContext(signal, forcedSkill),
      onSkillLoaded: (input) => {
        const args = input.args ?? '';
        state.invokedSkills.delete(input.name);
        state.invokedSkills.set(input.name, args);
        state.persist({ type: 'skill', name: input.name, args });
        const skill = config.skills.find((s) => s.name === input.name);
        if (skill && skill.allowedTools.length > 0) config.policy.grantForTurn(skill.allowedTools, `skill ${skill.name}`);
      },
    },
    opts,
  );
  append(state, { role: 'user', content: results });
}

/** After an abort mid-stream: keep the blocks that finished; their tool_uses are cancelled. */
function keepCompleted(state: AgentState, completed: Message['content'], emit: Emit): void {
  if (completed.length === 0) return;
  append(state, { role: 'assistant', content: completed });
  const uses = completed.filter((b): b is ToolUseBlock => b.type === 'tool_use');
  if (uses.length > 0) append(state, { role: 'user', content: uses.map((u) => cancelled(u, { emit })) });
}

/** Gives error results to a trailing assistant message's tool_uses (after an internal failure). */
function closeDangling(state: AgentState, content: string): void {
  const last = state.messages.at(-1);
  if (!last || last.role !== 'assistant') return;
  const results: ToolResultBlock[] = toolUses(last).map((u) => ({ type: 'tool_result', tool_use_id: u.id, content: content || CANCELLED, is_error: true }));
  if (results.length > 0) append(state, { role: 'user', content: results });
}

function append(state: AgentState, message: Message): void {
  appendMessage(state.messages, message);
  state.persist({ type: 'message', message });
}

function diff(after: Usage, before: Usage): Usage {
  const d = emptyUsage();
  d.input = after.input - before.input;
  d.output = after.output - before.output;
  d.cacheRead = after.cacheRead - before.cacheRead;
  d.cacheWrite = after.cacheWrite - before.cacheWrite;
  return d;
}
