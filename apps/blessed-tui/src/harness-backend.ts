import type { AskFn } from '@coding-harness/approval';
import type { Harness } from '@coding-harness/session';
import type { TuiBackend } from './backend.js';
import { replayEvents, type Summarize } from './replay.js';

/**
 * Adapts a wired session (the session package's `buildHarness`) to the TUI: model, work root,
 * skills and start-up messages as built; `send` passes the text, the signal and the TUI's modal
 * (installed by `setAsk`) to the agent as that turn's question, so the session can be built before
 * the screen exists and no question is ever put to a screen that is not up; `/allowed` reads the
 * policy; `/clear` starts a new agent conversation; `history` replays a resumed session's transcript;
 * the slash commands and Shift-Tab work through the session's controls (`harness.controls`: the
 * next tool call is decided in the new mode, the next request uses the new model).
 * `opts.prompts`: the work root's prompt history (the CLI opens it; tests leave it out); `opts.cwd`:
 * where the bin was started, so the resume command names `-C` only when it is needed; `opts.onResume`:
 * what `/resume` calls with the picked session (the CLI reopens the TUI on it).
 */
export function harnessBackend(
  harness: Harness,
  opts: { prompts?: TuiBackend['prompts']; cwd?: string; onResume?: (id: string) => void } = {},
): TuiBackend {
  let ask: AskFn | undefined;
  return {
    ...(opts.prompts ? { prompts: opts.prompts } : {}),
    ...(opts.onResume ? { resume: opts.onResume } : {}),
    sessionId: () => harness.agent.sessionId,
    resumeCommand: () => resumeCommand(harness.agent.sessionId, harness.workroot, opts.cwd),
    mode: () => harness.controls.mode(),
    controls: harness.controls,
    cycleMode: () => harness.controls.cycleMode(),
    currentModel: () => harness.controls.status().settings.model,
    model: harness.model,
    workroot: harness.workroot,
    // A getter: `/reload-skills` replaces the harness's skills, and routing, completion and the picker follow.
    get skills() {
      return harness.skills;
    },
    skillsEnabled: harness.skillsEnabled,
    startupNotices: [...harness.startupMessages],
    send: (text, signal) => harness.agent.send(text, ask ? { signal, ask } : { signal }),
    setAsk: (next) => {
      ask = next;
    },
    onScreen: () => harness.preconnect(),
    allowed: () => [...harness.grants().allowed],
    denied: () => [...harness.grants().denied],
    history: () =>
      harness.agent.resumed
        ? { sessionId: harness.agent.sessionId, events: replayEvents(harness.agent.messages(), summarizer(harness)) }
        : undefined,
    clear: () => harness.agent.clear(),
  };
}

/** Tool-call summaries for a replayed transcript, made by the session's own tools as in a live turn. */
function summarizer(harness: Harness): Summarize {
  return (name, input) => {
    const prepared = harness.registry.prepare(name, input, { root: harness.workroot });
    return prepared.ok ? prepared.summary : name;
  };
}

/** `harness-tui --resume <id>`, with `-C <root>` when the work root is not the directory it was started in. */
export function resumeCommand(id: string, workroot: string, cwd: string | undefined): string {
  const root = cwd === undefined || cwd === workroot ? '' : ` -C ${shellWord(workroot)}`;
  return `harness-tui${root} --resume ${id}`;
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
