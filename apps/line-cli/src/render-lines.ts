/**
 * The lines the line front ends draw that depend on one event alone: a tool call's start and
 * result lines, the usage summary, a retry, a compaction, and the notes a turn's end adds (why it
 * stopped, when that is worth saying). Pure: text in, text (with the given colours) out.
 */
import type { Usage } from '@coding-harness/agent';
import type { SessionEvent } from '@coding-harness/protocol';
import { sanitize } from '@coding-harness/session';
import type { Colors } from './colors.js';

/** A piece of output and the stream it belongs on. */
export interface Chunk {
  stream: 'out' | 'err';
  text: string;
}

/** Formats a usage summary: tokens in (with the cache-read share), tokens out and the cost estimate. */
export function formatUsageLine(usage: Usage, costUsd: number): string {
  const input = usage.input + usage.cacheRead + usage.cacheWrite;
  const share = input > 0 ? Math.round((usage.cacheRead / input) * 100) : 0;
  return `tokens in ${input.toLocaleString('en-US')} (${share}% cache read) · out ${usage.output.toLocaleString('en-US')} · ~$${costUsd.toFixed(4)}`;
}

/** Seconds with one decimal, e.g. `1.2s`. */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

/** One line for a tool call as it starts: `● read_file src/app.ts`. */
export function toolStartLine(summary: string, colors: Colors): string {
  return `${colors.cyan('●')} ${summary}`;
}

/** The one-line result under a tool call: `  ⎿  read 12 lines` (red when it failed). */
export function toolResultLine(display: string, isError: boolean, colors: Colors): string {
  const first = display.split('\n')[0] ?? '';
  return `  ${colors.dim('⎿')}  ${isError ? colors.red(first) : colors.dim(first)}`;
}

/** Where a subagent's lines start: under the call it runs for. */
export const SUBAGENT_INDENT = '     ';

/**
 * Stop reasons after which the answer is incomplete; shown even where notices are hidden (plain
 * `-p`). The session's own explanation (`turn_end.stopDetails.explanation`: the limit, the model's
 * cap and what to change) is shown when it gave one.
 */
const CUT: Readonly<Record<string, string>> = {
  max_tokens: 'the answer is incomplete: the model stopped at max_tokens',
  model_context_window_exceeded: "the answer is incomplete: the conversation filled the model's context window",
};

/** The first line of a retry reason, cut to a readable length (the raw API body can be long JSON). */
export function retryReason(reason: string): string {
  const first = sanitize(reason.split('\n')[0] ?? '', { multiline: false });
  return first.length > 160 ? `${first.slice(0, 159)}…` : first;
}

/** The refusal line when the agent sent no error event for it: names the category and explanation. */
export function refusalLine(details: { category: string | null; explanation: string | null } | undefined): string {
  const category = details?.category ? ` (category: ${sanitize(details.category, { multiline: false })})` : '';
  const explanation = details?.explanation ? `: ${sanitize(details.explanation)}` : '';
  return `error: the model refused this request${category}${explanation}`;
}

/** The dim line a retry shows: when, which attempt, and why (a partial reply above is void). */
export function retryText(event: Extract<SessionEvent, { type: 'retry' }>, c: Colors): string {
  const partial = event.partialDiscarded ? '; the partial reply above is void' : '';
  return c.dim(
    `retrying in ${formatSeconds(event.delayMs)} (attempt ${event.attempt}/${event.maxAttempts}): ${retryReason(event.reason)}${partial}`,
  );
}

/** The dim line a compaction shows: tokens before and after, and the skills re-attached. */
export function compactionText(event: Extract<SessionEvent, { type: 'compaction' }>, c: Colors): string {
  const skills = event.reattachedSkills.length > 0 ? `; re-attached ${event.reattachedSkills.join(', ')}` : '';
  return c.dim(
    `compacted the conversation: ${event.tokensBefore.toLocaleString('en-US')} -> ${event.tokensAfter.toLocaleString('en-US')} tokens${skills}`,
  );
}

/**
 * What a turn's end says about how it stopped: cancelled, stopped at --max-turns, a refusal no
 * error event explained (`sawError`), or an answer cut short (even where notices are hidden).
 */
export function turnEndNotes(
  event: Extract<SessionEvent, { type: 'turn_end' }>,
  opts: { streaming: boolean; toolLines: boolean; sawError: boolean },
  c: Colors,
): Chunk[] {
  const chunks: Chunk[] = [];
  if (event.stopReason === 'aborted')
    chunks.push({ stream: opts.streaming ? 'out' : 'err', text: `${c.yellow('(cancelled)')}\n` });
  if (event.stopReason === 'max_turns')
    chunks.push({ stream: 'err', text: `${c.yellow('stopped: the turn reached --max-turns')}\n` });
  if (event.stopReason === 'refusal' && !opts.sawError)
    chunks.push({ stream: 'err', text: `${c.red(refusalLine(event.stopDetails))}\n` });
  const cut = CUT[event.stopReason];
  const why = event.stopDetails?.explanation;
  if (cut && !opts.toolLines)
    chunks.push({
      stream: 'err',
      text: `${c.yellow(why ? `${cut}: ${sanitize(why, { multiline: false })}` : cut)}\n`,
    });
  return chunks;
}
