import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, ofType, setup, turn, writeSkill } from './testing/kit.test.util.js';

afterEach(cleanup);

const lint = async (root: string): Promise<void> => {
  await writeSkill(root, 'lint-fix', 'Fix lint errors in the project.', 'Run the linter and fix what it reports.', [
    'allowed-tools: Bash(printf:*) Read',
  ]);
};

describe("a skill's allowed-tools", () => {
  it('a model-invoked skill grants only its read-kind rules: bash still asks, and the dropped rule is a notice naming the skill', async () => {
    const script = new ScriptBuilder()
      .toolUse('skill', { name: 'lint-fix' })
      .toolUse('bash', { command: 'printf fixed' })
      .text('done')
      .build();
    const { agent, ask } = await setup(script, { skills: lint });
    const events = await turn(agent, 'tidy up please');
    expect(ofType(events, 'tool_call_finished').map((e) => [e.name, e.isError])).toEqual([
      ['skill', false],
      ['bash', false],
    ]);
    expect(ask.questions.map((q) => q.tool)).toEqual(['bash']);
    const notices = ofType(events, 'notice').map((n) => n.message);
    const dropped = notices.filter(
      (m) => m.startsWith('skill lint-fix:') && m.includes('"Bash(printf:*)"') && m.includes('not granted'),
    );
    expect(dropped).toHaveLength(1);
  });

  it('the same skill forced by the user with /slug grants bash for the turn: no question', async () => {
    const script = new ScriptBuilder().toolUse('bash', { command: 'printf fixed' }).text('done').build();
    const { agent, ask } = await setup(script, { skills: lint });
    const events = await turn(agent, '/lint-fix');
    expect(ofType(events, 'tool_call_finished').map((e) => [e.name, e.isError])).toEqual([
      ['skill', false],
      ['bash', false],
    ]);
    expect(ask.questions).toEqual([]);
  });
});
