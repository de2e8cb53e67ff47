/**
 * A `context: fork` skill's subagent, through the built `harness` REPL (stdin piped) against the
 * mock: its tool calls are drawn nested under the skill call, and its result line follows.
 */
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, start, writeSkill } from './test-support/cli.js';

afterEach(cleanup);

describe("a fork skill's subagent in the REPL", () => {
  it('its calls are nested lines under the skill call, then the skill result, then the answer', async () => {
    const box = makeSandbox();
    // A personal skill (no trust question): forks into the read-only explorer.
    writeSkill(
      join(box.home, '.agents', 'skills'),
      'survey',
      'name: survey\ndescription: Survey the repository.\ncontext: fork\nagent: Explore',
      'List the files in the work root.\n',
    );
    const server = await mock(
      new ScriptBuilder()
        .toolUse('skill', { name: 'survey' })
        .toolUse('glob', { pattern: '*' })
        .text('FINDINGS: nothing much')
        .text('The survey is done.')
        .build(),
    );
    const cli = start(['-C', box.work], { env: childEnv(box, server), stdin: 'survey the repo\n' });
    const res = await cli.exited;
    expect(res.code).toBe(0);
    const lines = res.stdout.split('\n');
    const at = (text: string): number => lines.findIndex((l) => l.includes(text));
    const order = ['● skill survey', '     ↳ glob *', '  ⎿  skill survey: subagent answered', 'The survey is done.'];
    const positions = order.map(at);
    expect(
      positions.every((p) => p >= 0),
      res.stdout,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(res.stdout.match(/● skill survey/g)).toHaveLength(1);
    expect(res.stderr).not.toContain('(subagent): glob');
  });
});
