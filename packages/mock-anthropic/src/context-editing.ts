/**
 * Context editing's tool-result clearing (beta `context-management-2025-06-27`; platform docs,
 * build-with-claude/context-editing): applied server-side before the prompt reaches the model,
 * the client keeps sending the full history. Every model the mock serves is on the docs' list.
 * As the docs describe it: once the prompt passes `trigger` (default 100,000 input tokens; or a
 * count of tool uses) the oldest tool results are replaced by a placeholder, keeping the newest
 * `keep` tool uses (default 3) and every use of a tool in `exclude_tools`; `clear_tool_inputs`
 * (true, or a list of tool names) clears the calls' inputs too; when the clearing would free less
 * than `clear_at_least` tokens the edit is not applied. Clearing changes the prompt at the first
 * cleared result, so the cache model reads the edited prompt: the prefix before it stays cached,
 * the rest is written again, and the next request with the same clearing reads it back.
 * Thinking clearing (`clear_thinking_20251015`) lives in clear-thinking.ts; edits apply in order.
 */
import type { ApiErrorResponse } from './errors.js';
import { invalid } from './errors.js';
import type { AppliedThinkingEdit, ClearThinking } from './clear-thinking.js';
import { clearThinking, readClearThinking } from './clear-thinking.js';
import { blockTokens, isRecord } from './tokens.js';

/** What one applied clearing reports (`context_management.applied_edits`). */
export type AppliedEdit =
  | { type: 'clear_tool_uses_20250919'; cleared_tool_uses: number; cleared_input_tokens: number }
  | AppliedThinkingEdit;

/** The placeholder a cleared result holds (the docs say only that it tells the model the result was removed). */
export const CLEARED = '[This tool result was cleared to save context.]';

interface ClearToolUses {
  type: 'clear_tool_uses_20250919';
  trigger: { kind: 'input_tokens' | 'tool_uses'; value: number };
  keep: number;
  clearAtLeast: number;
  exclude: ReadonlySet<string>;
  /** Clear the inputs of these calls too: every tool (true), none (false), or the named ones. */
  clearInputs: boolean | ReadonlySet<string>;
}

type ClearEdit = ClearToolUses | ClearThinking;

const EDIT_FIELDS = new Set(['type', 'trigger', 'keep', 'clear_at_least', 'exclude_tools', 'clear_tool_inputs']);

type Read<T> = { value: T } | { error: string };

/** `{type, value}` with one of the allowed types and a non-negative integer value. */
function threshold<K extends string>(
  v: unknown,
  kinds: readonly K[],
  fallback: { kind: K; value: number },
): Read<{ kind: K; value: number }> {
  if (v === undefined || v === null) return { value: fallback };
  const shape = `Input should be {type: ${kinds.map((k) => `'${k}'`).join(' or ')}, value: integer >= 0}`;
  if (!isRecord(v) || !kinds.includes(v.type as K) || !Number.isInteger(v.value) || (v.value as number) < 0)
    return { error: shape };
  for (const key of Object.keys(v))
    if (key !== 'type' && key !== 'value') return { error: `${key}: Extra inputs are not permitted` };
  return { value: { kind: v.type as K, value: v.value as number } };
}

function names(v: unknown): ReadonlySet<string> | undefined {
  return Array.isArray(v) && v.every((t) => typeof t === 'string') ? new Set(v) : undefined;
}

function readEdit(e: unknown, at: string): Read<ClearEdit> {
  if (!isRecord(e)) return { error: `${at}: Input should be an object` };
  if (e.type === 'clear_thinking_20251015') return readClearThinking(e, at);
  if (e.type !== 'clear_tool_uses_20250919')
    return { error: `${at}.type: Input should be 'clear_tool_uses_20250919' or 'clear_thinking_20251015'` };
  for (const key of Object.keys(e))
    if (!EDIT_FIELDS.has(key)) return { error: `${at}.${key}: Extra inputs are not permitted` };
  const trigger = threshold(e.trigger, ['input_tokens', 'tool_uses'], { kind: 'input_tokens', value: 100_000 });
  if ('error' in trigger) return { error: `${at}.trigger: ${trigger.error}` };
  const keep = threshold(e.keep, ['tool_uses'], { kind: 'tool_uses', value: 3 });
  if ('error' in keep) return { error: `${at}.keep: ${keep.error}` };
  const least = threshold(e.clear_at_least, ['input_tokens'], { kind: 'input_tokens', value: 0 });
  if ('error' in least) return { error: `${at}.clear_at_least: ${least.error}` };
  const exclude =
    e.exclude_tools === undefined || e.exclude_tools === null ? new Set<string>() : names(e.exclude_tools);
  if (!exclude) return { error: `${at}.exclude_tools: Input should be a list of tool names` };
  const inputs = e.clear_tool_inputs ?? false;
  const clearInputs = typeof inputs === 'boolean' ? inputs : names(inputs);
  if (clearInputs === undefined)
    return { error: `${at}.clear_tool_inputs: Input should be a boolean or a list of tool names` };
  return {
    value: {
      type: 'clear_tool_uses_20250919',
      trigger: trigger.value,
      keep: keep.value.value,
      clearAtLeast: least.value.value,
      exclude,
      clearInputs,
    },
  };
}

