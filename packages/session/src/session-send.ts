/**
 * The `send` command (split from session-commands.ts): a `!command` line runs the user's own
 * command; any other line becomes a turn, with its `/mcp__server__prompt` message, `@server:uri`
 * resources and `@path` / pasted-file parts attached first.
 */
import type { AgentEvent } from '@coding-harness/agent';
import type { CommandData, CommandOf, SessionEvent } from '@coding-harness/protocol';
import type { Harness } from './harness.js';
import type { SessionJobs } from './session-jobs.js';
import { createTurnInput } from './mentions/turn-input.js';
import { mcpTurnInput } from './mcp/prompts-turn.js';

/** `send` over `harness`; `home` is where a pasted `~/shots/a.png` is looked up (none: such paths are left alone). */
export function sendHandler(
  harness: Harness,
  emit: (event: SessionEvent) => void,
  jobs: SessionJobs,
  place: { home?: string },
): (command: CommandOf<'send'>) => Promise<CommandData['send'] | string> {
  // `!command` and `@path`: mentions/ (the parts of the next user message, and the user's own commands).
  const input = createTurnInput(() => ({
    root: harness.workroot,
    secrets: harness.secrets,
    sandbox: harness.sandbox,
    env: harness.commandEnv,
    policy: harness.policy,
    registry: harness.registry,
    ...(place.home !== undefined ? { home: place.home } : {}),
  }));
  const userCommand = async (command: string): Promise<CommandData['send'] | string> => {
    if (harness.agent.busy) return 'a turn is running: run the command after it ends';
    const controller = new AbortController();
    jobs.current = controller;
    try {
      const ran = await input.runBang(command, emit, controller.signal);
      const outcome = controller.signal.aborted ? 'aborted' : ran.ok ? 'completed' : 'failed';
      return { turnId: ran.callId, stopReason: 'end_turn', outcome };
    } finally {
      if (jobs.current === controller) jobs.current = undefined;
      jobs.emitStatus();
    }
  };

  return async ({ text: typed }) => {
    const bang = input.bang(typed);
    if (bang !== undefined) return userCommand(bang);
    let end: Extract<AgentEvent, { type: 'turn_end' }> | undefined;
    let refused: string | undefined;
    // A `/mcp__server__prompt` line is the prompt's message; `@server:uri` mentions attach resources.
    const mcp = harness.agent.busy ? { text: typed, parts: [] } : await mcpTurnInput(harness.mcp?.ux, typed, emit);
    if (typeof mcp === 'string') return mcp;
    const text = mcp.text;
    const parts = harness.agent.busy
      ? { before: [], after: [] }
      : await input.parts(typed, emit, new AbortController().signal);
    parts.after.push(...mcp.parts);
    await jobs.job(
      (signal) => harness.agent.send(text, { signal, parts }),
      (event) => {
        if (event.type === 'turn_end') end = event;
        else if (event.type === 'error' && end === undefined) refused = event.message;
      },
    );
    if (!end) {
      input.restore(parts.before);
      return refused ?? 'the turn did not start';
    }
    return { turnId: end.turnId, stopReason: end.stopReason, outcome: end.outcome };
  };
}
