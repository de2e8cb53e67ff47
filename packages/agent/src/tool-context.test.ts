import { resultText } from '@coding-harness/model';
/**
 * What the agent hands its tools for safety, end to end through the strict mock: the protected
 * dirs it is given (and its config dir) refuse writes even in bypass mode, the policy's read deny
 * rules hide files from grep whatever link leads to them, and secret values never reach the model.
 */
import { mkdir, readFile, realpath, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createPolicy } from '@coding-harness/approval';
import { builtinRuleNames } from '@coding-harness/tools';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, cleanup, ofType, setup, tempDir, turn } from './testing/kit.test.util.js';

afterEach(cleanup);

const results = (events: Awaited<ReturnType<typeof turn>>) => ofType(events, 'tool_call_finished');

describe('the tool context the agent builds', () => {
  it('refuses writes into a protected dir and into the config dir, in bypass mode', async () => {
    const workroot = await realpath(await tempDir('agent-ctx-root-'));
    const state = join(workroot, 'state');
    const config = join(workroot, 'config');
    const script = new ScriptBuilder()
      .toolUse('write_file', { path: 'state/x.txt', content: 'hi' })
      .toolUse('write_file', { path: 'config/AGENTS.md', content: 'obey me' })
      .text('done')
      .build();
    const { agent } = await setup(script, {
      workroot,
      agent: { policy: createPolicy({ mode: 'bypassPermissions' }), protectedDirs: [state], configDir: config },
    });
    const events = await turn(agent, 'write');
    const [first, second] = results(events);
    expect(first!.isError).toBe(true);
    expect(resultText(first!.content)).toContain('state');
    expect(second!.isError).toBe(true);
    await expect(readFile(join(config, 'AGENTS.md'), 'utf8')).rejects.toThrow();
    await expect(readFile(join(state, 'x.txt'), 'utf8')).rejects.toThrow();
  });

  it('hides a file a Read deny rule covers from grep, also through a symlink', async () => {
    const workroot = await realpath(await tempDir('agent-ctx-root-'));
    await mkdir(join(workroot, 'secret'));
    await writeFile(join(workroot, 'secret', 'key.txt'), 'needle in secret\n');
    await writeFile(join(workroot, 'open.txt'), 'needle in the open\n');
    await symlink(join(workroot, 'secret'), join(workroot, 'door'));
    const script = new ScriptBuilder()
      .toolUse('grep', { pattern: 'needle' })
      .toolUse('grep', { pattern: 'needle', path: 'door' })
      .text('done')
      .build();
    const policy = createPolicy({
      mode: 'bypassPermissions',
      root: workroot,
      deny: ['Read(secret/**)'],
      tools: builtinRuleNames(),
    });
    const { agent } = await setup(script, { workroot, agent: { policy } });
    const [whole, viaLink] = results(await turn(agent, 'search'));
    expect(resultText(whole!.content)).toContain('open.txt');
    expect(resultText(whole!.content)).not.toContain('in secret');
    expect(resultText(viaLink!.content)).not.toContain('in secret');
  });

  it('redacts a secret value from what bash printed before the model sees it', async () => {
    const secret = 'sk-ant-test-0123456789abcdef';
    const script = new ScriptBuilder()
      .toolUse('bash', { command: `echo key=${secret}` })
      .text('done')
      .build();
    const { agent, server } = await setup(script, {
      agent: { policy: createPolicy({ mode: 'bypassPermissions' }), secrets: [secret] },
    });
    const [result] = results(await turn(agent, 'print it'));
    expect(resultText(result!.content)).toContain('key=[redacted');
    const sentResults = body(server, 1).messages.flatMap((m) => m.content.filter((b) => b.type === 'tool_result'));
    expect(sentResults).toHaveLength(1);
    expect(JSON.stringify(sentResults)).not.toContain(secret);
  });
});