/** Checks `context_management` (its beta header is checked with the fields) and reads its edits. */
export function readEdits(body: Record<string, unknown>): { edits: ClearEdit[] } | { error: ApiErrorResponse } {
  const cm = body.context_management;
  if (cm === undefined) return { edits: [] };
  if (!isRecord(cm) || !Array.isArray(cm.edits)) return { error: invalid('context_management.edits: Field required') };
  for (const key of Object.keys(cm))
    if (key !== 'edits') return { error: invalid(`context_management.${key}: Extra inputs are not permitted`) };
  const edits: ClearEdit[] = [];
  for (const [i, e] of cm.edits.entries()) {
    const read = readEdit(e, `context_management.edits.${i}`);
    if ('error' in read) return { error: invalid(read.error) };
    if (read.value.type === 'clear_thinking_20251015' && i > 0)
      return {
        error: invalid(
          `context_management.edits.${i}: clear_thinking_20251015 must come first in edits when combined with other strategies`,
        ),
      };
    edits.push(read.value);
  }
  return { edits };
}

interface ToolUse {
  name: string;
  /** Where the call and its result sit: [message, block]. */
  use: [number, number];
  result?: [number, number];
  tokens: number;
}

/** Every tool use in order, with where its result sits and what the result costs. */
function toolUses(messages: unknown[]): ToolUse[] {
  const byId = new Map<string, ToolUse>();
  const uses: ToolUse[] = [];
  messages.forEach((m, i) => {
    if (!isRecord(m) || !Array.isArray(m.content)) return;
    m.content.forEach((block, j) => {
      if (!isRecord(block)) return;
      if (block.type === 'tool_use') {
        const use: ToolUse = { name: String(block.name), use: [i, j], tokens: 0 };
        byId.set(String(block.id), use);
        uses.push(use);
      }
      const use = block.type === 'tool_result' ? byId.get(String(block.tool_use_id)) : undefined;
      if (use) {
        use.result = [i, j];
        use.tokens = blockTokens(block);
      }
    });
  });
  return uses;
}

type Content = { content: Record<string, unknown>[] };

/** The request as the model sees it after the edits (a copy), and what they cleared. */
export function applyEdits(
  body: Record<string, unknown>,
  edits: readonly ClearEdit[],
  inputTokens: number,
): { body: Record<string, unknown>; applied: AppliedEdit[] } {
  if (edits.length === 0) return { body, applied: [] };
  const messages = (body.messages as unknown[]).map((m) =>
    isRecord(m) && Array.isArray(m.content) ? { ...m, content: [...m.content] } : m,
  );
  const applied: AppliedEdit[] = [];
  let prompt = inputTokens;
  for (const edit of edits) {
    if (edit.type === 'clear_thinking_20251015') {
      const done = clearThinking(messages, edit);
      if (done) {
        prompt -= done.cleared_input_tokens;
        applied.push(done);
      }
      continue;
    }
    const uses = toolUses(messages).filter((u) => u.result !== undefined);
    const over = edit.trigger.kind === 'input_tokens' ? prompt > edit.trigger.value : uses.length > edit.trigger.value;
    if (!over) continue;
    const cleared = uses.slice(0, Math.max(0, uses.length - edit.keep)).filter((u) => !edit.exclude.has(u.name));
    const at = ([m, b]: [number, number]): Record<string, unknown> => (messages[m] as Content).content[b]!;
    const clearsInput = (u: ToolUse): boolean =>
      edit.clearInputs === true || (edit.clearInputs !== false && edit.clearInputs.has(u.name));
    const inputSaving = (u: ToolUse): number =>
      clearsInput(u) ? Math.max(0, blockTokens(at(u.use)) - blockTokens({ ...at(u.use), input: {} })) : 0;
    const freed = cleared.reduce(
      (sum, u) => sum + Math.max(0, u.tokens - blockTokens({ ...at(u.result!), content: CLEARED })) + inputSaving(u),
      0,
    );
    if (cleared.length === 0 || freed < edit.clearAtLeast) continue;
    for (const u of cleared) {
      const [m, b] = u.result!;
      (messages[m] as Content).content[b] = { ...at(u.result!), content: CLEARED };
      if (clearsInput(u)) (messages[u.use[0]] as Content).content[u.use[1]] = { ...at(u.use), input: {} };
    }
    prompt -= freed;
    applied.push({ type: 'clear_tool_uses_20250919', cleared_tool_uses: cleared.length, cleared_input_tokens: freed });
  }
  return { body: { ...body, messages }, applied };
}
