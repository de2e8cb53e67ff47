import type { ApprovalRequest, Answer, AskFn, Authorization, Decision, Grant, PermissionMode } from './types.js';
import { formatRule, parseRule, parseRules } from './rules.js';
import type { Rule } from './rules.js';
import { GrantStore, toGrant } from './grants.js';
import { findDenying, hiddenByDeny, readingFamily } from './match.js';
import { alwaysRule } from './always.js';
import { KIND_RANK, toolOf, toolTable } from './tool-table.js';
import type { RuleTool, ToolTable } from './tool-table.js';
import type { CallKind } from './types.js';
import type { SourcedRule } from './match.js';
import { denialForNonInteractive, ruleDeniedMessage, userDeniedMessage } from './messages.js';
import { decideRequest, describeOrigin } from './policy-decide.js';

/** Origin recorded for grants made by answering "allow for the session". */
export const USER_ANSWER_ORIGIN = 'user answer';

const ALLOWED_REASON: Readonly<Record<'once' | 'session' | 'project', string>> = {
  once: 'the user allowed it once',
  session: 'the user allowed it for the session',
  project: 'the user allowed it for the project',
};

/** Where a policy's standing rules come from. */
export interface PolicyOptions {
  /** Starting mode; `ask` when left out. */
  mode?: PermissionMode;
  /**
   * The tools rules may name: the tool registry's `ruleNames()` (approval imports no tool code,
   * so it has no list of its own). Left out: no tool is known, so every allow or deny rule is an
   * error and only the mode decides; a caller with rules must pass the table.
   */
  tools?: readonly RuleTool[];
  /** Allow rules, in our syntax or Claude Code's. */
  allow?: string[];
  /** Deny rules; they beat every mode, grant and allow rule. */
  deny?: string[];
  /** Ask rules (Claude Code's `permissions.ask`): a call they match asks even when an allow rule, a grant or the sandbox would allow it. */
  ask?: string[];
  /** What `list()` and denial messages name as the source of `allow` / `deny` / `ask` (default `settings`). */
  origin?: { allow?: string; deny?: string; ask?: string };
  /** More rule sets with their own origins (a settings file besides the flags). */
  sources?: Array<{ origin: string; allow?: string[]; deny?: string[]; ask?: string[] }>;
  /**
   * Claude Code's `sandbox.autoAllowBashIfSandboxed`: a request marked `sandboxed` (it runs inside
   * the OS sandbox) is allowed without a question unless a deny or ask rule matches. Default true.
   */
  autoAllowSandboxed?: boolean;
  /**
   * The work root's realpath. With it, relative path rules also match absolute targets inside
   * the root and absolute rules relative targets; `readFilter` needs it for relative rules.
   */
  root?: string;
}

/** Options of `grantForTurn`. */
export interface TurnGrantOptions {
  /** The widest kind of tool the grant may allow; rules for wider tools are dropped and reported. */
  maxKind?: CallKind;
}

