/**
 * Resuming a session without editing a byte the API has seen: the stored `system` and `tools`
 * are sent again unchanged (the API checks that each thinking block sent back was produced under
 * the same prefix, else a 400 "bound to a different conversation"), and whatever changed since
 * (the date, instruction files, skills, tools) is told to the model in one message queued after
 * the next user message: a mid-conversation `system` message where the model accepts one, else a
 * note in the user turn. See docs/2026-12-01-append-only-prefix.md.
 */
import type { Effort, Message, ProviderRegistry } from '@coding-harness/model';
import { changedTools, prefixChanges } from './session-prefix-diff.js';
import { additionMessage } from './tool-additions.js';
import type { LoadedSession } from './session-parse.js';
import type { SessionPrefix } from './session-records.js';
import type { SessionStore } from './session-store.js';

/** The opening of the message that tells the model what changed since the session started. */
export const CHANGES_INTRO =
  'This session was resumed, and some things changed since it started. The system prompt and tools above are those of its start; where they differ, the following is current:';

export interface ResumeInputs {
  store: SessionStore | undefined;
  id: string;
  /** The prefix a new session would send now. */
  fresh: SessionPrefix;
  /** The tool that loads the listed skills (its enum names them), when there is one. */
  skillTool?: string;
  model: string;
  /** From the model's descriptor: it accepts `role:"system"` messages after a user turn. */
  midConversationSystem: boolean;
  /** From the model's descriptor: tools can be offered in those messages (the missing ones are, then). */
  midConversationTools?: boolean;
  /** Describes a model the session last switched to. */
  providers: ProviderRegistry;
  /**
   * Continue with the model / the effort the session last switched to (its `settings` record)
   * rather than `model` / the caller's effort; false where the user named one for this run
   * (`--model`, `--effort`). Default: neither is kept.
   */
  keep?: { model: boolean; effort: boolean };
}

export type ResumePlan =
  | { ok: false; notice: string }
  | {
      ok: true;
      session: Extract<LoadedSession, { ok: true }>;
      /** What every request of the resumed session sends (the stored prefix when the file has one). */
      prefix: SessionPrefix;
      /** False for a file written before prefixes were stored: the caller appends `prefix` to it. */
      prefixStored: boolean;
      notices: string[];
      /** The message telling the model what changed, to queue on `pendingContext`; absent when nothing did. */
      context?: Message;
      /**
       * The recorded settings to switch to before the first request, per `keep` (`effort`
       * undefined: the model's default); absent when the session never switched or `keep` says no.
       */
      settings?: { model: string; effort?: Effort; keptEffort: boolean };
    };

/** Loads `id` and decides what the resumed session sends and says. Never throws. */
export async function planResume(inputs: ResumeInputs): Promise<ResumePlan> {
  if (!inputs.store)
    return {
      ok: false,
      notice: `could not resume session ${inputs.id}: no session store was given; started a new session`,
    };
  const session = await inputs.store.load(inputs.id);
  if (!session.ok)
    return { ok: false, notice: `could not resume session ${inputs.id}: ${session.error}; started a new session` };
  const notices = [...session.notices];
  const settings = keptSettings(session.settings, inputs);
  const model = settings?.model ?? inputs.model;
  const last = session.settings?.model ?? session.info.model;
  if (last !== model) {
    const how = session.settings ? 'was last using' : 'was started with';
    notices.push(
      `session ${session.info.id} ${how} ${last} and resumes with ${model}: earlier thinking may not be readable by ${model} (the API drops thinking blocks a model cannot read)`,
    );
  }
  const capabilities =
    model === inputs.model
      ? {
          midConversationSystem: inputs.midConversationSystem,
          midConversationTools: inputs.midConversationTools ?? false,
        }
      : inputs.providers.resolve(model).descriptor.capabilities;
  const midConversationSystem = capabilities.midConversationSystem;
  const toolsOffered = midConversationSystem && capabilities.midConversationTools;
  const extra = settings ? { settings } : {};
  if (!session.prefix) {
    notices.push(
      `session ${session.info.id} was saved without its system prompt and tools (an older harness): it resumes with the current ones, and the API may refuse earlier thinking blocks`,
    );
    return { ok: true, session, prefix: inputs.fresh, prefixStored: false, notices, ...extra };
  }
  const told = session.current ?? session.prefix;
  const changes = prefixChanges(told, inputs.fresh, inputs.skillTool, toolsOffered);
  if (changes.length === 0) return { ok: true, session, prefix: session.prefix, prefixStored: true, notices, ...extra };
  const text = [CHANGES_INTRO, ...changes].join('\n\n');
  // Where the model takes tools mid-conversation, the tools that came or changed since are offered
  // with the note (and those gone withdrawn), so the resumed session can call them.
  const tools = toolsOffered ? changedTools(session.prefix.tools, inputs.fresh.tools) : undefined;
  const context: Message = midConversationSystem
    ? {
        role: 'system',
        content: [
          ...(tools ? additionMessage(tools.offered, tools.withdrawn).content.filter((p) => p.type !== 'text') : []),
          { type: 'text', text },
        ],
      }
    : { role: 'user', content: [{ type: 'text', text: `<harness-note>\n${text}\n</harness-note>` }] };
  return { ok: true, session, prefix: session.prefix, prefixStored: true, notices, context, ...extra };
}

/** The recorded model and effort a resume keeps, or undefined when it keeps neither (or there are none). */
function keptSettings(
  recorded: { model: string; effort?: Effort } | undefined,
  inputs: ResumeInputs,
): { model: string; effort?: Effort; keptEffort: boolean } | undefined {
  const keep = inputs.keep ?? { model: false, effort: false };
  if (!recorded || (!keep.model && !keep.effort)) return undefined;
  const model = keep.model ? recorded.model : inputs.model;
  if (!keep.effort) return { model, keptEffort: false };
  return recorded.effort === undefined
    ? { model, keptEffort: true }
    : { model, effort: recorded.effort, keptEffort: true };
}
