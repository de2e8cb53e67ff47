/**
 * On-demand compaction (beta `compact-2026-09-04`; platform docs, build-with-claude/compaction
 * and compaction-on-demand): a request with `compaction: {type: "summarize"}` gets no reply but
 * one signed `compaction` block, `stop_reason: "compaction"`; a later request sends the block
 * back first in `messages`, in place of the messages it summarizes. The mock writes the summary
 * itself (a compaction request uses no scripted turn), signs it over the model, the account, the
 * prefix it stands for (system, tools and the summarized messages) and its text, and on the way
 * back checks the block: first, alone, unedited. Thinking in the turns kept after it is checked
 * against the prefix the block stands for, so it stays valid exactly when the docs say it does.
 */
import type { ApiErrorResponse } from './errors.js';
import { invalid, invalidWithCode } from './errors.js';
import type { ModelSpec } from './model-table.js';
import { isRecord } from './tokens.js';

/** The longest `instructions` the API takes (the docs: up to 16,384 characters). */
const MAX_INSTRUCTIONS = 16_384;

/** Checks the `compaction` parameter of a request (its beta header is checked with the fields). */
export function checkCompactionParam(body: Record<string, unknown>, spec: ModelSpec): ApiErrorResponse | undefined {
  const c = body.compaction;
  if (c === undefined) return undefined;
  if (!isRecord(c) || c.type !== 'summarize') return invalid(`compaction.type: Input should be 'summarize'`);
  for (const key of Object.keys(c))
    if (key !== 'type' && key !== 'instructions') return invalid(`compaction.${key}: Extra inputs are not permitted`);
  if (c.instructions !== undefined && c.instructions !== null) {
    if (typeof c.instructions !== 'string') return invalid('compaction.instructions: Input should be a valid string');
    if (c.instructions.length > MAX_INSTRUCTIONS)
      return invalid(`compaction.instructions: String should have at most ${MAX_INSTRUCTIONS} characters`);
  }
  if (!spec.compaction) return invalid(`compaction: on-demand compaction is not supported on ${spec.id}`);
  if (body.context_management !== undefined)
    return invalid('compaction: cannot be combined with context_management on one request');
  if (body.stop_sequences !== undefined) return invalid('compaction: cannot be combined with stop_sequences');
  const choice = body.tool_choice;
  if (isRecord(choice) && (choice.type === 'any' || choice.type === 'tool'))
    return invalid(`compaction: cannot be combined with a tool_choice of type "${String(choice.type)}"`);
  const output = body.output_config;
  if (isRecord(output) && output.format !== undefined)
    return invalid('compaction: cannot be combined with output_config.format');
  return undefined;
}

/** True for a `compaction` block. */
export const isCompaction = (block: unknown): boolean => isRecord(block) && block.type === 'compaction';

/**
 * Checks the compaction blocks sent back: the beta header is there, exactly one block, first in
 * the first message, with a non-empty (or null) summary and the mock's valid signature.
 */
export function checkCompactionBlocks(
  messages: unknown[],
  betaOn: boolean,
  /** The prefix a signed block names; undefined for a signature not the mock's, or edited text. */
  verify: (signature: string, text: string) => string | undefined,
): ApiErrorResponse | undefined {
  const found: [number, number, Record<string, unknown>][] = [];
  messages.forEach((m, i) => {
    if (isRecord(m) && Array.isArray(m.content))
      m.content.forEach((b, j) => {
        if (isCompaction(b)) found.push([i, j, b as Record<string, unknown>]);
      });
  });
  if (found.length === 0) return undefined;
  const [i, j, block] = found[0]!;
  const at = `messages.${i}.content.${j}`;
  if (!betaOn)
    return invalid(`${at}: Input tag 'compaction' found using 'type' does not match any of the expected tags`);
  if (found.length > 1)
    return invalidWithCode(
      `messages.${found[1]![0]}.content.${found[1]![1]}: send exactly one compaction block per request`,
      'compaction_block_ambiguous',
    );
  if (i !== 0 || j !== 0)
    return invalidWithCode(
      `${at}: the compaction block must come first in messages; remove the messages it summarizes`,
      'compaction_block_misplaced',
    );
  if (block.content === null) return undefined;
  if (typeof block.content !== 'string' || block.content === '')
    return invalid(`${at}.content: the summary must be a non-empty string or null`);
  if (typeof block.signature !== 'string' || verify(block.signature, block.content) === undefined)
    return invalidWithCode(`${at}: Invalid \`signature\` in \`compaction\` block.`, 'compaction_signature_invalid');
  return undefined;
}

/** The mock's summary of the messages of a compaction request: what each turn said, shortened. */
export function mockSummary(messages: unknown[]): string {
  const said: string[] = [];
  for (const m of messages) {
    if (!isRecord(m)) continue;
    const texts = (typeof m.content === 'string' ? [m.content] : Array.isArray(m.content) ? m.content : [])
      .map((b) =>
        typeof b === 'string'
          ? b
          : isRecord(b) && typeof b.text === 'string'
            ? b.text
            : isRecord(b) && typeof b.content === 'string' && b.type === 'compaction'
              ? b.content
              : '',
      )
      .filter((t) => t.trim() !== '');
    if (texts.length > 0) said.push(`${String(m.role)}: ${texts.join(' ').replace(/\s+/g, ' ').slice(0, 160)}`);
  }
  return `<summary>\nSummary (mock-anthropic) of ${messages.length} messages.\n${said.join('\n')}\n</summary>`;
}
