/**
 * Runs one event's hooks: the ones that apply (trusted, matching, their skill loaded), each
 * distinct command once, all in parallel, every one given the event's JSON on stdin; their
 * outcomes folded in configuration order.
 */
import { matches } from './matcher.js';
import type { HookOutcome } from './outcome.js';
import { foldOutcomes, interpretRun } from './outcome.js';
import { runHookCommand } from './run-command.js';
import type { CommandHook, HookEventName } from './types.js';

export interface EngineDeps {
  hooks: readonly CommandHook[];
  /** `cwd` of the hooks and `CLAUDE_PROJECT_DIR`. */
  workroot: string;
  /** The hooks' environment, credentials already removed (`childEnv`). */
  env: NodeJS.ProcessEnv;
  /** The session file of a conversation (`transcript_path`). */
  transcriptPath(sessionId: string): string;
  /** The permission mode now (`permission_mode`). */
  permissionMode?(): string;
}

export interface EventCall {
  event: HookEventName;
  sessionId: string;
  /** What the matcher is tested against (tool names, a SessionStart source...); undefined: the event has no matcher. */
  names?: readonly string[];
  /** Skills loaded in this conversation: a skill's hooks run only while it is loaded. */
  loadedSkills?: ReadonlySet<string>;
  /** The event's own input fields (`tool_name`, `prompt`, ...). */
  fields: Record<string, unknown>;
  signal?: AbortSignal;
}

export interface Engine {
  /** The hooks that would run for `call`, each distinct command once. */
  select(call: Pick<EventCall, 'event' | 'names' | 'loadedSkills'>): CommandHook[];
  run(call: EventCall): Promise<HookOutcome>;
  /** True when some trusted hook is configured for `event` (the work of building an input is skipped otherwise). */
  has(event: HookEventName): boolean;
}

export function createEngine(deps: EngineDeps): Engine {
  const runnable = deps.hooks.filter((h) => h.trusted);
  const select: Engine['select'] = (call) => {
    const seen = new Set<string>();
    return runnable.filter((h) => {
      if (h.event !== call.event) return false;
      if (h.skill !== undefined && !call.loadedSkills?.has(h.skill)) return false;
      if (call.names !== undefined && !matches(h.matcher, call.names)) return false;
      if (seen.has(h.command)) return false;
      seen.add(h.command);
      return true;
    });
  };
  return {
    select,
    has: (event) => runnable.some((h) => h.event === event),
    async run(call) {
      const chosen = select(call);
      if (chosen.length === 0) return { context: [], messages: [] };
      const stdin = JSON.stringify({
        session_id: call.sessionId,
        transcript_path: deps.transcriptPath(call.sessionId),
        cwd: deps.workroot,
        ...(deps.permissionMode ? { permission_mode: deps.permissionMode() } : {}),
        hook_event_name: call.event,
        ...call.fields,
      });
      const outcomes = await Promise.all(
        chosen.map(async (hook) => {
          const run = await runHookCommand({
            command: hook.command,
            stdin,
            cwd: deps.workroot,
            env: {
              ...deps.env,
              CLAUDE_PROJECT_DIR: deps.workroot,
              ...(hook.pluginRoot !== undefined ? { CLAUDE_PLUGIN_ROOT: hook.pluginRoot } : {}),
            },
            timeoutMs: hook.timeoutSec * 1000,
            ...(call.signal ? { signal: call.signal } : {}),
          });
          return interpretRun(hook, run);
        }),
      );
      return foldOutcomes(outcomes);
    },
  };
}
