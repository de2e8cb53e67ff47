import type { ApprovalRequest, Answer, AskFn, Authorization, Decision, Grant, PermissionMode } from './types.js';
import { formatRule, parseRule, parseRules } from './rules.js';
import type { Rule } from './rules.js';
import { sessionPatterns } from './bash-match.js';
import { GrantStore, toGrant } from './grants.js';
import { findAllowing, findDenying, targetOf } from './match.js';
import type { SourcedRule } from './match.js';
import { modeVerdict } from './modes.js';
import { denialForNonInteractive, ruleDeniedMessage, userDeniedMessage } from './messages.js';

/** Origin recorded for grants made by answering "allow for the session". */
export const USER_ANSWER_ORIGIN = 'user answer';

/** Where a policy's standing rules come from. */
export interface PolicyOptions {
  /** Starting mode; `ask` when left out. */
  mode?: PermissionMode;
  /** Allow rules, in our syntax or Claude Code's. */
  allow?: string[];
  /** Deny rules; they beat every mode, grant and allow rule. */
  deny?: string[];
  /** What `list()` and denial messages name as the source of `allow` / `deny` (default `settings`). */
  origin?: { allow?: string; deny?: string };
  /** More rule sets with their own origins (a settings file besides the flags). */
  sources?: Array<{ origin: string; allow?: string[]; deny?: string[] }>;
}

/** One session's permission policy. Not shared between sessions. */
export interface Policy {
  readonly mode: PermissionMode;
  setMode(mode: PermissionMode): void;
  /** The verdict from rules, grants and mode alone; asks nobody and changes nothing. */
  decide(request: ApprovalRequest): Decision;
  /**
   * Decides, asks through `ask` when the verdict is "ask", and records a "session" answer as a
   * grant. Rejects only when `ask` rejects (e.g. the turn was cancelled).
   */
  authorize(request: ApprovalRequest, ask: AskFn): Promise<Authorization>;
  /** Records an answer: "session" adds the grant `sessionGrantFor` describes; others change nothing. */
  recordAnswer(request: ApprovalRequest, answer: Answer): void;
  /**
   * Allows these rules until `endTurn` (a loaded skill's `allowed-tools`), listed under `origin`
   * (e.g. `skill deploy`). Rules that do not parse are skipped; their errors are returned.
   */
  grantForTurn(rules: string[], origin: string): string[];
  /** Ends the user turn: turn grants are dropped. */
  endTurn(): void;
  /** Flag and settings allow rules, session grants and turn grants, with origin, for `/allowed`. */
  list(): Grant[];
  /** The deny rules with their origin (scope `session`). */
  listDenied(): Grant[];
  /** The rules a "session" answer to this request would grant, in our syntax (for the question). */
  sessionGrantFor(request: ApprovalRequest): string[];
}

/** Every error in the options' rules; empty when `createPolicy` will accept them. */
export function checkPolicyOptions(options: PolicyOptions = {}): string[] {
  return ruleSets(options).flatMap((set) => parseRules([...set.allow, ...set.deny]).errors);
}

/**
 * Creates a policy. Rules that do not parse are a programmer error here: check them first with
 * `checkPolicyOptions` (or `parseRule`) and report them to the user; a silently dropped deny
 * rule would be a hole.
 */
export function createPolicy(options: PolicyOptions = {}): Policy {
  const problems = checkPolicyOptions(options);
  if (problems.length > 0) throw new TypeError(`createPolicy: ${problems.join('; ')}`);
  const grants = new GrantStore();
  const denies: SourcedRule[] = [];
  for (const set of ruleSets(options)) {
    grants.addSession(parseRules(set.allow).rules, set.origin.allow);
    for (const rule of parseRules(set.deny).rules) denies.push({ rule, origin: set.origin.deny, scope: 'session' });
  }
  let mode: PermissionMode = options.mode ?? 'ask';

  const decide = (request: ApprovalRequest): Decision => {
    const denied = findDenying(request, denies);
    if (denied) return { type: 'deny', message: ruleDeniedMessage(request.tool, formatRule(denied.rule), denied.origin) };
    if (mode === 'plan' || mode === 'bypass') return fromVerdict(request, mode);
    const allowing = findAllowing(request, grants.active());
    if (allowing) return { type: 'allow', reason: `allowed by ${allowing.map(describe).join(', ')}` };
    return fromVerdict(request, mode);
  };

  const sessionRules = (request: ApprovalRequest): Rule[] => {
    const target = targetOf(request);
    if (request.tool !== 'bash' || target === undefined) {
      const tool = parseRule(request.tool);
      return tool.ok ? [tool.rule] : [];
    }
    return sessionPatterns(target).map((p) =>
      p.form === 'prefix' ? { tool: 'bash', form: 'prefix', prefix: p.prefix } : { tool: 'bash', form: 'exact', command: p.command },
    );
  };

  const recordAnswer = (request: ApprovalRequest, answer: Answer): void => {
    if (answer.type === 'session') grants.addSession(sessionRules(request), USER_ANSWER_ORIGIN);
  };

  return {
    get mode() {
      return mode;
    },
    setMode(next) {
      mode = next;
    },
    decide,
    async authorize(request, ask) {
      const decision = decide(request);
      if (decision.type === 'allow') return { allowed: true, how: 'policy', reason: decision.reason };
      if (decision.type === 'deny') return { allowed: false, message: decision.message };
      const answer = await ask(decision.request);
      recordAnswer(request, answer);
      if (answer.type === 'deny') return { allowed: false, message: userDeniedMessage(request.tool, answer.message) };
      const how = answer.type;
      return { allowed: true, how, reason: how === 'once' ? 'the user allowed it once' : 'the user allowed it for the session' };
    },
    recordAnswer,
    grantForTurn(rules, origin) {
      const parsed = parseRules(rules);
      grants.addTurn(parsed.rules, origin);
      return parsed.errors;
    },
    endTurn() {
      grants.endTurn();
    },
    list: () => grants.list(),
    listDenied: () => denies.map(toGrant),
    sessionGrantFor: (request) => sessionRules(request).map(formatRule),
  };
}

/**
 * The outcome for a run that cannot ask (`-p`): what `decide` says, except that "ask" becomes a
 * denial naming the flags that would allow the call.
 */
export function authorizeNonInteractive(policy: Policy, request: ApprovalRequest): Authorization {
  const decision = policy.decide(request);
  if (decision.type === 'allow') return { allowed: true, how: 'policy', reason: decision.reason };
  if (decision.type === 'deny') return { allowed: false, message: decision.message };
  return { allowed: false, message: denialForNonInteractive(request) };
}

function fromVerdict(request: ApprovalRequest, mode: PermissionMode): Decision {
  const verdict = modeVerdict(mode, request);
  if (verdict.type === 'ask') return { type: 'ask', request };
  return verdict;
}

function describe(entry: SourcedRule): string {
  return `${formatRule(entry.rule)} (${entry.scope === 'turn' ? `${entry.origin}, this turn` : entry.origin})`;
}

interface RuleSet {
  origin: { allow: string; deny: string };
  allow: string[];
  deny: string[];
}

function ruleSets(options: PolicyOptions): RuleSet[] {
  const main: RuleSet = {
    origin: { allow: options.origin?.allow ?? 'settings', deny: options.origin?.deny ?? 'settings' },
    allow: options.allow ?? [],
    deny: options.deny ?? [],
  };
  const more = (options.sources ?? []).map((source) => ({
    origin: { allow: source.origin, deny: source.origin },
    allow: source.allow ?? [],
    deny: source.deny ?? [],
  }));
  return [main, ...more];
}
