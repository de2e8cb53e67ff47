/**
 * The session-level controls the slash commands use (`/model`, `/effort`, `/status`, `/cost`,
 * `/permissions`, `/mode`, `/compact`, `/resume`): implemented once here over the agent, the
 * policy and the session store, so a front end only renders the lines a command prints (and the
 * TUI's Shift-Tab calls the same `cycleMode`). Every method returns data or an error text;
 * nothing prints, nothing throws for a user's mistake.
 */
import type { Agent, CurrentSettings, SessionInfo, SessionStore, Usage } from '@coding-harness/agent';
import type { ProviderRegistry } from '@coding-harness/model';
import { parseEffort } from '@coding-harness/model';
import type { Grant, PermissionMode, Policy } from '@coding-harness/approval';
import { closest } from '@coding-harness/tools';
import { MODE_CYCLE, parseModeArg } from './mode.js';
import { effortChoices } from './efforts.js';
import type { SkillsReload } from './reload.js';
import { listSessions } from './sessions-list.js';

/** Where `/permissions allow|deny` rules are listed as coming from. */
export const PERMISSIONS_ORIGIN = '/permissions';

/** What `/status` and `/cost` show, as data. */
export interface SessionStatus {
  sessionId: string;
  settings: CurrentSettings;
  /** The efforts the current model accepts (its descriptor's; empty: none). */
  efforts: readonly string[];
  mode: PermissionMode;
  usage: Usage;
  /** Exact (not rounded): round only for display. */
  costUsd: number;
  requests: number;
  /** Input tokens of the last request, of the context window. */
  context: { used: number; window: number };
  workroot: string;
}

/** One row of `/model`'s list. */
export interface ModelRow {
  id: string;
  current: boolean;
  contextWindow: number;
  efforts: readonly string[];
}

/** The outcome of a manual compaction, as lines for the front end. */
export interface CompactOutcome {
  compacted: boolean;
  lines: string[];
}

/** The controls of one running session (see the module comment). */
export interface SessionControls {
  status(): SessionStatus;
  /** The providers' models, the current one marked. */
  models(): ModelRow[];
  /** Switches the model of the next request; an error text (naming what is accepted) or undefined. */
  setModel(id: string): string | undefined;
  /** Sets the effort of the next request (`default`: none sent); an error text or undefined. */
  setEffort(level: string): string | undefined;
  mode(): PermissionMode;
  /** Sets the permission mode from a word (`default`, `ask`, `accept-edits`, `plan`); an error text or undefined. */
  setMode(word: string): string | undefined;
  /** default -> accept-edits -> plan -> default (Shift-Tab in the TUI); returns the new mode. */
  cycleMode(): PermissionMode;
  /** Standing grants and deny rules. */
  rules(): { allowed: readonly Grant[]; denied: readonly Grant[] };
  /** Adds a session rule, parsed like `--allowed-tools`; an error text or undefined. */
  addRule(kind: 'allow' | 'deny', rule: string): string | undefined;
  /** Removes a rule (any origin); the removed grants, or an error text. */
  removeRule(rule: string): Grant[] | string;
  /** Compacts the conversation now, with an optional focus for the summary. */
  compact(focus: string, signal?: AbortSignal): Promise<CompactOutcome>;
  /** This work root's sessions, most recent first (the `/resume` and `--resume` picker's data). */
  sessions(): Promise<SessionInfo[]>;
  /** `/reload-skills`: `harness.reloadSkills` (set by the wiring; absent where there is no discovery). */
  reloadSkills?(): Promise<SkillsReload>;
}

/** What the controls work on: the wired session's parts. */
export interface ControlDeps {
  agent: Agent;
  policy: Policy;
  store: SessionStore;
  workroot: string;
  /** Where model ids are described (`/model`'s list, its checks, `/effort`'s choices). */
  providers: ProviderRegistry;
}

/** The controls over one wired session. */
export function createSessionControls(deps: ControlDeps): SessionControls {
  const { agent, policy, providers } = deps;
  const describe = (id: string) => providers.resolve(id).descriptor;
  const startedInBypass = policy.mode === 'bypassPermissions';
  return {
    status: () => {
      const totals = agent.totals();
      return {
        sessionId: agent.sessionId,
        settings: agent.settings(),
        efforts: describe(agent.model).efforts,
        mode: policy.mode,
        usage: totals.usage,
        costUsd: totals.costUsd,
        requests: totals.requests,
        context: agent.context(),
        workroot: deps.workroot,
      };
    },
    models: () =>
      providers.models().map((id) => {
        const info = describe(id);
        return { id, current: agent.model === id, contextWindow: info.contextWindow, efforts: info.efforts };
      }),
    setModel: (id) => {
      if (!describe(id).known) {
        const near = closest(id, providers.models());
        return `unknown model ${id}${near ? ` (did you mean ${near}?)` : ''}; /model lists the models`;
      }
      const problems = agent.setModel(id);
      return problems.length > 0 ? `${problems.join('; ')} (/effort default clears the effort)` : undefined;
    },
    setEffort: (level) => {
      const word = level.trim();
      const effort = word === 'default' ? undefined : parseEffort(word);
      if (word !== 'default' && effort === undefined)
        return `unknown effort "${word}"; ${effortChoices(agent.model, describe(agent.model).efforts)}`;
      const problems = agent.setEffort(effort);
      return problems.length > 0 ? problems.join('; ') : undefined;
    },
    mode: () => policy.mode,
    setMode: (word) => {
      const mode = parseModeArg(word);
      if (typeof mode !== 'string') return mode.error;
      if (mode === 'bypassPermissions' && !startedInBypass)
        return 'bypassPermissions is chosen at start only (--permission-mode bypassPermissions); /mode switches between default, acceptEdits and plan';
      policy.setMode(mode);
      return undefined;
    },
    cycleMode: () => {
      const at = MODE_CYCLE.indexOf(policy.mode);
      const next = MODE_CYCLE[(at + 1) % MODE_CYCLE.length] ?? 'default';
      policy.setMode(next);
      return next;
    },
    rules: () => ({ allowed: policy.list(), denied: policy.listDenied() }),
    addRule: (kind, rule) => policy.addRule(kind, rule, PERMISSIONS_ORIGIN),
    removeRule: (rule) => policy.removeRule(rule),
    compact: (focus, signal) => compactLines(agent, focus, signal),
    sessions: () => listSessions(deps.store, deps.workroot),
  };
}

async function compactLines(agent: Agent, focus: string, signal?: AbortSignal): Promise<CompactOutcome> {
  const lines: string[] = [];
  let compacted = false;
  const opts = { ...(focus.trim() !== '' ? { focus } : {}), ...(signal ? { signal } : {}) };
  for await (const event of agent.compact(opts)) {
    if (event.type === 'compaction') {
      compacted = true;
      const skills = event.reattachedSkills.length > 0 ? `; skills kept: ${event.reattachedSkills.join(', ')}` : '';
      lines.push(
        `compacted: ${event.tokensBefore.toLocaleString('en-US')} -> about ${event.tokensAfter.toLocaleString('en-US')} tokens of context${skills}`,
      );
    } else if (event.type === 'notice' || event.type === 'error') lines.push(event.message);
    else if (event.type === 'retry')
      lines.push(`retrying the summary (attempt ${event.attempt}/${event.maxAttempts}): ${event.reason}`);
  }
  if (!compacted && lines.length === 0) lines.push('nothing to compact yet: the conversation has no earlier turns');
  return { compacted, lines };
}
