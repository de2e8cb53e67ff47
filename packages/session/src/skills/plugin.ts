/**
 * The skills runtime as a plugin on the loop's hooks: the skill tool, `/name` and auto-matching
 * (forced calls before the first request), what a load changes for its turn (grants, denies,
 * model and effort, a fork skill's subagent), the `skill` record with the text the model got,
 * usage counts and discovery notes, and re-attaching loaded skills after a compaction from those
 * records. The plugin knows its tool by the object it made, never by a name string.
 *
 * One plugin serves a whole session: `update` swaps its skills after a re-discovery (the tool's
 * schema keeps the bytes it was sent with), a conversation `clear()` begins is told what changed
 * since the start, and `rebase` forgets what a resumed conversation need not be told.
 */
import { toolUseId } from '@coding-harness/agent';
import type { ForcedCall, Hooks, TurnContext } from '@coding-harness/agent';
import type { DiscoverResult, Skill } from '@coding-harness/skills';
import type { Tool, ToolRuleEntry } from '@coding-harness/tools';
import { matchSkill } from './auto-skill.js';
import { reattachedSkills } from './compaction-skills.js';
import { parseSlashSkills } from './forced-skill.js';
import { createSkillTool, SKILL_RULES } from './skill.js';
import type { SkillToolRuntime } from './skill.js';
import { skillCommandAuthorizer } from './skill-commands.js';
import { skillLoaded } from './skill-turn.js';
import { LoadNotices } from './load-notices.js';
import type { AgentRunner } from '../agents/agents-plugin.js';

export interface SkillsPluginOptions {
  /** The skills of the session's start (the system prompt lists them; the tool's schema names them). */
  skills: readonly Skill[];
  /** The discovery pass the skills came from: a skill's notes are said when it first loads. */
  discovery?: DiscoverResult;
  /** Auto-load a strongly matching skill before a turn's first request; default true. */
  autoSkills?: boolean;
  /** Where each successful load is counted (skill-usage.ts); absent: not counted. */
  usageFile?: string;
  /** The skill tool's enum budget (`SKILL_NAME_ENUM_BUDGET` by default). */
  enumBudgetChars?: number;
  /** The session's sandbox: while it is active, dynamic context commands are judged as sandboxed (and run inside it). */
  sandbox?: { readonly active: boolean };
  /** Whether the repository's own skills may run dynamic context commands (the user trusted it). Default false. */
  projectTrusted?: () => boolean;
  /** The session's custom agents: a fork skill's `agent: <name>` naming one runs with it. */
  agents?: AgentRunner;
}

/** What a re-discovery hands the plugin. */
export interface SkillsPluginUpdate {
  skills: readonly Skill[];
  /** The pass they came from. */
  discovery: DiscoverResult;
  /** Told to the model with the next turn ('' for nothing). */
  note: string;
  /** Told to a conversation `clear()` begins later: what changed since the skills the system prompt lists. */
  sinceStart: string;
}

export interface SkillsPlugin {
  readonly hooks: Hooks;
  /** The skill tool (in the session's tool set when the session started with skills). */
  readonly tool: Tool<unknown>;
  /** How rules name the skill tool, for the registry's rule table whether or not the tool is in it. */
  readonly ruleEntry: ToolRuleEntry;
  skills(): readonly Skill[];
  update(next: SkillsPluginUpdate): void;
  /** The session resumed another conversation (with a prompt listing today's skills): nothing pending is told. */
  rebase(): void;
}

/** The running turn, as the skill tool needs it: its context and the calls the user forced. */
interface TurnState {
  ctx: TurnContext;
  forced: Set<string>;
}

/** The skill tool's input, as validated. */
interface LoadInput {
  name?: string;
  args?: string;
}

/** What `${CLAUDE_EFFORT}` says when the session sends no effort: the Messages API's default level. */
export const DEFAULT_EFFORT = 'high';

const inputFor = (name: string, args: string): LoadInput => (args === '' ? { name } : { name, args });