/** One session's permission policy. Not shared between sessions. */
export interface Policy {
  readonly mode: PermissionMode;
  setMode(mode: PermissionMode): void;
  /** The verdict from rules, grants and mode alone; asks nobody and changes nothing. */
  decide(request: ApprovalRequest): Decision;
  /**
   * The denial when a deny rule (standing or for the turn) surely matches the request, whatever
   * the mode; undefined otherwise (a mode's verdict or a bash rule that only might match do not count).
   */
  deniedByRule(request: ApprovalRequest): string | undefined;
  /**
   * False when no deny rule (standing or for the turn) names `tool` or a tool it is denied with:
   * then `deniedByRule` is undefined for every request to `tool`, and a caller checking many
   * targets (10,000 skill names) may skip them all.
   */
  hasDenyRulesFor(tool: RuleTool): boolean;
  /**
   * Decides, asks through `ask` when the verdict is "ask", and records a "session" answer as a
   * grant. Rejects only when `ask` rejects (e.g. the turn was cancelled).
   */
  authorize(request: ApprovalRequest, ask: AskFn): Promise<Authorization>;
  /** Records an answer: "session" and "project" add the grant `sessionGrantFor` describes; others change nothing. */
  recordAnswer(request: ApprovalRequest, answer: Answer): void;
  /**
   * Allows these rules until `endTurn` (a loaded skill's `allowed-tools`), listed under `origin`
   * (e.g. `skill deploy`). Returns one error per rule it did not grant, each naming the rule:
   * rules that do not parse, and with `maxKind: 'read'` every rule for a write or exec tool (a
   * skill the model invoked or the harness auto-loaded never widens to edits or bash).
   */
  grantForTurn(rules: readonly string[], origin: string, options?: TurnGrantOptions): string[];
  /**
   * Denies these rules until `endTurn` (a loaded skill's `disallowed-tools`), named with `origin`
   * in every denial (e.g. `skill deploy (disallowed-tools)`). Like every deny rule they beat
   * modes, grants and allow rules. Returns one error per rule that does not parse, naming it.
   */
  denyForTurn(rules: readonly string[], origin: string): string[];
  /** Ends the user turn: turn grants and turn denies are dropped. */
  endTurn(): void;
  /**
   * Adds one session-long allow or deny rule under `origin` (`/permissions allow|deny <rule>`),
   * parsed like `--allowed-tools`. Returns the parse error (nothing added), or undefined.
   */
  addRule(kind: 'allow' | 'deny', text: string, origin: string): string | undefined;
  /**
   * Removes the session-long allow and deny rules that read like `text` once formatted (any
   * origin; turn grants and turn denies end with their turn anyway). Returns what was removed
   * (empty when nothing matched), or the parse error.
   */
  removeRule(text: string): Grant[] | string;
  /** Flag and settings allow rules, session grants and turn grants, with origin, for `/allowed`. */
  list(): Grant[];
  /** The deny rules with their origin: flag and settings rules (scope `session`), then turn denies (scope `turn`). */
  listDenied(): Grant[];
  /** The ask rules (Claude Code's `permissions.ask`) with their origin. */
  listAsked(): Grant[];
  /** The rule table this policy resolves names with (`PolicyOptions.tools`, or empty). */
  readonly tools: readonly RuleTool[];
  /** The rule a "session" answer to this request would grant, in our syntax (for the question); [] when none. */
  sessionGrantFor(request: ApprovalRequest): string[];
  /**
   * Shared interface E: for the tools' `readFilter`; false when a read_file/grep/glob deny rule
   * matches this absolute realpath (relative rules are taken relative to `root`).
   */
  readFilter(absRealPath: string): boolean;
}

/** Every error in the options' rules; empty when `createPolicy` will accept them. */
export function checkPolicyOptions(options: PolicyOptions = {}): string[] {
  const tools = options.tools ?? [];
  return ruleSets(options).flatMap((set) => parseRules([...set.allow, ...set.deny, ...set.ask], tools).errors);
}

/**
 * Creates a policy. Rules that do not parse are a programmer error here: check them first with
 * `checkPolicyOptions` (or `parseRule`) and report them to the user; a silently dropped deny
 * rule would be a hole.
 */
