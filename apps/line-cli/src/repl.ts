import { createPromptHistory, sanitize } from '@coding-harness/session';
import type { HarnessFlags } from '@coding-harness/session';
import type { CliIo } from './io.js';
import { PASTE_OFF } from './line-input.js';
import { replCommand } from './repl-turn.js';
import { exitLine } from './repl-session.js';
import { openReplTerminal } from './repl-terminal.js';
import { openReplSession } from './repl-open.js';
import { replKeys } from './repl-keys.js';
import { promptLoop } from './repl-loop.js';

/**
 * The line-based interactive session on node:readline. Thin: routing, rendering and answer
 * parsing are pure functions elsewhere; the terminal is repl-terminal.ts, opening the session
 * repl-open.ts, the prompt and keys repl-keys.ts, the prompt loop repl-loop.ts; this file wires
 * them and tears down.
 * Returns the exit code (0, or 2 for usage errors found before the first prompt).
 */
export async function runRepl(flags: HarnessFlags, io: CliIo): Promise<number> {
  const term = openReplTerminal(flags, io);
  const { out, tty, colors, errColors, state, rl, prompts, history } = term;
  const opened = await openReplSession(flags, io, term);
  if (typeof opened === 'number') return opened;
  const { s } = opened;
  const keys = replKeys(term, s, io);
  const saved = createPromptHistory({ env: io.env, home: io.home, workroot: s.info.workroot });
  state.where.workroot = s.info.workroot;
  state.where.mcp = s;
  // A server that asks between turns finds no one reading the input: declined at once, and said.
  s.subscribe((e) => {
    if (e.type !== 'elicitation_requested' || state.current !== undefined) return;
    void s.dispatch(replCommand({ type: 'answer_elicitation', requestId: e.requestId, answer: { action: 'decline' } }));
    io.stderr.write(`${errColors.yellow(`MCP server ${sanitize(e.server, { multiline: false })} asked for input between turns: declined`)}
`);
  });
  prompts.push(...saved.load());
  history.push(...prompts);
  rl.on('history', (lines: string[]) => void lines.splice(0, lines.length, ...prompts));

  const { resumable } = await promptLoop(flags, io, term, opened, keys, saved);
  keys.offInterrupt();
  if (!state.closed) rl.close();
  if (tty) out.write(PASTE_OFF);
  // Ctrl-D leaves the cursor after the prompt; piped input ends mid-line too.
  if (!tty || state.closed) out.write('\n');
  const last = s.status().sessionId;
  await s.close();
  if (resumable) out.write(`${exitLine(last, colors)}\n`);
  return 0;
}
