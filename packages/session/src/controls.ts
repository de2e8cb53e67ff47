/**
 * The session-level controls the session's commands use (`set_model`, `set_effort`, `status`,
 * `set_mode`, rules, the session list) and the slash commands over them: implemented once here
 * over the agent, the policy and the session store. Every method returns data or an error text;
 * nothing prints, nothing throws for a user's mistake.
 */
import type { Agent, SessionInfo, SessionStore } from '@coding-harness/agent';
import type { ProviderRegistry } from '@coding-harness/model';
import { parseEffort } from '@coding-harness/model';
import type { ModelRow, SessionStatus, SlashResult } from '@coding-harness/protocol';
import type { Grant, PermissionMode, Policy } from '@coding-harness/approval';
import { closest, describeSandbox } from '@coding-harness/tools';
import type { Sandbox } from '@coding-harness/tools';
import { MODE_CYCLE, parseModeArg } from './mode.js';
import { effortChoices } from './efforts.js';
import type { SkillsReload } from './reload.js';
import { listSessions } from './sessions-list.js';

/** Where `/permissions allow|deny` rules are listed as coming from. */
export const PERMISSIONS_ORIGIN = '/permissions';

/** The controls of one running session (see the module comment). */
export interface SessionControls {
  status(): SessionStatus;
  /** The providers' models, the current one marked. */
  models(): ModelRow[];
  /**
   * Switches the model of the next request; an error text (naming what is accepted) or undefined.
   * A family alias (`sonnet`, `opus`, `haiku`) stands for the newest model of that family.
   */
  setModel(id: string): string | undefined;
  /** Sets the effort of the next request (`default`: none sent); an error text or undefined. */
  setEffort(level: string): string | undefined;
  mode(): PermissionMode;
  /** Sets the permission mode from a word (`default`, `ask`, `accept-edits`, `plan`); an error text or undefined. */
  setMode(word: string): string | undefined;
  /** default -> accept-edits -> plan -> default (Shift-Tab in the TUI); returns the new mode. */
  cycleMode(): PermissionMode;
  /** Standing grants and deny rules. */
  rules(): { allowed: readonly Grant[]; denied: readonly Grant[]; asked?: readonly Grant[] };
  /** Adds a session rule, parsed like `--allowed-tools`; an error text or undefined. */
  addRule(kind: 'allow' | 'deny', rule: string): string | undefined;
  /** Removes a rule (any origin); the removed grants, or an error text. */
  removeRule(rule: string): Grant[] | string;
  /** This work root's sessions, most recent first (the `/resume` and `--resume` picker's data). */
  sessions(): Promise<SessionInfo[]>;
  /** `/reload-skills`: `harness.reloadSkills` (set by the wiring; absent where there is no discovery). */
  reloadSkills?(): Promise<SkillsReload>;
  /** `/sandbox`: what commands may write, read and reach (absent where the session has no sandbox object). */
  sandbox?(): Extract<SlashResult, { kind: 'sandbox' }>;
  /** `/mcp [reconnect NAME]`: the MCP servers (absent where none was started). */
  mcp?(args: string): Promise<Extract<SlashResult, { kind: 'mcp' }>>;
  /** `/agents`: the agents the agent tool may run (set by the wiring; absent in a session without them). */
  agents?(): Extract<SlashResult, { kind: 'agents' }>;
  /** `/hooks`: the session's Claude Code hooks (set by the wiring). */
  hooks?(): Extract<SlashResult, { kind: 'hooks' }>;
}

/** What the controls work on: the wired session's parts. */
export interface ControlDeps {
  agent: Agent;
  /** How many skills the session offers now. */
  skillCount(): number;
  policy: Policy;
  store: SessionStore;
  workroot: string;
  /** Where model ids are described (`/model`'s list, its checks, `/effort`'s choices). */
  providers: ProviderRegistry;
  sandbox?: Sandbox;
}

/** The controls over one wired session. */
export function createSessionControls(deps: ControlDeps): SessionControls {
  const { agent, policy, providers } = deps;
  const describe = (id: string) => providers.resolve(id).descriptor;
  const startedInBypass = policy.mode === 'bypassPermissions';
  const sandbox = deps.sandbox;
  return {
    ...(sandbox
      ? {
          sandbox: () => ({ kind: 'sandbox' as const, state: sandbox.status().state, lines: describeSandbox(sandbox) }),
        }
      : {}),
    status: () => {
      const totals = agent.totals();
      const settings = agent.settings();
      return {
        sessionId: agent.sessionId,
        model: settings.model,
        ...(settings.effort !== undefined ? { effort: settings.effort } : {}),
        efforts: describe(agent.model).efforts,
        ...(settings.thinking !== undefined ? { thinking: settings.thinking } : {}),
        maxTokens: settings.maxTokens,
        mode: policy.mode,
        usage: totals.usage,
        costUsd: totals.costUsd,
        requests: totals.requests,
        context: agent.context(),
        workroot: deps.workroot,
        skills: deps.skillCount(),
        busy: agent.busy,
      };
    },
    models: () =>
      providers.models().map((id) => {
        const info = describe(id);
        return { id, current: agent.model === id, contextWindow: info.contextWindow, efforts: info.efforts };
      }),
    setModel: (name) => {
      const id = providers.alias(name) ?? name;
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
    rules: () => ({ allowed: policy.list(), denied: policy.listDenied(), asked: policy.listAsked() }),
    addRule: (kind, rule) => policy.addRule(kind, rule, PERMISSIONS_ORIGIN),
    removeRule: (rule) => policy.removeRule(rule),
    sessions: () => listSessions(deps.store, deps.workroot),
  };
}
