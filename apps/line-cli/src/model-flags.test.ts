import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, run, start } from './test-support/cli.js';

afterEach(cleanup);

interface ApiBody {
  model: string;
  max_tokens: number;
  thinking?: { type: string; budget_tokens?: number };
  output_config?: { effort?: string };
}
const apiBody = (request: Parameters<typeof body>[0]): ApiBody => body(request) as unknown as ApiBody;

/** Flags the default model rejects, each with what the message must name. */
const REJECTED: { args: string[]; names: string[] }[] = [
  { args: ['--thinking', '4000'], names: ['claude-sonnet-5-5', 'adaptive', 'between_tools'] },
  { args: ['--thinking', '100'], names: ['--thinking', '1024'] },
  { args: ['--thinking', 'sometimes'], names: ['--thinking', 'adaptive, between_tools, off'] },
  { args: ['--thinking', 'off'], names: ['claude-sonnet-5-5', 'between_tools'] },
  {
    args: ['--thinking', 'between_tools', '--effort', 'max'],
    names: ['claude-sonnet-5-5', 'between_tools', 'low, medium, high'],
  },
  { args: ['--thinking', 'between_tools', '--model', 'claude-opus-5-5'], names: ['claude-opus-5-5', 'adaptive'] },
  { args: ['--max-tokens', '200000'], names: ['claude-sonnet-5-5', '128000'] },
  { args: ['--max-tokens', 'lots'], names: ['--max-tokens'] },
  { args: ['--effort', 'extreme'], names: ['--effort', 'low, medium, high, xhigh, max'] },
];

describe('--effort, --thinking and --max-tokens', () => {
  for (const mode of ['-p', 'repl'] as const) {
    for (const { args, names } of REJECTED) {
      it(`${mode} ${args.join(' ')}: exit 2 before any request, naming ${names.join(' / ')}`, async () => {
        const box = makeSandbox();
        const server = await mock(new ScriptBuilder().text('never').build());
        const argv = mode === '-p' ? ['-C', box.work, ...args, '-p', 'hi'] : ['-C', box.work, ...args];
        const res = await run(argv, { env: childEnv(box, server), stdin: 'hi\n' });
        expect(res.code).toBe(2);
        for (const name of names) expect(res.stderr).toContain(name);
        expect(server.requests).toHaveLength(0);
      });
    }
  }

  const ACCEPTED: { args: string[]; thinking: string; effort: string | undefined; maxTokens: number | undefined }[] = [
    {
      args: ['--effort', 'low', '--thinking', 'between_tools'],
      thinking: 'between_tools',
      effort: 'low',
      maxTokens: undefined,
    },
    {
      args: ['--effort', 'xhigh', '--thinking', 'adaptive', '--max-tokens', '64000'],
      thinking: 'adaptive',
      effort: 'xhigh',
      maxTokens: 64000,
    },
    { args: ['--effort', 'max'], thinking: 'adaptive', effort: 'max', maxTokens: undefined },
  ];
  const streamed = (stdout: string): string =>
    stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; text?: string })
      .filter((e) => e.type === 'text_delta')
      .map((e) => e.text)
      .join('');
  const MODES: {
    name: string;
    argv: (work: string) => string[];
    stdin?: string;
    answer: (stdout: string) => string;
  }[] = [
    { name: '-p text', argv: (w) => ['-C', w, '-p', 'hi'], answer: (o) => o },
    {
      name: '-p json',
      argv: (w) => ['-C', w, '-p', 'hi', '--output-format', 'json'],
      answer: (o) => (JSON.parse(o) as { result: string }).result,
    },
    {
      name: '-p stream-json',
      argv: (w) => ['-C', w, '-p', 'hi', '--output-format', 'stream-json'],
      answer: (o) => (JSON.parse(o.trim().split('\n').at(-1)!) as { result: string }).result,
    },
    { name: '-p events', argv: (w) => ['-C', w, '-p', 'hi', '--output-format', 'events'], answer: streamed },
    { name: 'REPL', argv: (w) => ['-C', w], stdin: 'hi\n', answer: (o) => o },
  ];
  for (const m of MODES) {
    for (const a of ACCEPTED) {
      it(`${m.name} ${a.args.join(' ')}: the strict mock accepts the request and it carries the settings`, async () => {
        const box = makeSandbox();
        const server = await mock(new ScriptBuilder().text('accepted answer').build());
        const res = await run([...m.argv(box.work), ...a.args], { env: childEnv(box, server), stdin: m.stdin ?? '' });
        expect(res.stderr).not.toMatch(/error/i);
        expect(res.code).toBe(0);
        expect(m.answer(res.stdout)).toContain('accepted answer');
        const sent = apiBody(server.messageRequests()[0]);
        expect(sent.model).toBe('claude-sonnet-5-5');
        expect(sent.thinking?.type).toBe(a.thinking);
        expect(sent.output_config?.effort).toBe(a.effort);
        if (a.maxTokens !== undefined) expect(sent.max_tokens).toBe(a.maxTokens);
        else expect(sent.max_tokens).toBeGreaterThanOrEqual(32_000);
      });
    }
  }
});

