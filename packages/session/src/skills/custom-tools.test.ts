/** A library user's tool named in a skill's `allowed-tools`, with the skills plugin. */
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import type { Tool } from '@coding-harness/tools';
import { defineTool } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { cleanup, ofType, setup, turn, writeSkill } from './testing/kit.test.util.js';

afterEach(cleanup);

/** A library user's tool: the harness knows it only through what it declares. */
const calls: string[] = [];
const deployTool: Tool<{ target: string }> = defineTool({
  name: 'deploy',
  description: 'Deploys the project to a target.',
  kind: 'exec',
  ruleNames: ['Deploy'],
  pathFields: [],
  specifier: 'name',
  schema: z.object({ target: z.string() }),
  summarize: (input) => `deploy ${input.target}`,
  permission: (input) => ({ target: input.target }),
  execute: async (input) => {
    calls.push(input.target);
    return { content: [{ type: 'text', text: `deployed to ${input.target}` }], display: 'deployed', isError: false };
  },
});

describe('a tool the harness does not ship, granted by a skill', () => {
  it("a skill's allowed-tools naming the added tool grants it when the user forces the skill", async () => {
    calls.length = 0;
    const script = new ScriptBuilder().toolUse('deploy', { target: 'prod' }).text('shipped').build();
    const { agent, ask } = await setup(script, {
      registry: { rgPath: null, tools: [deployTool] },
      skills: (root) => writeSkill(root, 'ship', 'Ship the release.', 'Deploy to prod.', ['allowed-tools: Deploy']),
    });
    const events = await turn(agent, '/ship');
    expect(ask.questions).toEqual([]);
    expect(calls).toEqual(['prod']);
    expect(ofType(events, 'notice').filter((n) => n.message.startsWith('skill ship:'))).toEqual([]);
  });

  it("a skill's allowed-tools naming a tool the registry lacks is a notice naming the rule and the known tools", async () => {
    const script = new ScriptBuilder().text('ok').build();
    const { agent } = await setup(script, {
      registry: { rgPath: null },
      skills: (root) =>
        writeSkill(root, 'ship', 'Ship the release.', 'Deploy to prod.', ['allowed-tools: Deploy Read']),
    });
    const notices = ofType(await turn(agent, '/ship'), 'notice').map((n) => n.message);
    const unknown = notices.filter((m) => m.startsWith('skill ship:') && m.includes('unknown tool "Deploy"'));
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toContain('read_file (Read)');
  });
});
