/**
 * The judge of a skill's dynamic context commands (`` !`cmd` ``): the session's approval policy,
 * asked as if the model had called bash, but never asking the user (a skill loads without
 * questions, as in Claude Code). A skill the user forced with `/name` has its `allowed-tools`
 * granted for the turn first, so its own commands may run; a skill the model invoked does not
 * widen the rules (its grants are read-only, see the loop).
 */
import type { Answer, ApprovalRequest } from '@coding-harness/approval';
import type { Skill } from '@coding-harness/skills';
import type { CommandVerdict, ToolRegistry } from '@coding-harness/tools';
import type { AgentPolicy } from './policy.js';

/** What the judge needs: the policy, the registry (bash's rule entry) and this turn's forced skill. */
export interface SkillCommandDeps {
  policy: AgentPolicy;
  registry: ToolRegistry;
  forcedSkill?: string;
}

/** The `ToolContext.authorizeCommand` for one batch of tool calls. */
export function skillCommandAuthorizer(
  deps: SkillCommandDeps,
): (command: string, skill: Skill) => Promise<CommandVerdict> {
  return async (command, skill) => {
    const bash = deps.registry.ruleNames().find((entry) => entry.name === 'bash');
    if (bash === undefined) return { allowed: false, denied: true, message: 'this session has no bash tool' };
    if (deps.forcedSkill === skill.name && skill.allowedTools.length > 0)
      deps.policy.grantForTurn(skill.allowedTools, `skill ${skill.name}`);
    const request: ApprovalRequest = {
      tool: 'bash',
      kind: 'exec',
      input: { command },
      target: command,
      summary: `bash: ${command.split('\n')[0] ?? ''} (dynamic context of skill ${skill.name})`,
      ruleTool: bash,
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
    return { allowed: false, denied: !asked, message: asked ? 'no rule allows it' : auth.message };
  };
}
