import type { Grant } from '@coding-harness/approval';
import type { SessionStatus, SessionSummary, SkillSummary } from '@coding-harness/protocol';
import { MODE_CYCLE, parseModeArg } from '@coding-harness/session';
import type { ResultStore, SessionControls, SlashDeps } from '@coding-harness/session';

/** What the controls work on: the fake session's state and the few things it does itself. */
export interface FakeState {
  readonly state: SessionStatus;
  readonly grants: Grant[];
  readonly options: { sessions?: SessionSummary[] };
  readonly info: { skillsEnabled: boolean };
  /** Changes the state and sends a `status` event. */
  update(patch: Partial<SessionStatus>): void;
  skills(): SkillSummary[];
  clear(): string;
  resume(id: string): string | undefined;
  /** The whole results of its tool calls, as the real session keeps them (`/expand`). */
  readonly results: ResultStore;
}

/**
 * The controls behind the fake session's slash commands (the session package's own table runs
 * them): the permission mode, the rules an "always" answer added, the stored sessions, the status.
 * Models and efforts are not part of the fake: those commands say so.
 */
export function fakeControls(session: FakeState): SessionControls {
  const none = 'the fake session has no models';
  return {
    status: () => session.state,
    models: () => [],
    setModel: () => none,
    setEffort: () => none,
    mode: () => session.state.mode,
    setMode: (word) => {
      const mode = parseModeArg(word);
      if (typeof mode !== 'string') return mode.error;
      session.update({ mode });
      return undefined;
    },
    cycleMode: () => {
      const mode = MODE_CYCLE[(MODE_CYCLE.indexOf(session.state.mode) + 1) % MODE_CYCLE.length] ?? 'default';
      session.update({ mode });
      return mode;
    },
    rules: () => ({ allowed: [...session.grants], denied: [] }),
    addRule: (kind, rule) => {
      if (kind === 'deny') return 'the fake session keeps no deny rules';
      session.grants.push({ rule, scope: 'session', origin: '/permissions' });
      return undefined;
    },
    removeRule: (rule) => {
      const at = session.grants.findIndex((g) => g.rule === rule);
      return at < 0 ? [] : session.grants.splice(at, 1);
    },
    sessions: async () => (session.options.sessions ?? []).map((s) => ({ ...s, file: '' })),
  };
}

/** What the slash table may use of the fake session. */
export function fakeSlashDeps(session: FakeState): SlashDeps {
  return {
    controls: fakeControls(session),
    skills: () => session.skills(),
    skillsEnabled: session.info.skillsEnabled,
    clear: () => session.clear(),
    resume: async (id) => session.resume(id),
    compact: async () => ({ kind: 'compact', compacted: false, message: 'the fake session has nothing to compact' }),
    results: session.results,
  };
}
