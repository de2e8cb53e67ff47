/**
 * The session commands through the built `harness` REPL (stdin piped, not a terminal), against
 * the mock: what the model receives is what the commands changed.
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, start } from './test-support/cli.js';

afterEach(cleanup);

describe('harness REPL: the session commands', () => {
  it('/model switches the model of the next request, and the prompt shows it', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('first answer').text('second answer').build());
    const cli = start(['-C', box.work], { env: childEnv(box, server) });
    await cli.waitFor('claude-sonnet-5-5 › ');
    cli.write('hello\n');
    await cli.waitFor('first answer');
    cli.write('/model claude-opus-5-5\n');
    await cli.waitFor('model: claude-opus-5-5 from the next request (was claude-sonnet-5-5)');
    await cli.waitFor('claude-opus-5-5 › ');
    cli.write('again\n');
    await cli.waitFor('second answer');
    cli.write('/exit\n');
    const res = await cli.exited;
    expect(res.code).toBe(0);
    const bodies = server.messageRequests().map((r) => body(r));
    expect(server.messageRequests().map((r) => (r.body as { model: string }).model)).toEqual([
      'claude-sonnet-5-5',
      'claude-opus-5-5',
    ]);
    // The same system prompt and tools: nothing already sent changed.
    expect(bodies[1]!.system).toEqual(bodies[0]!.system);
    expect(bodies[1]!.tools).toEqual(bodies[0]!.tools);
  });

  it('/model with an unknown id and /effort with a bad level are refused before any request', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('never').build());
    const cli = start(['-C', box.work], {
      env: childEnv(box, server),
      stdin: '/model claude-opus-55\n/effort huge\n/status\n',
    });
    const res = await cli.exited;
    expect(res.stdout).toContain('/model: unknown model claude-opus-55 (did you mean claude-opus-5-5?)');
    expect(res.stdout).toContain('/effort: unknown effort "huge"');
    expect(res.stdout).toMatch(/model {4}claude-sonnet-5-5 \(effort default/);
    expect(server.messageRequests()).toHaveLength(0);
  });

  it('/mode plan: the prompt shows the indicator and the next write is refused without a question', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder().toolUse('write_file', { path: 'new.txt', content: 'x' }).text('planned').build(),
    );
    const cli = start(['-C', box.work], { env: childEnv(box, server), stdin: '/mode plan\nwrite new.txt\n' });
    const res = await cli.exited;
    expect(res.stdout).toContain('⏸ plan mode ›');
    expect(res.stdout).not.toContain('Allow?');
    expect(fs.existsSync(join(box.work, 'new.txt'))).toBe(false);
    const second = JSON.stringify(body(server.messageRequests()[1]).messages.at(-1));
    expect(second).toContain('plan mode');
  });

  it('/permissions allow lets the next matching call run without a question', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder().toolUse('bash', { command: 'echo allowed-by-rule' }).text('ok').build(),
    );
    const cli = start(['-C', box.work], {
      env: childEnv(box, server),
      stdin: '/permissions allow Bash(echo:*)\nrun it\n',
    });
    const res = await cli.exited;
    expect(res.stdout).toContain('allow Bash(echo:*)  (session, /permissions)');
    const result = JSON.stringify(body(server.messageRequests()[1]).messages.at(-1));
    expect(result).toContain('allowed-by-rule');
  });

  it('with --no-skills, /word is still never sent to the model; a path is', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('about the path').build());
    const cli = start(['-C', box.work, '--no-skills'], {
      env: childEnv(box, server),
      stdin: '/stauts\n/usr/bin/env is missing\n',
    });
    const res = await cli.exited;
    expect(res.stdout).toContain(
      '/stauts is not a command (skills are off), so nothing was sent to the model; did you mean /status?',
    );
    expect(server.messageRequests()).toHaveLength(1);
    expect(JSON.stringify(body(server.messageRequests()[0]).messages)).toContain('/usr/bin/env is missing');
  });
});
