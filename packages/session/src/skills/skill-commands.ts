/**
 * The judge of a skill's dynamic context commands (`` !`cmd` ``): the session's approval policy,
 * asked as if the model had called bash (inside the sandbox when the session has one, so a
 * sandboxed command is allowed unless a rule denies or asks; read-only commands are allowed), but
 * never asking the user (a skill loads without questions, as in Claude Code). A skill from the
 * repository (source `project`) runs commands only when the repository is trusted: otherwise a
 * clone could run code the moment its skill is auto-loaded or loaded by the model. A command no session rule allows may still run when the user
 * forced the skill with `/name` and the skill's own `allowed-tools` allow it; nothing is granted
 * to the session by this (the loop grants a forced skill's rules after it loaded), and a skill the
 * model invoked never widens the rules. Deny rules and the mode always win, and so does the
 * skill's own `disallowed-tools`: a skill that says `disallowed-tools: Bash(rm:*)` cannot run
 * `` !`rm …` `` while it loads, before its turn-scoped deny rules are in place.
 */
import type { AgentPolicy } from '@coding-harness/agent';
import { createPolicy, parseRule } from '@coding-harness/approval';
import type { Answer, ApprovalRequest } from '@coding-harness/approval';
import type { Skill } from '@coding-harness/skills';
import type { ToolRegistry } from '@coding-harness/tools';
import type { CommandVerdict } from './skill-dynamic-context.js';

/**
 * What the judge needs: the turn's policy, the tool set (bash's rule entry), and whether the user
 * forced the skill being loaded (`/name`, this very call).
 */
export interface SkillCommandDeps {
  policy: AgentPolicy;
  registry: Pick<ToolRegistry, 'ruleNames'>;
  forced?: boolean;
  /** The session's sandbox: while it is active the commands run inside it, and are judged so. */
  sandbox?: { readonly active: boolean };
  /** Whether the repository's own skills may run commands (the user trusted it). Default false. */
  projectTrusted?: boolean;
}

/** The judge of one skill load's `` !`cmd` `` commands. */
export function skillCommandAuthorizer(
  deps: SkillCommandDeps,
): (command: string, skill: Skill) => Promise<CommandVerdict> {
  return async (command, skill) => {
    const bash = deps.registry.ruleNames().find((entry) => entry.name === 'bash');
    if (bash === undefined) return { allowed: false, denied: true, message: 'this session has no bash tool' };
    if (skill.source === 'project' && deps.projectTrusted !== true)
      return {
        allowed: false,
        denied: true,
        message:
          'the skill comes from this repository, which you have not trusted: its commands run only in a trusted repository (harness --trust records that)',
      };
    const request: ApprovalRequest = {
      tool: 'bash',
      kind: 'exec',
      input: { command },
      target: command,
      summary: `bash: ${command.split('\n')[0] ?? ''} (dynamic context of skill ${skill.name})`,
      ruleTool: bash,
      ...(deps.sandbox?.active === true ? { sandboxed: true } : {}),
    };
    const ownDeny = ownRulesDeny(skill, deps.registry, request);
    if (ownDeny !== undefined)
      return {
        allowed: false,
        denied: true,
        message: `the skill's own disallowed-tools rule ${ownDeny} denies it`,
      };
    let asked = false;
    const noQuestion = (): Promise<Answer> => {
      asked = true;
      return Promise.resolve({ type: 'deny', message: 'no rule allows it' });
    };
    const auth = await deps.policy
      .authorize(request, noQuestion)
      .catch(
        (err: unknown) => ({ allowed: false, message: err instanceof Error ? err.message : String(err) }) as const,
      );
    if (auth.allowed) return { allowed: true };
    if (!asked) return { allowed: false, denied: true, message: auth.message };
    if (deps.forced === true && ownRulesAllow(skill, deps.registry, request)) return { allowed: true };
    return { allowed: false, denied: false, message: 'no rule allows it' };
  };
}

/** Whether the skill's own `allowed-tools` (the entries that parse) allow the request. */
function ownRulesAllow(skill: Skill, registry: SkillCommandDeps['registry'], request: ApprovalRequest): boolean {
  if (skill.allowedTools.length === 0) return false;
  const tools = registry.ruleNames();
  const allow = skill.allowedTools.filter((rule) => parseRule(rule, tools).ok);
  return createPolicy({ tools, allow }).decide(request).type === 'allow';
}

/** The first of the skill's own `disallowed-tools` entries (those that parse) that denies the request, if any. */
function ownRulesDeny(
  skill: Skill,
  registry: SkillCommandDeps['registry'],
  request: ApprovalRequest,
): string | undefined {
  const denied = skill.disallowedTools ?? [];
  if (denied.length === 0) return undefined;
  const tools = registry.ruleNames();
  for (const rule of denied) {
    if (!parseRule(rule, tools).ok) continue;
    if (createPolicy({ tools, deny: [rule] }).decide(request).type === 'deny') return rule;
  }
  return undefined;
}
