/**
 * The REPL's cancel hint while the model's text streams: after a line of text ends, the spinner
 * line (with "esc to cancel") sits on the empty line under it, and is erased before anything else
 * is drawn there; mid-line nothing is added, so the text is never broken.
 */
import { PassThrough } from 'node:stream';
import type { SessionEvent as AgentEvent } from '@coding-harness/protocol';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import type { Command } from '@coding-harness/protocol';
import { drawCommand } from './repl-turn.js';
import { CANCEL_HINT, Spinner } from './spinner.js';

const ZERO = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
const ERASE = '\r\x1b[K';

/** A terminal-like stream that keeps every write. */
function screen(): PassThrough & { writes: string[]; columns: number; isTTY: boolean } {
  const s = Object.assign(new PassThrough(), { writes: [] as string[], columns: 80, isTTY: true });
  const write = s.write.bind(s);
  s.write = ((chunk: string) => {
    s.writes.push(chunk);
    return write(chunk);
  }) as typeof s.write;
  return s;
}

/**
 * A session whose turn emits `events`, each text delta in a later turn of the event loop, as
 * deltas read from a socket arrive (the hint is drawn when a line ends, not by a timer), then its
 * result.
 */
function sessionOf(events: AgentEvent[]) {
  return {
    async *run(command: Command): AsyncGenerator<AgentEvent> {
      for (const e of events) {
        yield e;
        if (e.type === 'text_delta') await new Promise((r) => setImmediate(r));
      }
      yield {
        type: 'command_result',
        commandId: command.id,
        result: { ok: true, type: 'send', data: { turnId: 't', stopReason: 'end_turn', outcome: 'completed' } },
      };
    },
    dispatch: async () => ({ ok: false, type: 'answer', error: 'no question' }) as const,
  };
}

async function draw(events: AgentEvent[]): Promise<string[]> {
  const out = screen();
  const plain = pc.createColors(false);
  await drawCommand(
    { id: 'c1', type: 'send', text: 'hi' },
    {
      session: sessionOf(events),
      out,
      err: out,
      colors: plain,
      errColors: plain,
      tty: true,
      verbose: false,
      spinner: new Spinner(out, (t) => t),
      ask: async () => ({ type: 'deny' }),
      markdown: { on: false },
    },
  );
  return out.writes;
}

describe('the cancel hint while text streams', () => {
  it('shows under a finished line of text, is erased before the next text, and never lands mid-line', async () => {
    const writes = await draw([
      { type: 'turn_start', turnId: 't', turn: 1, text: 'hi' },
      { type: 'request_start', request: 1 },
      { type: 'text_delta', text: 'First line.\n' },
      { type: 'text_delta', text: 'Second ' },
      { type: 'text_delta', text: 'line.' },
      {
        type: 'message_end',
        message: { role: 'assistant', content: [{ type: 'text', text: 'First line.\nSecond line.' }] },
        stopReason: 'end_turn',
      },
      { type: 'turn_end', turnId: 't', turn: 1, stopReason: 'end_turn', outcome: 'completed', usage: ZERO, costUsd: 0 },
    ]);
    const at = (text: string): number => writes.indexOf(text);
    const first = at('First line.\n');
    const hint = writes.findIndex((w, i) => i > first && w.includes(CANCEL_HINT));
    expect(hint).toBeGreaterThan(first);
    expect(writes[hint]).toMatch(/^\r\x1b\[K. \d\.\ds · writing · .*esc to cancel$/);
    const second = at('Second ');
    expect(second).toBeGreaterThan(hint);
    expect(writes[second - 1]).toBe(ERASE); // the hint line is cleared before the text goes there
    // Between "Second " and "line." (mid-line) nothing but the text is written.
    expect(writes.slice(second + 1, at('line.'))).toEqual([]);
    expect(writes.join('')).not.toMatch(new RegExp(`Second [^\\n]*${CANCEL_HINT}`));
  });
});
