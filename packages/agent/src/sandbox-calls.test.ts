import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { resultText } from '@coding-harness/model';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { createSandbox, sandboxOptions } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, ofType, setup, tempDir, turn } from './testing/kit.test.util.js';

afterEach(cleanup);

describe('bash calls with the sandbox on (real bwrap)', () => {
  it('a sandboxed command runs without a question; one asking to leave the sandbox is asked about and runs outside', async () => {
    const home = await tempDir('agent-sbx-home-');
    const workroot = await tempDir('agent-sbx-root-');
    const outside = await tempDir('agent-sbx-out-');
    const sandbox = createSandbox(sandboxOptions({ root: workroot, home }));
    const script = new ScriptBuilder()
      .toolUse('bash', { command: `touch made.txt; touch ${outside}/inside-try.txt` })
      .toolUse('bash', { command: `touch ${outside}/outside.txt`, dangerouslyDisableSandbox: true })
      .text('done')
      .build();
    const { agent, ask } = await setup(script, { workroot, agent: { sandbox } });
    const events = await turn(agent, 'go');
    await sandbox.close();
    expect(ask.questions).toHaveLength(1);
    // Asked, and "always" would store nothing: no rule could say "outside the sandbox" and stay narrow.
    expect(ask.questions[0]).toMatchObject({ tool: 'bash', alwaysRule: '' });
    expect(ask.questions[0]?.summary).toContain('(asks to run outside the sandbox)');
    expect(existsSync(join(workroot, 'made.txt'))).toBe(true);
    expect(existsSync(join(outside, 'inside-try.txt'))).toBe(false);
    expect(existsSync(join(outside, 'outside.txt'))).toBe(true);
    const first = ofType(events, 'tool_call_finished')[0];
    // /tmp inside the sandbox is its own: the host's temp folders are not even there.
    expect(resultText(first?.content ?? [])).toMatch(/cannot touch/);
  });
});
