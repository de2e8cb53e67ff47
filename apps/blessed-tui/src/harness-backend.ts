import type { Harness } from '@coding-harness/line-cli/wiring';
import type { Answer, ApprovalRequest, AskFn } from '@coding-harness/approval';
import type { TuiBackend } from './backend.js';
import { replayEvents, type Summarize } from './replay.js';

type Ask = (request: ApprovalRequest) => Promise<Answer>;

/**
 * The approval question for `buildHarness`, which wants an `ask` before the TUI exists: it forwards
 * to whatever `install` last set (the TUI's modal) and denies while nothing is installed, so a
 * question can never hang on a missing screen.
 */
export class AskBridge {
  private target: Ask | undefined;

  /** The function to hand to `buildHarness` as `io.ask`. */
  readonly ask: AskFn = (request) => (this.target ? this.target(request) : Promise.resolve({ type: 'deny', message: 'no one to ask: the screen is not up' }));

  /** Routes every later question to `ask`. */
  install(ask: Ask): void {
    this.target = ask;
  }
}

/**
 * Adapts a wired session (line-cli's `buildHarness`) to the TUI: model, work root, skills and
 * start-up messages as built; `send` passes the text and the signal to the agent unchanged (the
 * agent ends every turn with `turn_end`, `aborted` after the signal); `/allowed` reads the policy;
 * `/clear` starts a new agent conversation; `history` replays a resumed session's transcript.
 * `bridge` must be the one whose `ask` was given to
 * `buildHarness`: `setAsk` installs the TUI's modal there.
 */
export function harnessBackend(harness: Harness, bridge: AskBridge): TuiBackend {
  return {
    model: harness.model,
    workroot: harness.workroot,
    skills: harness.skills,
    skillsEnabled: harness.skillsEnabled,
    startupNotices: [...harness.startupMessages],
    send: (text, signal) => harness.agent.send(text, { signal }),
    setAsk: (ask) => bridge.install(ask),
    allowed: () => [...harness.policy.list()],
    denied: () => [...harness.policy.listDenied()],
    history: () => (harness.agent.resumed ? { sessionId: harness.agent.sessionId, events: replayEvents(harness.agent.messages(), summarizer(harness)) } : undefined),
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