describe('--model takes the family aliases', () => {
  it('-p --model sonnet / opus and the REPL with ANTHROPIC_MODEL=haiku send the newest model of that family', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('from sonnet').text('from opus').text('from haiku').build());
    const sonnet = await run(['-C', box.work, '-p', 'hi', '--model', 'sonnet'], { env: childEnv(box, server) });
    expect(sonnet).toMatchObject({ code: 0, stdout: 'from sonnet\n' });
    const json = await run(['-C', box.work, '-p', 'hi', '--model', 'opus', '--output-format', 'json'], {
      env: childEnv(box, server),
    });
    expect(json.code).toBe(0);
    expect(Object.keys((JSON.parse(json.stdout) as { modelUsage: object }).modelUsage)).toEqual(['claude-opus-5-5']);
    const repl = await run(['-C', box.work], {
      env: childEnv(box, server, { ANTHROPIC_MODEL: 'haiku' }),
      stdin: 'hi\n',
    });
    expect(repl.code).toBe(0);
    expect(repl.stdout).toMatch(/^harness \S+ · claude-haiku-5-5 · /);
    expect(server.messageRequests().map((r) => apiBody(r).model)).toEqual([
      'claude-sonnet-5-5',
      'claude-opus-5-5',
      'claude-haiku-5-5',
    ]);
  });
});

describe('thinking is shown', () => {
  const script = (): ScriptBuilder =>
    new ScriptBuilder().turn({
      content: [
        { type: 'thinking', thinking: 'Weighing the two options.' },
        { type: 'text', text: 'The answer.' },
      ],
    });

  it('in the REPL, after ∴ and before the answer', async () => {
    const box = makeSandbox();
    const server = await mock(script().build());
    const res = await run(['-C', box.work], { env: childEnv(box, server), stdin: 'think\n' });
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/∴ Weighing the two options\.\nThe answer\./);
  });

  it('with -p --verbose on stderr; plain -p stdout holds only the answer', async () => {
    const box = makeSandbox();
    const server = await mock(script().build());
    const verbose = await run(['-C', box.work, '-p', 'think', '--verbose'], { env: childEnv(box, server) });
    expect(verbose.code).toBe(0);
    expect(verbose.stderr).toContain('∴ Weighing the two options.');
    expect(verbose.stdout).toBe('The answer.\n');
    const second = await mock(script().build());
    const plain = await run(['-C', box.work, '-p', 'think'], { env: childEnv(box, second) });
    expect(plain.stdout).toBe('The answer.\n');
    expect(plain.stderr).not.toContain('Weighing');
  });
});

describe('failures are failures', () => {
  const refusal = (): ScriptBuilder =>
    new ScriptBuilder().turn({
      content: [{ type: 'text', text: 'I can help with part of' }],
      stopReason: 'refusal',
      refusal: { category: 'cyber', explanation: 'This request looks like malware development.' },
    });

  it('-p: a refusal exits 1 and stderr names the category', async () => {
    const box = makeSandbox();
    const server = await mock(refusal().build());
    const res = await run(['-C', box.work, '-p', 'write me a worm'], { env: childEnv(box, server) });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('cyber');
    expect(res.stderr).toMatch(/refus/);
  });

  it('-p --output-format json: a refusal has is_error true, exit code 1 and the stop details', async () => {
    const box = makeSandbox();
    const server = await mock(refusal().build());
    const res = await run(['-C', box.work, '-p', 'write me a worm', '--output-format', 'json'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(1);
    const out = JSON.parse(res.stdout.trim()) as Record<string, unknown>;
    expect(out).toMatchObject({
      type: 'result',
      subtype: 'error_during_execution',
      stop_reason: 'refusal',
      is_error: true,
      stop_details: { category: 'cyber' },
    });
    expect(res.stderr).toContain('cyber');
  });

  it('the REPL says the model refused, naming the category, and the next turn still runs', async () => {
    const box = makeSandbox();
    const server = await mock(refusal().text('a fresh answer').build());
    const cli = start(['-C', box.work], { env: childEnv(box, server) });
    await cli.waitFor('› ');
    cli.write('write me a worm\n');
    await cli.waitFor('cyber', { stream: 'stderr' });
    cli.write('something else\n');
    await cli.waitFor('a fresh answer');
    cli.child.stdin.end();
    expect((await cli.exited).code).toBe(0);
  });

  it('-p against a local address where no server runs fails at once: exit 1, the URL named, no retries', async () => {
    const box = makeSandbox();
    const listener = createServer();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    await new Promise((resolve) => listener.close(resolve));
    const res = await run(['-C', box.work, '-p', 'hi'], {
      env: { ...childEnv(box, undefined), ANTHROPIC_BASE_URL: url },
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`could not connect to ${url}: connection refused`);
    expect(res.stderr).toContain('not retried');
    expect(res.stderr).not.toContain('retrying');
  });

  it('a retry shows a line with the wait on stderr, then the answer', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder().fault({ kind: 'rate_limit', retryAfterSeconds: 1 }).text('after the wait').build(),
    );
    const res = await run(['-C', box.work, '-p', 'hi'], { env: childEnv(box, server) });
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(/retrying in 1\.0s \(attempt 1\/\d+\)/);
    expect(res.stdout).toBe('after the wait\n');
  });
});