export function createPolicy(options: PolicyOptions = {}): Policy {
  const problems = checkPolicyOptions(options);
  if (problems.length > 0) throw new TypeError(`createPolicy: ${problems.join('; ')}`);
  const tools = options.tools ?? [];
  const table = toolTable(tools);
  const family = readingFamily(table);
  const grants = new GrantStore();
  const denies: SourcedRule[] = [];
  const asks: SourcedRule[] = [];
  let turnDenies: SourcedRule[] = [];
  const allDenies = (): SourcedRule[] => (turnDenies.length === 0 ? denies : [...denies, ...turnDenies]);
  for (const set of ruleSets(options)) {
    grants.addSession(parseRules(set.allow, tools).rules, set.origin.allow);
    for (const rule of parseRules(set.deny, tools).rules)
      denies.push({ rule, origin: set.origin.deny, scope: 'session' });
    for (const rule of parseRules(set.ask, tools).rules) asks.push({ rule, origin: set.origin.ask, scope: 'session' });
  }
  const autoAllowSandboxed = options.autoAllowSandboxed ?? true;
  let sessionMode: PermissionMode = options.mode ?? 'default';

  const root = options.root;

  const decide = (request: ApprovalRequest): Decision =>
    decideRequest(request, {
      tools,
      root,
      family,
      autoAllowSandboxed,
      // A subagent's thread may run under its own mode (its calls carry it).
      mode: () => request.mode ?? sessionMode,
      denies: allDenies,
      asks: () => asks,
      allows: () => grants.active(),
    });

  const sessionRules = (request: ApprovalRequest): Rule[] => {
    const rule = request.escapesSandbox === true ? undefined : alwaysRule(request, toolOf(request, tools));
    return rule ? [rule] : [];
  };

  const recordAnswer = (request: ApprovalRequest, answer: Answer): void => {
    if (answer.type === 'session' || answer.type === 'project')
      grants.addSession(sessionRules(request), USER_ANSWER_ORIGIN);
  };

  return {
    get mode() {
      return sessionMode;
    },
    tools,
    setMode(next) {
      sessionMode = next;
    },
    decide,
    hasDenyRulesFor(tool) {
      const names = [tool.name, ...(table.get(tool.name) ?? tool).deniedWith];
      return allDenies().some((entry) => names.includes(entry.rule.tool));
    },
    deniedByRule(request) {
      const denied = findDenying(request, allDenies(), toolOf(request, tools), root);
      if (!denied || denied.unsure !== undefined) return undefined;
      return ruleDeniedMessage(request.tool, formatRule(denied.entry.rule), describeOrigin(denied.entry));
    },
    authorize: (request, ask) => authorizeBy(decide(request), request, ask, recordAnswer),
    recordAnswer,
    grantForTurn(rules, origin, grantOptions = {}) {
      const { granted, errors } = turnGrants(rules, origin, tools, table, grantOptions.maxKind);
      grants.addTurn(granted, origin);
      return errors;
    },
    denyForTurn(rules, origin) {
      const parsed = parseRules(rules, tools);
      for (const rule of parsed.rules) {
        const key = formatRule(rule);
        if (!turnDenies.some((e) => e.origin === origin && formatRule(e.rule) === key))
          turnDenies.push({ rule, origin, scope: 'turn' });
      }
      return parsed.errors.map((error) => `${origin}: ${error}`);
    },
    endTurn() {
      grants.endTurn();
      turnDenies = [];
    },
    addRule(kind, text, origin) {
      const parsed = parseRule(text, tools);
      if (!parsed.ok) return parsed.error;
      if (kind === 'allow') grants.addSession([parsed.rule], origin);
      else if (!denies.some((e) => e.origin === origin && formatRule(e.rule) === formatRule(parsed.rule)))
        denies.push({ rule: parsed.rule, origin, scope: 'session' });
      return undefined;
    },
    removeRule(text) {
      const parsed = parseRule(text, tools);
      if (!parsed.ok) return parsed.error;
      const key = formatRule(parsed.rule);
      const removed = grants.removeSession(key).map(toGrant);
      for (let i = denies.length - 1; i >= 0; i--)
        if (formatRule(denies[i]!.rule) === key) removed.push(toGrant(denies.splice(i, 1)[0]!));
      return removed;
    },
    list: () => grants.list(),
    listDenied: () => allDenies().map(toGrant),
    listAsked: () => asks.map(toGrant),
    sessionGrantFor: (request) => sessionRules(request).map(formatRule),
    readFilter: (absRealPath) => !hiddenByDeny(absRealPath, allDenies(), root, family),
  };
}

