import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, run } from './test-support/cli.js';

afterEach(cleanup);

describe('harness -p: a nearly full context', () => {
  it('is compacted by the API (on-demand compaction), and the session goes on, with and after --continue', async () => {
    const box = makeSandbox();
    writeFileSync(join(box.work, 'a.txt'), 'alpha\n');
    const think = (thinking: string) => ({ type: 'thinking' as const, thinking });
    const server = await mock(
      new ScriptBuilder()
        .turn({
          content: [think('Read a first.'), { type: 'tool_use', name: 'read_file', input: { path: 'a.txt' } }],
          // The reply says the context holds 900,000 tokens: over 0.8 of the 1M window.
          usage: { input_tokens: 900_000 },
        })
        .turn({ content: [think('Now answer.'), { type: 'text', text: 'a.txt says alpha.' }] })
        .turn({ content: [think('Resumed.'), { type: 'text', text: 'Still here.' }] })
        .build(),
    );
    const res = await run(['-C', box.work, '-p', 'read a.txt', '--verbose'], { env: childEnv(box, server) });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('a.txt says alpha.\n');
    expect(res.stderr).toMatch(/compacted the conversation: 90\d,\d{3} -> [\d,]+ tokens/);
    const requests = server.messageRequests();
    expect(requests.map((r) => r.rejected)).toEqual(requests.map(() => undefined));
    const asked = requests.findIndex((r) => (r.body as { compaction?: unknown }).compaction !== undefined);
    expect(asked).toBe(1);
    expect(requests[asked]!.headers['anthropic-beta']).toBe('compact-2026-09-04');
    const after = body(requests[asked + 1]).messages;
    expect((after[0]!.content as { type: string }[]).map((b) => b.type)).toEqual([
      'compaction',
      'thinking',
      'tool_use',
    ]);
    const again = await run(['-C', box.work, '-p', 'still there?', '-c'], { env: childEnv(box, server) });
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('Still here.\n');
    expect(body(server.messageRequests().at(-1)).messages[0]!.content[0]).toMatchObject({ type: 'compaction' });
    expect(server.messageRequests().filter((r) => r.rejected)).toEqual([]);
  });
});
