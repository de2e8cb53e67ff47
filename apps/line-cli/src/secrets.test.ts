import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock, resultText, run, toolResults } from './test-support/cli.js';

afterEach(cleanup);

const KEY = 'sk-ant-test-0123456789abcdefSECRET';

describe('credentials never reach the model through a tool', () => {
  it('a file holding the API key is read with the key redacted, in the request and on the terminal', async () => {
    const box = makeSandbox();
    writeFileSync(join(box.work, '.env'), `ANTHROPIC_API_KEY=${KEY}\nOTHER=1\n`);
    const server = await mock(new ScriptBuilder().toolUse('read_file', { path: '.env' }).text('read it').build());
    const res = await run(['-C', box.work, '-p', 'read .env', '--verbose'], {
      env: childEnv(box, server, { ANTHROPIC_API_KEY: KEY }),
    });
    expect(res.code).toBe(0);
    const result = toolResults(server.messageRequests()[1])[0]!;
    expect(resultText(result)).toContain('OTHER=1');
    expect(resultText(result)).not.toContain(KEY);
    expect(res.stderr + res.stdout).not.toContain(KEY);
  });
});
