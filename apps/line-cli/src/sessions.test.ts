import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, run } from './test-support/cli.js';

afterEach(cleanup);

describe('harness --continue / --resume', () => {
  it('--continue carries the last session of this work root into the next request', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('first answer').text('second answer').build());
    const env = childEnv(box, server);
    expect((await run(['-C', box.work, '-p', 'remember the word kumquat'], { env })).code).toBe(0);
    const second = await run(['-C', box.work, '--continue', '-p', 'which word?'], { env });
    expect(second.code).toBe(0);
    expect(second.stdout).toBe('second answer\n');
    const messages = JSON.stringify(body(server.messageRequests()[1]).messages);
    expect(messages).toContain('remember the word kumquat');
    expect(messages).toContain('first answer');
    expect(messages).toContain('which word?');
  });

  it('--continue resumes the good session of this work root beside malformed files of other work roots', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('first answer').text('second answer').build());
    const env = childEnv(box, server);
    expect((await run(['-C', box.work, '-p', 'remember the word kumquat'], { env })).code).toBe(0);
    const dir = join(box.state, 'coding-harness', 'sessions');
    const [good] = readdirSync(dir);
    // Files a crash, another version or a hand edit could leave, all newer than the good one.
    const bad: Record<string, string> = {
      'torn.jsonl':
        '{"type":"session","id":"torn","workroot":"/elsewhere","model":"m","createdAt":"2026-01-01T00:00:00Z"}\n{"type":"message"}\n{"type":"compaction"}\n{"ty',
      'noise.jsonl': '\u0000\u00ff not json at all\n',
      'empty.jsonl': '',
      'no-content.jsonl':
        '{"type":"session","id":"no-content","workroot":"/other","model":"m","createdAt":"2026-01-01T00:00:00Z"}\n{"type":"message","message":{"role":"user"}}\n',
      'wrong-id.jsonl': `{"type":"session","id":"../../escape","workroot":${JSON.stringify(box.root)},"model":"m","createdAt":"2026-01-01T00:00:00Z"}\n`,
    };
    for (const [name, text] of Object.entries(bad)) writeFileSync(join(dir, name), text);
    const later = new Date(Date.now() + 60_000);
    for (const name of Object.keys(bad)) utimesSync(join(dir, name), later, later);
    const second = await run(['-C', box.work, '--continue', '-p', 'which word?'], { env });
    expect(second.code).toBe(0);
    expect(second.stdout).toBe('second answer\n');
    expect(JSON.stringify(body(server.messageRequests()[1]).messages)).toContain('remember the word kumquat');
    expect(readdirSync(dir)).toContain(good);
  });

  it('--resume ID continues the session that --output-format json named', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('noted').text('resumed fine').build());
    const env = childEnv(box, server);
    const first = await run(['-C', box.work, '--output-format', 'json', '-p', 'the colour is teal'], { env });
    const id = (JSON.parse(first.stdout) as { session_id: string }).session_id;
    const second = await run(['-C', box.work, '--resume', id, '--output-format', 'json', '-p', 'which colour?'], {
      env,
    });
    expect(second.code).toBe(0);
    expect((JSON.parse(second.stdout) as { session_id: string }).session_id).toBe(id);
    const messages = JSON.stringify(body(server.messageRequests()[1]).messages);
    expect(messages).toContain('the colour is teal');
    expect(messages).toContain('noted');
  });

  it('a --resume id that names no session: exit 2, a message naming it, nothing sent', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('never').build());
    const res = await run(['-C', box.work, '--resume', 'no-such-session', '-p', 'hi'], { env: childEnv(box, server) });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--resume no-such-session');
    expect(res.stderr).toContain('could not resume');
    expect(res.stdout).toBe('');
    expect(server.messageRequests()).toHaveLength(0);
  });
});
