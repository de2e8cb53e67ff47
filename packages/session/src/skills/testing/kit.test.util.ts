/**
 * The agent's test kit (`@coding-harness/agent/testing`) with the skills plugin wired in as the
 * session wires it: its hooks on the agent, its skill tool first in the tool set when there are
 * skills, its rule entry for rules that name the tool. Everything else (the mock server, temp
 * dirs, skills on disk, turns and their events) is the agent's kit, re-exported.
 */
import type { AgentOptions } from '@coding-harness/agent';
import { setup as agentSetup } from '@coding-harness/agent/testing';
import type { Setup as AgentSetup, SetupOptions } from '@coding-harness/agent/testing';
import type { Script, ScriptTurn } from '@coding-harness/mock-anthropic';
import { createSkillsPlugin } from '../plugin.js';
import type { SkillsPlugin, SkillsPluginOptions } from '../plugin.js';

export * from '@coding-harness/agent/testing';

export interface Setup extends AgentSetup {
  plugin: SkillsPlugin;
}

/** An agent with the skills plugin over the real SDK against a mock server running `script`, in a temp work root. */
export async function setup(
  script: Script | ScriptTurn[],
  opts: Omit<SetupOptions, 'agent' | 'extend'> & {
    /** Agent options, and the plugin's `autoSkills` (default true). */
    agent?: Partial<AgentOptions> & { autoSkills?: boolean };
    /** More options of the skills plugin (its usage file, its discovery pass). */
    plugin?: Omit<SkillsPluginOptions, 'skills' | 'autoSkills'>;
  } = {},
): Promise<Setup> {
  const { autoSkills, ...agentOptions } = opts.agent ?? {};
  const { plugin: pluginOptions, ...rest } = opts;
  let plugin: SkillsPlugin | undefined;
  const base = await agentSetup(script, {
    ...rest,
    agent: agentOptions,
    extend: (skills) => {
      plugin = createSkillsPlugin({ skills, ...pluginOptions, ...(autoSkills !== undefined ? { autoSkills } : {}) });
      return {
        tools: skills.length > 0 ? [plugin.tool] : [],
        ruleEntries: [plugin.ruleEntry],
        agent: { hooks: [plugin.hooks], skillTool: plugin.tool.name },
      };
    },
  });
  if (plugin === undefined) throw new Error('the agent kit did not call extend');
  return { ...base, plugin };
}
