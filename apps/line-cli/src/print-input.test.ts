import { spawn } from 'node:child_process';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { UsageError } from '@coding-harness/session';
import { afterEach, describe, expect, it } from 'vitest';
import { combinePrompt, parseUserLine, STDIN_TIMEOUT_NOTE } from './print-input.js';
import { BIN, body, childEnv, cleanup, makeSandbox, mock, run, start } from './test-support/cli.js';

afterEach(cleanup);

function userText(request: Parameters<typeof body>[0]): string {
  const last = body(request).messages.at(-1)!;
  return typeof last.content === 'string'
    ? last.content
    : last.content.map((b) => (typeof b.text === 'string' ? b.text : '')).join('');
}

describe('what -p sends', () => {
  it('piped stdin and a prompt both reach the model: the prompt, a newline, then the piped text', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('summary').build());
    const res = await run(['-C', box.work, '-p', 'summarize this'], {
      env: childEnv(box, server),
      stdin: 'line one of the file\nline two of the file\n',
    });
    expect(res.code).toBe(0);
    expect(userText(server.messageRequests()[0])).toBe('summarize this\nline one of the file\nline two of the file');
  });

  it('a prompt with a stdin that stays silent goes alone after the wait, and says so on stderr', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('answered').build());
    // stdin is a pipe nobody writes to or closes (a CI step that inherits an open stdin).
    const cli = start(['-C', box.work, '-p', 'just the prompt'], { env: childEnv(box, server) });
    const res = await cli.exited;
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('answered\n');
    expect(res.stderr).toContain(STDIN_TIMEOUT_NOTE);
    expect(userText(server.messageRequests()[0])).toBe('just the prompt');
  });

  it('an empty stdin and an empty prompt: exit 2, nothing sent', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('never').build());
    const res = await run(['-C', box.work, '-p'], { env: childEnv(box, server), stdin: '  \n' });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('empty prompt');
    expect(server.requests).toHaveLength(0);
  });
});

describe('a closed stdout', () => {
  it('harness -p ... | head -3 ends the run quietly: no EPIPE, no stack, status 141', async () => {
    const box = makeSandbox();
    const long = Array.from({ length: 20_000 }, (_, i) => `line ${i}`).join('\n');
    const server = await mock(new ScriptBuilder().text(long).build());
    const script = `"${process.execPath}" "${BIN}" -C "${box.work}" -p hi | head -3; echo "harness=\${PIPESTATUS[0]}" >&2`;
    const child = spawn('bash', ['-c', script], { env: childEnv(box, server), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve)).finally(() =>
      child.kill('SIGKILL'),
    );
    expect(code).toBe(0);
    expect(out).toBe('line 0\nline 1\nline 2\n');
    expect(err.trim()).toBe('harness=141');
  });
});

describe('combinePrompt', () => {
  it('puts the piped text after the prompt on a new line; either alone is sent as it is', () => {
    expect(combinePrompt('explain', '  error: boom\n')).toBe('explain\nerror: boom');
    expect(combinePrompt(undefined, 'task from stdin\n')).toBe('task from stdin');
    expect(combinePrompt('just this', '\n')).toBe('just this');
    expect(combinePrompt('  ', '')).toBe('');
  });
});

describe('parseUserLine (--input-format stream-json)', () => {
  it("reads Claude Code's user message with string or text-block content", () => {
    expect(parseUserLine('{"type":"user","message":{"role":"user","content":"hi"}}', 1)).toBe('hi');
    expect(
      parseUserLine(
        '{"type":"user","message":{"role":"user","content":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}}',
        1,
      ),
    ).toBe('a\nb');
  });

  it('names the line of anything else', () => {
    for (const line of [
      'nope',
      '{"type":"assistant","message":{"role":"assistant","content":"x"}}',
      '{"type":"user","message":{"role":"user","content":[{"type":"image"}]}}',
      '{"type":"user","message":{"role":"user","content":3}}',
    ]) {
      const parsed = parseUserLine(line, 7);
      expect(parsed).toBeInstanceOf(UsageError);
      expect((parsed as UsageError).message).toContain('line 7');
    }
  });
});
