/**
 * One ACP session: an editor's conversation over one harness `Session`, spoken to through the
 * session protocol like every other front end. A prompt is routed as the REPL routes a typed line
 * (a built-in `/command` runs as `slash` and its result comes back as the answer's text, a skill
 * or plain text is sent); the turn's events go to the editor as `session/update`s in order, each
 * approval question as `session/request_permission`, and the prompt is answered with the turn's
 * stop reason once every update before it was written.
 */
import type { AgentContext, ContentBlock, SessionUpdate, StopReason } from '@agentclientprotocol/sdk';
import type { Command, SessionEvent, SlashResult } from '@coding-harness/protocol';
import { formatSlashResult, slashCommandInfo } from '@coding-harness/session';
import type { Session } from '@coding-harness/session';
import { availableCommands } from './commands.js';
import { answerOf, permissionOptions } from './permission.js';
import { promptText } from './prompt.js';
import { stopReasonOf } from './stop-reason.js';
import { createUpdateMapper, toolKind } from './updates.js';
import type { UpdateMapper } from './updates.js';

/** A prompt's outcome: a stop reason, or an error for the editor (the prompt's JSON-RPC error). */
export type PromptOutcome = { stopReason: StopReason } | { error: string };

export interface AcpSession {
  readonly id: string;
  readonly session: Session;
  prompt(blocks: readonly ContentBlock[]): Promise<PromptOutcome>;
  /** `session/cancel`: the running turn stops (running commands are killed) and ends `cancelled`. */
  cancel(): void;
  /** Sends the conversation so far as updates (`session/load`); resolves once they are written. */
  replay(): Promise<void>;
  /** Sends the command list (after `session/new` and `session/load`, and when the skills change). */
  advertise(): Promise<void>;
  close(): Promise<void>;
}

let commandIds = 0;
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
const command = (body: WithoutId<Command>): Command => ({ id: `acp${++commandIds}`, ...body }) as Command;

/** What an ACP session needs from the connection and the harness. */
export interface AcpSessionDeps {
  id: string;
  session: Session;
  client: AgentContext;
  /** Diagnostics (stderr): a notification that could not be written. */
  warn(message: string): void;
}

type Question = Extract<SessionEvent, { type: 'approval_requested' }>;

/**
 * Puts `event` to the editor as `session/request_permission` once `written` (the updates before
 * it) settles, and answers the session with what the editor chose (no answer, or a failed or
 * cancelled request, denies the call, saying why).
 */
function askEditor(
  deps: Pick<AcpSessionDeps, 'id' | 'session' | 'client'>,
  written: Promise<void>,
  signal: AbortSignal | undefined,
  event: Question,
  mapper: UpdateMapper,
): void {
  const { id, session, client } = deps;
  void written
    .then(() =>
      client.request(
        'session/request_permission',
        {
          sessionId: id,
          toolCall: {
            toolCallId: event.callId,
            title: event.summary,
            kind: toolKind(event.kind),
            status: 'pending',
            content: mapper.previewContent(event),
            locations: mapper.locations(event.callId),
          },
          options: permissionOptions(event),
        },
        signal ? { cancellationSignal: signal } : {},
      ),
    )
    .then(
      (response) => answerOf(response.outcome),
      (err: unknown) => ({ type: 'deny' as const, message: `the editor did not answer: ${messageOf(err)}` }),
    )
    .then((answer) => session.dispatch(command({ type: 'answer', requestId: event.requestId, answer })));
}

