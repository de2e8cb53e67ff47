import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, run } from './test-support/cli.js';

afterEach(cleanup);

const refused = new ScriptBuilder()
  .turn({
    content: [{ type: 'text', text: 'I can help with part of' }],
    stopReason: 'refusal',
    refusal: { category: 'cyber', explanation: 'Exploit development.', recommended_model: 'claude-opus-5-5' },
  })
  .text('The answer, from the recommended model.');

describe('harness -p: a refusal that names a recommended model', () => {
  it('--refusal-retry sends the request once more on that model and the run succeeds', async () => {
    const box = makeSandbox();
    const server = await mock(refused.build());
    const res = await run(['-C', box.work, '-p', 'explain the exploit', '--refusal-retry'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('The answer, from the recommended model.');
    expect(res.stderr).toContain('retrying once on claude-opus-5-5');
    expect(body(server.messageRequests()[1]).messages).toHaveLength(1);
    expect((server.messageRequests()[1]!.body as { model: string }).model).toBe('claude-opus-5-5');
  });

  it('without it: exit 1, and stderr names the model and /model', async () => {
    const box = makeSandbox();
    const server = await mock(refused.build());
    const res = await run(['-C', box.work, '-p', 'explain the exploit', '--verbose'], { env: childEnv(box, server) });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      'the API recommends claude-opus-5-5 for this request: switch with /model claude-opus-5-5',
    );
    expect(server.messageRequests()).toHaveLength(1);
  });
});
