import type { SessionInfo } from '@coding-harness/agent';
import { runSlashCommand } from '@coding-harness/session';
import type { SlashContext } from '@coding-harness/session';
import type { TuiBackend } from './backend.js';
import { helpText, noSkillsText } from './commands.js';
import type { CommandName } from './commands.js';
import type { Action } from './reduce.js';
import type { ViewState } from './view-state.js';

/** What a built-in command may do to the running TUI. */
export interface CommandHost {
  readonly backend: TuiBackend;
  readonly state: ViewState;
  dispatch(action: Action): void;
  now(): number;
  /** The running turn or cancellable command, if any (Ctrl-C aborts it). */
  turn: AbortController | undefined;
  openSkillPicker(): void;
  clearConversation(): void;
  quit(code: number): void;
  showSessions(sessions: readonly SessionInfo[]): void;
}

const BUSY = 'a turn is running — wait, or Ctrl-C to cancel it';

/**
 * Runs a built-in through the session's command table. One that waits on the model (`/compact`)
 * is refused while a turn runs, holds the turn slot (so Ctrl-C cancels it) and shows as busy.
 * Afterwards the status bar follows a `/mode` or `/model` switch.
 */
export async function runTuiCommand(
  host: CommandHost,
  name: CommandName,
  args: string,
  skillsEnabled: boolean,
): Promise<void> {
  if (host.turn && name === 'compact') return host.dispatch({ type: 'hint', text: BUSY });
  const job = name === 'compact' ? new AbortController() : undefined;
  if (job) {
    host.turn = job;
    host.dispatch({ type: 'busy', busy: true, now: host.now() });
  }
  try {
    await runSlashCommand(name, { ...slashContext(host, skillsEnabled), ...(job ? { signal: job.signal } : {}) }, args);
  } catch (err) {
    host.dispatch({ type: 'error', text: `error: ${err instanceof Error ? err.message : String(err)}` });
  } finally {
    if (job) {
      host.turn = undefined;
      host.dispatch({ type: 'busy', busy: false, now: host.now() });
    }
    const mode = host.backend.mode?.();
    if (mode !== undefined && mode !== host.state.mode) host.dispatch({ type: 'mode', mode });
    const model = host.backend.currentModel?.();
    if (model !== undefined && model !== host.state.model) host.dispatch({ type: 'model', model });
  }
}

/** The TUI's side of the session's slash-command table: text goes to the transcript as info, `/skills` opens the picker. */
function slashContext(host: CommandHost, skillsEnabled: boolean): SlashContext {
  const { backend } = host;
  const skills = backend.skills;
  return {
    skills,
    skillsEnabled,
    print: (lines) => host.dispatch({ type: 'info', text: lines.join('\n') }),
    showHelp: (lines) => host.dispatch({ type: 'info', text: helpText(skills, skillsEnabled, lines) }),
    showSkills: () => {
      if (skills.length === 0) return host.dispatch({ type: 'info', text: noSkillsText(skillsEnabled) });
      host.openSkillPicker();
    },
    grants: () => ({ allowed: backend.allowed(), denied: backend.denied?.() ?? [] }),
    clear: () => host.clearConversation(),
    quit: () => host.quit(0),
    showSessions: (sessions) => host.showSessions(sessions),
    ...(backend.controls ? { session: backend.controls } : {}),
  };
}
