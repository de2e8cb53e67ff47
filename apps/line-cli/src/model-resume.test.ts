/**
 * `/model` and `/effort` in the REPL are saved in the session, so `--continue` goes on with them;
 * a `--model` given for the resumed run wins. The built `harness` against the mock.
 */
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, run, start } from './test-support/cli.js';

afterEach(cleanup);

describe('a switched model across --continue', () => {
  it('--continue resumes with the last /model and /effort (said on stderr); --model for the run wins', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('first answer').text('second').text('third').build());
    const env = childEnv(box, server);
    const repl = start(['-C', box.work], { env, stdin: 'hello\n/model claude-opus-5-5\n/effort low\n' });
    expect((await repl.exited).code).toBe(0);

    const resumed = await run(['-C', box.work, '--continue', '-p', 'again'], { env });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('resumes with claude-opus-5-5 (effort low), as last set in it');
    const bodies = server.messageRequests().map((r) => r.body as { model: string; output_config?: unknown });
    expect(bodies.map((b) => b.model)).toEqual(['claude-sonnet-5-5', 'claude-opus-5-5']);
    expect(bodies[1]?.output_config).toEqual({ effort: 'low' });

    const named = await run(['-C', box.work, '--continue', '--model', 'claude-sonnet-5-5', '-p', 'once more'], {
      env,
    });
    expect(named.code).toBe(0);
    expect(named.stderr).toContain('was last using claude-opus-5-5 and resumes with claude-sonnet-5-5');
    expect((server.messageRequests()[2]?.body as { model: string }).model).toBe('claude-sonnet-5-5');
  });
});
