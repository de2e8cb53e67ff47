import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { MISSING_KEY_MESSAGE } from '@coding-harness/session';
import { afterEach, describe, expect, it } from 'vitest';
import {
  body,
  childEnv,
  cleanup,
  makeSandbox,
  mock,
  requestsArrived,
  resultText,
  run,
  start,
  toolResults,
} from './test-support/cli.js';

afterEach(cleanup);

describe('harness -p', () => {
  it('prints the final answer and exits 0', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('Hello from the mock.').build());
    const res = await run(['-C', box.work, '-p', 'hi'], { env: childEnv(box, server) });
    expect(res.stdout).toBe('Hello from the mock.\n');
    expect(res.code).toBe(0);
    expect(body(server.messageRequests()[0]).messages.at(-1)).toMatchObject({ role: 'user' });
  });

  it('reads the prompt from stdin when -p has none and stdin is not a terminal', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('got it').build());
    const res = await run(['-C', box.work, '-p'], {
      env: childEnv(box, server),
      stdin: 'summarise the task from stdin\n',
    });
    expect(res.code).toBe(0);
    expect(JSON.stringify(body(server.messageRequests()[0]).messages)).toContain('summarise the task from stdin');
  });

  it('without a key or base URL: exit 2, names ANTHROPIC_API_KEY and an offline server an npm user can run, sends nothing', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('never').build());
    const res = await run(['-C', box.work, '-p', 'hi'], { env: childEnv(box, undefined) });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('ANTHROPIC_API_KEY');
    expect(res.stderr).toContain('npx -p @coding-harness/mock-anthropic mock-anthropic');
    expect(res.stderr).not.toContain('pnpm');
    expect(res.stdout).toBe('');
    expect(server.requests).toHaveLength(0);
    // The REPL says the same, in the words harness-tui uses too (apps/blessed-tui's cli test).
    const repl = await run(['-C', box.work], { env: childEnv(box, undefined) });
    expect(repl.code).toBe(2);
    expect(repl.stderr).toBe(`harness: ${MISSING_KEY_MESSAGE}\n`);
  });

  it('bad usage exits 2 with a message naming the flag or value', async () => {
    const box = makeSandbox();
    const env = childEnv(box, undefined, { ANTHROPIC_API_KEY: 'sk-test-not-real' });
    const unknown = await run(['--frobnicate', '-p', 'hi'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--frobnicate');
    const format = await run(['-p', 'hi', '--output-format', 'yaml'], { env });
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('--output-format');
    const dir = await run(['-C', join(box.root, 'missing'), '-p', 'hi'], { env });
    expect(dir.code).toBe(2);
    expect(dir.stderr).toContain('missing');
  });

  it('exits 1 when the API fails (a client error is not retried)', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('unused').build());
    const res = await run(['-C', box.work, '-p', 'hi'], {
      env: childEnv(box, undefined, { ANTHROPIC_BASE_URL: `${server.url}/no-such-prefix` }),
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/error/i);
  });

  it('exits 130 when interrupted mid-turn', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().fault({ kind: 'delay', ms: 15_000 }).text('too late').build());
    const cli = start(['-C', box.work, '-p', 'wait for it'], { env: childEnv(box, server), stdin: '' });
    await requestsArrived(server, 1);
    cli.child.kill('SIGINT');
    const res = await cli.exited;
    expect(res.code).toBe(130);
    expect(res.stdout).not.toContain('too late');
  });

  it('denies a tool that needs approval and says which flag would allow it (stderr and the model)', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder().toolUse('bash', { command: 'npm test' }).text('I could not run the tests.').build(),
    );
    const res = await run(['-C', box.work, '-p', 'run the tests', '--no-sandbox'], { env: childEnv(box, server) });
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('--allowed-tools');
    expect(res.stderr).toContain('npm test');
    const denial = toolResults(server.messageRequests()[1])[0]!;
    expect(denial.is_error).toBe(true);
    expect(resultText(denial)).toContain('--allowed-tools');
    expect(res.stdout).toBe('I could not run the tests.\n');
  });

  it('runs a tool the flags allow', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder().toolUse('bash', { command: 'echo allowed-by-flag' }).text('ran it').build(),
    );
    const res = await run(['-C', box.work, '-p', 'run it', '--allowed-tools', 'Bash(echo:*)'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(0);
    expect(resultText(toolResults(server.messageRequests()[1])[0]!)).toContain('allowed-by-flag');
  });

  it("--output-format events prints every agent event as one JSON line (the harness's own stream)", async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('streamed answer').build());
    const res = await run(['-C', box.work, '-p', 'hi', '--output-format', 'events'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(0);
    const events = res.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; text?: string });
    expect(events[0]!.type).toBe('turn_start');
    expect(events.at(-1)!.type).toBe('turn_end');
    expect(
      events
        .filter((e) => e.type === 'text_delta')
        .map((e) => e.text)
        .join(''),
    ).toBe('streamed answer');
    expect(events.some((e) => e.type === 'usage')).toBe(true);
  });

  it('--verbose text mode closes with a usage line on stderr, the cost rounded for reading', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('short answer').build());
    const res = await run(['-C', box.work, '-p', 'hi', '--verbose'], { env: childEnv(box, server) });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('short answer\n');
    expect(res.stderr).toMatch(/tokens in [\d,]+ \(\d+% cache read\) · out [\d,]+ · ~\$\d+\.\d{4}\n$/);
  });

  it('a slash typo in -p is a usage error and nothing is sent', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('never').build());
    const res = await run(['-C', box.work, '-p', '/no-such-skill now'], { env: childEnv(box, server) });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('/no-such-skill');
    expect(server.requests).toHaveLength(0);
  });

  it('keeps large output whole through a pipe', async () => {
    const box = makeSandbox();
    const big = 'x'.repeat(300_000);
    const server = await mock(new ScriptBuilder().text(big).build());
    const res = await run(['-C', box.work, '-p', 'big'], { env: childEnv(box, server) });
    expect(res.code).toBe(0);
    expect(res.stdout.length).toBe(big.length + 1);
  });

  it('--version matches package.json', async () => {
    const box = makeSandbox();
    const res = await run(['--version'], { env: childEnv(box, undefined) });
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(res.stdout.trim()).toBe(`harness ${pkg.version}`);
  });
});
