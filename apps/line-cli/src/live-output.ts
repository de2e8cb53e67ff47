/**
 * A running command's output in the REPL, line by line as it arrives (`tool_update` events): the
 * first {@link LIVE_HEAD} lines are shown at once under the call (every line with `--verbose`);
 * past them the lines are counted, and when the call ends its last {@link OUTPUT_TAIL} lines
 * follow with a count of what was not shown. A partial line waits for its end (or the call's).
 */
import { sanitize } from '@coding-harness/session';
import type { Colors } from './colors.js';
import { moreLines, MORE_HINT, OUTPUT_TAIL } from './render-output.js';
import type { OutputMode } from './render-output.js';

/** Lines of a running command shown as they arrive (all of them with `--verbose`). */
export const LIVE_HEAD = 10;

const INDENT = '     ';

interface CallOutput {
  partial: string;
  shown: number;
  /** Lines not shown: how many, and the last few of them. */
  hidden: number;
  tail: string[];
}

export interface LiveOutput {
  /** Takes a piece of a call's output; the lines to show now (indented, sanitized). */
  push(callId: string, text: string): string[];
  /** The call ended: undefined when nothing streamed, else the lines still to show (the held-back tail). */
  end(callId: string): string[] | undefined;
}

export function createLiveOutput(mode: OutputMode | undefined, c: Colors, hint = MORE_HINT): LiveOutput {
  const calls = new Map<string, CallOutput>();
  const head = mode === 'all' ? Infinity : LIVE_HEAD;
  const show = (line: string): string => `${INDENT}${sanitize(line, { multiline: false })}`;
  const take = (call: CallOutput, line: string, out: string[]): void => {
    if (call.shown < head) {
      call.shown += 1;
      out.push(show(line));
      return;
    }
    call.hidden += 1;
    call.tail.push(line);
    if (call.tail.length > OUTPUT_TAIL) call.tail.shift();
  };
  return {
    push(callId, text) {
      if (mode === undefined) return [];
      let call = calls.get(callId);
      if (!call) {
        call = { partial: '', shown: 0, hidden: 0, tail: [] };
        calls.set(callId, call);
      }
      const pieces = (call.partial + text).split('\n');
      call.partial = pieces.pop() ?? '';
      const out: string[] = [];
      for (const line of pieces) take(call, line.replace(/\r$/, ''), out);
      return out;
    },
    end(callId) {
      const call = calls.get(callId);
      if (!call) return undefined;
      calls.delete(callId);
      const out: string[] = [];
      if (call.partial !== '') take(call, call.partial, out);
      if (call.hidden === 0) return out;
      const before = call.hidden - call.tail.length;
      if (before > 0) out.push(moreLines(before, hint, c));
      out.push(...call.tail.map(show));
      return out;
    },
  };
}