export function createAcpSession(deps: AcpSessionDeps): AcpSession {
  const { id, session, client } = deps;
  const workroot = session.info.workroot;
  /** Updates are written one after another, in the order the events came. */
  let written: Promise<void> = Promise.resolve();
  const send = (update: SessionUpdate): void => {
    written = written
      .then(() => client.notify('session/update', { sessionId: id, update }))
      .catch((err: unknown) => deps.warn(`could not send a session update: ${messageOf(err)}`));
  };
  let cancelled: AbortController | undefined;

  /** Puts the question to the editor once the updates before it are out; the answer decides the call. */
  const ask = (event: Question, mapper: UpdateMapper): void =>
    askEditor({ id, session, client }, written, cancelled?.signal, event, mapper);

  /** Runs `cmd`, sending its events as updates; returns the turn's end and the command's result. */
  const runCommand = async (cmd: Command) => {
    const mapper = createUpdateMapper({ workroot });
    let end: Extract<SessionEvent, { type: 'turn_end' }> | undefined;
    let result: Extract<SessionEvent, { type: 'command_result' }>['result'] | undefined;
    let error: string | undefined;
    for await (const event of session.run(cmd)) {
      if (event.type === 'approval_requested') ask(event, mapper);
      else if (event.type === 'error' && event.threadId === undefined) error = event.message;
      else if (event.type === 'turn_end') end = event;
      else if (event.type === 'command_result' && event.commandId === cmd.id) result = event.result;
      for (const update of mapper.updates(event)) send(update);
    }
    await written;
    return { end, result, error };
  };

  const say = async (text: string): Promise<void> => {
    if (text !== '') send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } });
    await written;
  };

  const slash = async (text: string): Promise<PromptOutcome> => {
    const { result } = await runCommand(command({ type: 'slash', text }));
    if (result === undefined || !result.ok) return { error: result?.error ?? `${text}: no result` };
    const data = result.data as SlashResult;
    await say(slashText(data));
    if (data.kind === 'reload') await advertise();
    return { stopReason: 'end_turn' };
  };

  const advertise = async (): Promise<void> => {
    send({
      sessionUpdate: 'available_commands_update',
      availableCommands: availableCommands(slashCommandInfo(), session.skills()),
    });
    await written;
  };

  const prompt = async (blocks: readonly ContentBlock[]): Promise<PromptOutcome> => {
    const text = promptText(blocks);
    if (!text.ok) return { error: text.error };
    const route = session.route(text.text);
    if (route.kind === 'command') return slash(text.text);
    if (route.kind === 'unknown' || route.kind === 'model-only') {
      await say(route.message);
      return { stopReason: 'end_turn' };
    }
    cancelled = new AbortController();
    try {
      const { end, result, error } = await runCommand(
        command({ type: 'send', text: route.kind === 'run_skill' ? route.text : text.text }),
      );
      if (end === undefined)
        return { error: result !== undefined && !result.ok ? result.error : (error ?? 'the turn did not start') };
      const stopReason = stopReasonOf(end.stopReason);
      if (stopReason === undefined) return { error: error ?? `the turn ended with ${end.stopReason}` };
      return { stopReason };
    } finally {
      cancelled = undefined;
    }
  };

  /** The prompt now running, if any: ACP runs one prompt at a time per session. */
  let busy = false;
  return {
    id,
    session,
    async prompt(blocks) {
      if (busy) return { error: 'a prompt is already running in this session: cancel it or wait for its answer' };
      busy = true;
      try {
        return await prompt(blocks);
      } finally {
        busy = false;
      }
    },
    cancel() {
      cancelled?.abort();
      void session.dispatch(command({ type: 'interrupt' }));
    },
    async replay() {
      const history = await session.dispatch(command({ type: 'history' }));
      if (!history.ok || history.type !== 'history') throw new Error(history.ok ? 'no history' : history.error);
      const mapper = createUpdateMapper({ workroot, replay: true });
      for (const event of history.data.events) for (const update of mapper.updates(event)) send(update);
      await written;
    },
    advertise,
    close: () => session.close(),
  };
}

/** A slash command's result as the answer's text (`/exit` says what to do instead). */
function slashText(result: SlashResult): string {
  if (result.kind === 'exit') return 'nothing to leave here: close the agent in the editor to end it';
  const lines = formatSlashResult(result);
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
