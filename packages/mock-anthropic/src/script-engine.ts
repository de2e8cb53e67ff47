import type { Fault, Script, ScriptTurn } from './types.js';
import { parseScript } from './script-schema.js';
import { isRecord } from './tokens.js';

/** The fallback text answered (with `end_turn`) once no scripted turn is left. */
export const DEFAULT_FALLBACK_TEXT = '[mock-anthropic] script exhausted: no scripted turn left for this request';

/** What the engine decided for one request. */
export type Decision =
  /** Answer with this turn, after injecting `fault` when present (the fault is then spent). */
  | { kind: 'turn'; turn: ScriptTurn; fault?: Fault }
  /** No turn fits: answer this text with `end_turn`. */
  | { kind: 'fallback'; text: string };

/**
 * Hands out scripted turns in order. A turn with `match` waits until a request's last user
 * text contains it (later turns that fit are used meanwhile). A turn with a fault yields the
 * fault once and stays pending, except `delay` and a `stall_stream` that ends, which slow the
 * turn itself.
 */
export class ScriptEngine {
  private turns: { turn: ScriptTurn; faultSpent: boolean }[] = [];
  private fallbackText = DEFAULT_FALLBACK_TEXT;

  constructor(script: Script | ScriptTurn[]) {
    this.replace(script);
  }

  /**
   * Replaces the remaining turns (and the fallback text when the script names one). Throws a
   * TypeError naming the bad field when the script does not fit the format (a programmer error).
   */
  replace(script: Script | ScriptTurn[]): void {
    const parsed = parseScript(script, '(passed to mock-anthropic in code)');
    if (!parsed.ok) throw new TypeError(parsed.message);
    const s = parsed.script;
    this.turns = s.turns.map((turn) => ({ turn, faultSpent: false }));
    this.fallbackText = s.fallbackText ?? DEFAULT_FALLBACK_TEXT;
  }

  remaining(): number {
    return this.turns.length;
  }

  /** Picks the reply for a request whose last user message reads `userTexts`. */
  next(userTexts: string[]): Decision {
    const index = this.turns.findIndex(
      ({ turn }) => turn.match === undefined || userTexts.some((t) => t.includes(turn.match as string)),
    );
    const entry = this.turns[index];
    if (!entry) {
      if (this.turns.length === 0) return { kind: 'fallback', text: this.fallbackText };
      const waiting = this.turns.map(({ turn }) => JSON.stringify(turn.match)).join(', ');
      return {
        kind: 'fallback',
        text: `[mock-anthropic] no scripted turn matches this request; ${this.turns.length} turn(s) wait for: ${waiting}`,
      };
    }
    const fault = entry.turn.fault;
    if (fault && !entry.faultSpent && !answersWith(fault)) {
      entry.faultSpent = true;
      return { kind: 'turn', turn: entry.turn, fault };
    }
    this.turns.splice(index, 1);
    return fault && answersWith(fault) ? { kind: 'turn', turn: entry.turn, fault } : { kind: 'turn', turn: entry.turn };
  }
}

/** Faults that only slow the turn down: the same request still gets the reply, so the turn is used up. */
function answersWith(fault: Fault): boolean {
  return fault.kind === 'delay' || (fault.kind === 'stall_stream' && fault.forMs !== undefined);
}

/**
 * The texts a matcher is tested against: the last user message's text, and the text content
 * of its last tool_result.
 */
export function lastUserTexts(messages: unknown): string[] {
  if (!Array.isArray(messages)) return [];
  const last = [...messages].reverse().find((m) => isRecord(m) && m.role === 'user');
  if (!isRecord(last)) return [];
  if (typeof last.content === 'string') return [last.content];
  if (!Array.isArray(last.content)) return [];
  const blocks = last.content.filter(isRecord);
  const text = blocks
    .filter((b) => b.type === 'text')
    .map((b) => String(b.text ?? ''))
    .join('\n');
  const toolResult = [...blocks].reverse().find((b) => b.type === 'tool_result');
  return toolResult ? [text, contentText(toolResult.content)] : [text];
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((b) => isRecord(b) && b.type === 'text')
    .map((b) => String((b as Record<string, unknown>).text ?? ''))
    .join('\n');
}