/** `/a /b args` or an auto-matched skill: the skill tool calls to make before the first request. */
function forcedCalls(
  text: string,
  ctx: TurnContext,
  state: TurnState,
  skills: readonly Skill[],
  tool: Tool<unknown>,
  autoSkills: boolean | undefined,
): ForcedCall[] {
  const slash = parseSlashSkills(text, skills);
  if (slash)
    return slash.skills.map((s) => {
      const id = toolUseId();
      state.forced.add(id);
      return { tool, id, input: inputFor(s.name, slash.args) };
    });
  if (autoSkills === false) return [];
  const match = matchSkill(text, skills);
  if (!match) return [];
  ctx.emit({
    type: 'notice',
    message: `auto-loaded skill "${match.skill.name}" (matched: ${match.words.join(', ')})`,
  });
  return [{ tool, input: inputFor(match.skill.name, '') }];
}

export function createSkillsPlugin(options: SkillsPluginOptions): SkillsPlugin {
  let skills = options.skills;
  let discovery = options.discovery;
  let pendingNotes: string[] = [];
  let sinceStart = '';
  let lastSession: string | undefined;
  let turn: TurnState | undefined;
  const loadNotices = new LoadNotices(options.usageFile);

  const forced = (callId: string | undefined): boolean => callId !== undefined && turn?.forced.has(callId) === true;
  const runtime: SkillToolRuntime = {
    skills: () => skills,
    forced,
    sessionId: () => turn?.ctx.sessionId,
    // The API's own default when the session sends no effort is `high`.
    effort: () => (turn ? (turn.ctx.settings().effort ?? DEFAULT_EFFORT) : undefined),
    authorize(command, skill, callId) {
      if (!turn)
        return Promise.resolve({ allowed: false, denied: true, message: 'this session runs no skill commands' });
      const judge = skillCommandAuthorizer({
        policy: turn.ctx.policy,
        registry: turn.ctx.tools,
        forced: forced(callId),
        ...(options.sandbox ? { sandbox: options.sandbox } : {}),
        projectTrusted: options.projectTrusted?.() ?? false,
      });
      return judge(command, skill);
    },
  };
  const tool = createSkillTool(runtime, {
    ...(options.enumBudgetChars !== undefined ? { enumBudgetChars: options.enumBudgetChars } : {}),
  }) as Tool<unknown>;

  /** The context texts of a turn: what a new conversation or a reload must be told. */
  const contextFor = (ctx: TurnContext): string[] => {
    const out: string[] = [];
    if (lastSession !== undefined && lastSession !== ctx.sessionId) {
      // A new conversation starts from the prompt of the session's start: what changed since is told, not the last note.
      pendingNotes = [];
      if (sinceStart !== '') out.push(sinceStart);
    }
    lastSession = ctx.sessionId;
    out.push(...pendingNotes.splice(0));
    return out;
  };

  const hooks: Hooks = {
    name: 'skills',
    beforeTurn({ text }, ctx) {
      const state: TurnState = { ctx, forced: new Set() };
      turn = state;
      return { context: contextFor(ctx), calls: forcedCalls(text, ctx, state, skills, tool, options.autoSkills) };
    },
    async afterToolCall(call, result, ctx) {
      if (call.tool !== tool || result.isError) return undefined;
      // A call with `query` (a search) loads nothing.
      const input = call.input as LoadInput;
      const skill = input.name === undefined ? undefined : skills.find((s) => s.name === input.name);
      if (!skill) return undefined;
      const replaced = await skillLoaded({
        ctx,
        skill,
        args: input.args ?? '',
        result,
        callId: call.id,
        userForced: forced(call.id),
        skillTool: tool,
        ...(options.agents !== undefined ? { agents: options.agents } : {}),
      });
      loadNotices.loaded(skill.name, ctx, discovery);
      return replaced ? { result: replaced } : undefined;
    },
    afterCompact(ctx) {
      const reattach = reattachedSkills(ctx.records(), ctx.messages(), tool.name);
      return reattach.length > 0 ? { reattach } : undefined;
    },
    afterTurn() {
      turn = undefined;
    },
  };

  return {
    hooks,
    tool,
    ruleEntry: SKILL_RULES,
    skills: () => skills,
    update(next) {
      skills = next.skills;
      discovery = next.discovery;
      if (next.note !== '') pendingNotes.push(next.note);
      sinceStart = next.sinceStart;
    },
    rebase() {
      pendingNotes = [];
      sinceStart = '';
      loadNotices.forgetSaid();
    },
  };
}