/** A decision carried out: allowed or denied at once, or the question asked and its answer recorded. */
async function authorizeBy(
  decision: Decision,
  request: ApprovalRequest,
  ask: AskFn,
  recordAnswer: (request: ApprovalRequest, answer: Answer) => void,
): Promise<Authorization> {
  if (decision.type === 'allow') return { allowed: true, how: 'policy', reason: decision.reason };
  if (decision.type === 'deny') return { allowed: false, message: decision.message };
  const answer = await ask(decision.request);
  recordAnswer(request, answer);
  if (answer.type === 'deny') return { allowed: false, message: userDeniedMessage(request.tool, answer.message) };
  const how = answer.type;
  return {
    allowed: true,
    how,
    reason: ALLOWED_REASON[how],
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
  return { allowed: false, message: denialForNonInteractive(request, decision.reason, policy.tools) };
}

/**
 * The rules a turn grant adds (parsed, each once) and the errors for the rest: a rule that does
 * not parse, or one for a tool wider than `maxKind` (that call asks instead).
 */
function turnGrants(
  rules: readonly string[],
  origin: string,
  tools: readonly RuleTool[],
  table: ToolTable,
  maxKind: CallKind | undefined,
): { granted: Rule[]; errors: string[] } {
  const errors: string[] = [];
  const granted: Rule[] = [];
  for (const text of rules) {
    const parsed = parseRule(text, tools);
    const kind = parsed.ok ? (table.get(parsed.rule.tool)?.kind ?? 'exec') : 'exec';
    if (!parsed.ok) errors.push(`${origin}: ${parsed.error}`);
    else if (maxKind && KIND_RANK[kind] > KIND_RANK[maxKind]) {
      errors.push(
        `${origin}: the rule ${JSON.stringify(text.trim())} was not granted: it allows ${kind} calls, and this grant may allow only ${maxKind} calls (each such call asks instead)`,
      );
    } else if (!granted.some((rule) => formatRule(rule) === formatRule(parsed.rule))) granted.push(parsed.rule);
  }
  return { granted, errors };
}

interface RuleSet {
  origin: { allow: string; deny: string; ask: string };
  allow: string[];
  deny: string[];
  ask: string[];
}

function ruleSets(options: PolicyOptions): RuleSet[] {
  const main: RuleSet = {
    origin: {
      allow: options.origin?.allow ?? 'settings',
      deny: options.origin?.deny ?? 'settings',
      ask: options.origin?.ask ?? 'settings',
    },
    allow: options.allow ?? [],
    deny: options.deny ?? [],
    ask: options.ask ?? [],
  };
  const more = (options.sources ?? []).map((source) => ({
    origin: { allow: source.origin, deny: source.origin, ask: source.origin },
    allow: source.allow ?? [],
    deny: source.deny ?? [],
    ask: source.ask ?? [],
  }));
  return [main, ...more];
}

/**
 * The names of a name tool (the skill tool) that a deny rule of `policy` denies: a front end
 * leaves such skills out of the listing and the tool's enum, so the model is never offered what
 * it may not load. Empty for a tool without a `name` specifier.
 */
export function namesDeniedByRule(
  policy: Pick<Policy, 'deniedByRule' | 'hasDenyRulesFor'>,
  tool: RuleTool,
  names: readonly string[],
): Set<string> {
  // Most sessions have no rule for the skill tool at all: then no name is checked one by one.
  if (tool.specifier !== 'name' || !policy.hasDenyRulesFor(tool)) return new Set();
  return new Set(
    names.filter(
      (name) =>
        policy.deniedByRule({
          tool: tool.name,
          kind: tool.kind,
          input: { name },
          target: name,
          summary: `${tool.name} ${name}`,
          ruleTool: tool,
        }) !== undefined,
    ),
  );
}
