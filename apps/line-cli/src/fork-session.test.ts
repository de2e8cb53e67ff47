/**
 * `--fork-session` through the built `harness -p` against the mock: the resumed conversation is
 * copied into a new session, which this run continues; the original session file is untouched.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, run } from './test-support/cli.js';

afterEach(cleanup);

const ID = '3f2b7c1e-0a4d-4e8b-9c6f-1d2e3f4a5b6c';
const FORK = '9a8b7c6d-0a4d-4e8b-9c6f-1d2e3f4a5b6c';

describe('--fork-session', () => {
  it('with --resume: a new session id holding the copied conversation; the original is left as it was', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('first').text('second').text('third').build());
    const env = childEnv(box, server);
    const sessions = join(box.state, 'coding-harness', 'sessions');
    const one = await run(['-C', box.work, '-p', 'hi', '--session-id', ID], { env });
    expect(one.code, one.stderr).toBe(0);
    const original = readFileSync(join(sessions, `${ID}.jsonl`), 'utf8');
    const forked = await run(
      ['-C', box.work, '-p', 'again', '--resume', ID, '--fork-session', '--output-format', 'json'],
      {
        env,
      },
    );
    expect(forked.code, forked.stderr).toBe(0);
    const result = JSON.parse(forked.stdout) as { session_id: string; result: string };
    expect(result.result).toBe('second');
    expect(result.session_id).not.toBe(ID);
    // The model got the earlier conversation, then the new prompt.
    const sent = JSON.stringify(server.messageRequests()[1]?.body);
    expect(sent).toMatch(/"hi".*"first".*"again"/s);
    expect(readFileSync(join(sessions, `${ID}.jsonl`), 'utf8')).toBe(original);
    const copy = readFileSync(join(sessions, `${result.session_id}.jsonl`), 'utf8');
    expect(JSON.parse(copy.split('\n')[0]!)).toMatchObject({ type: 'session', id: result.session_id });
    expect(copy).toContain('again');
    // --continue with --session-id names the fork's id.
    const named = await run(
      ['-C', box.work, '-p', 'more', '--continue', '--fork-session', '--session-id', FORK, '--output-format', 'json'],
      { env },
    );
    expect(named.code, named.stderr).toBe(0);
    expect(JSON.parse(named.stdout).session_id).toBe(FORK);
  });

  it('without --resume or --continue it is a usage error naming them', async () => {
    const box = makeSandbox();
    const res = await run(['-C', box.work, '-p', 'hi', '--fork-session'], {
      env: childEnv(box, undefined, { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' }),
    });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--fork-session copies a resumed session: use it with --resume ID or --continue');
  });
});
