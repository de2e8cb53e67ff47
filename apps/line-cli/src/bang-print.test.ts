/**
 * `!command` through the built `harness` against the strict mock: with `-p` the command's stdout
 * is the run's stdout and its stderr goes to stderr, no model request, exit 0 when it succeeded
 * and 1 (with a line saying how it ended) when not; in the REPL the transcript the model sees
 * holds stdout and stderr apart, as Claude Code's `<bash-stdout>` / `<bash-stderr>`.
 */
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { body, childEnv, cleanup, makeSandbox, mock, run, start } from './test-support/cli.js';

afterEach(cleanup);

describe("harness -p '!command'", () => {
  it('prints the output on stdout and stderr, asks no model, exits 0', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().build());
    const res = await run(['-C', box.work, '--no-sandbox', '-p', '!echo out-$((6*7)); echo warn >&2'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('out-42\n');
    expect(res.stderr).toContain('warn\n');
    expect(res.stderr).not.toContain('harness:');
    expect(server.messageRequests()).toHaveLength(0);
  });

  it('a command that fails exits 1 and says how it ended', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().build());
    const res = await run(['-C', box.work, '--no-sandbox', '-p', '!echo partial; exit 3'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('partial\n');
    expect(res.stderr).toContain('harness: the command did not succeed (exit 3)');
    expect(server.messageRequests()).toHaveLength(0);
  });

  it('--output-format json: the result is what the command printed; a failure is an error naming how it ended', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().build());
    const env = childEnv(box, server);
    const ok = await run(['-C', box.work, '--no-sandbox', '--output-format', 'json', '-p', '!echo listed'], { env });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({
      type: 'result',
      subtype: 'success',
      is_error: false,
      result: 'listed\n',
    });
    const bad = await run(['-C', box.work, '--no-sandbox', '--output-format', 'json', '-p', '!echo half; exit 5'], {
      env,
    });
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({
      is_error: true,
      result: 'half\n',
      errors: ['the command did not succeed (exit 5)'],
    });
  });

  it('a deny rule refuses it: nothing runs, exit 1', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().build());
    const res = await run(
      ['-C', box.work, '--no-sandbox', '--disallowed-tools', 'Bash(echo:*)', '-p', '!echo should-not-run'],
      { env: childEnv(box, server) },
    );
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain('the command did not succeed (denied)');
    const json = await run(
      [
        '-C',
        box.work,
        '--no-sandbox',
        '--disallowed-tools',
        'Bash(echo:*)',
        '--output-format',
        'json',
        '-p',
        '!echo no',
      ],
      { env: childEnv(box, server) },
    );
    expect(JSON.parse(json.stdout)).toMatchObject({ is_error: true, errors: ['the command did not succeed (denied)'] });
  });
});

describe('REPL !command: stdout and stderr apart in the transcript', () => {
  it('the next message carries each stream in its own tag, the exit line with stderr', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('seen').build());
    const cli = start(['-C', box.work], { env: childEnv(box, server) });
    await cli.waitFor('› ');
    cli.write('!echo to-out; echo to-err >&2; exit 4\n');
    await cli.waitFor('to-err');
    await cli.waitFor('› ', { from: cli.stdout().indexOf('to-err') });
    cli.write('and?\n');
    await cli.waitFor('seen');
    cli.write('/exit\n');
    expect((await cli.exited).code).toBe(0);
    const content = body(server.messageRequests()[0]).messages.at(-1)?.content as { text?: string }[];
    expect(content.map((part) => part.text)).toEqual([
      '<bash-input>echo to-out; echo to-err &gt;&amp;2; exit 4</bash-input>',
      '<bash-stdout>to-out</bash-stdout><bash-stderr>to-err\nExit code 4.</bash-stderr>',
      'and?',
    ]);
  });
});
