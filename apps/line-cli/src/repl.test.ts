import * as fs from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import {
  body,
  childEnv,
  cleanup,
  makeSandbox,
  mock,
  requestsArrived,
  resultText,
  start,
  toolResults,
} from './test-support/cli.js';

afterEach(cleanup);

function projectSkill(work: string): void {
  fs.mkdirSync(join(work, '.agents', 'skills', 'demo-skill'), { recursive: true });
  fs.writeFileSync(
    join(work, '.agents', 'skills', 'demo-skill', 'SKILL.md'),
    '---\nname: demo-skill\ndescription: A demo project skill for tests.\n---\nDo the demo.\n',
  );
}

const PROMPT = '› ';

describe('interactive harness (stdin not a terminal)', () => {
  it('/skills lists a project skill, /demo-skil is unknown and sends nothing, /help mentions /skills', async () => {
    const box = makeSandbox();
    projectSkill(box.work);
    const server = await mock(new ScriptBuilder().text('never').build());
    const cli = start(['-C', box.work], { env: childEnv(box, server) });
    await cli.waitFor(PROMPT);
    cli.write('/skills\n');
    await cli.waitFor(/\/demo-skill\s+project\s+A demo project skill/);
    cli.write('/demo-skil do it\n');
    await cli.waitFor(
      '/demo-skil is not a command or skill, so nothing was sent to the model; did you mean /demo-skill?',
    );
    cli.write('/help\n');
    await cli.waitFor('/skills');
    cli.write('/exit\n');
    const res = await cli.exited;
    expect(res.code).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it('without skills, /skills says where it looked', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('never').build());
    const cli = start(['-C', box.work], { env: childEnv(box, server), stdin: '/skills\n' });
    const res = await cli.exited;
    expect(res.stdout).toContain(
      'no skills found in ~/.agents/skills, ~/.claude/skills or ./.agents/skills, ./.claude/skills',
    );
    expect(res.code).toBe(0);
  });

  it('shows the model in the prompt, streams text and tool lines with result summaries', async () => {
    const box = makeSandbox();
    fs.writeFileSync(join(box.work, 'a.txt'), 'one\ntwo\n');
    const server = await mock(
      new ScriptBuilder().toolUse('read_file', { path: 'a.txt' }, { text: 'Reading.' }).text('Two lines.').build(),
    );
    const cli = start(['-C', box.work, '--model', 'claude-haiku-5-5'], {
      env: childEnv(box, server),
      stdin: 'read a.txt\n',
    });
    const res = await cli.exited;
    expect(res.stdout).toContain('claude-haiku-5-5 › ');
    expect(res.stdout).toMatch(/Reading\.\n● read_file a\.txt\n {2}⎿ {2}.*a\.txt/);
    expect(res.stdout).toContain('Two lines.');
    expect(body(server.messageRequests()[0])).toMatchObject({ model: 'claude-haiku-5-5' });
  });

  it('approval: y runs the call once', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder().toolUse('bash', { command: 'printf approved-once' }).text('done').build(),
    );
    const cli = start(['-C', box.work, '--no-sandbox'], { env: childEnv(box, server) });
    await cli.waitFor(PROMPT);
    cli.write('run it\n');
    await cli.waitFor('Allow bash: printf approved-once? [y]es / [a]lways / [p]roject / [n]o (message)');
    cli.write('y\n');
    await cli.waitFor('done');
    cli.child.stdin.end();
    expect((await cli.exited).code).toBe(0);
    const result = toolResults(server.messageRequests()[1])[0]!;
    expect(result.is_error ?? false).toBe(false);
    expect(resultText(result)).toContain('approved-once');
  });

  it('approval: a allows the command for the session (asked once, listed by /allowed)', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder()
        .toolUse('bash', { command: 'printf again' })
        .text('first done')
        .toolUse('bash', { command: 'printf again' })
        .text('second done')
        .build(),
    );
    const cli = start(['-C', box.work, '--no-sandbox'], { env: childEnv(box, server) });
    await cli.waitFor(PROMPT);
    cli.write('first\n');
    await cli.waitFor('Allow bash: printf again?');
    cli.write('a\n');
    await cli.waitFor('first done');
    cli.write('second\n');
    await cli.waitFor('second done');
    cli.write('/allowed\n');
    await cli.waitFor('user answer');
    cli.child.stdin.end();
    const res = await cli.exited;
    expect(res.stdout.match(/Allow bash/g)).toHaveLength(1);
    expect(resultText(toolResults(server.messageRequests()[3]).at(-1)!)).toContain('again');
  });

  it('approval: n with a message denies and the model reads the message', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder().toolUse('bash', { command: 'rm -rf build' }).text('ok, leaving it').build(),
    );
    const cli = start(['-C', box.work, '--no-sandbox'], { env: childEnv(box, server) });
    await cli.waitFor(PROMPT);
    cli.write('clean up\n');
    await cli.waitFor('Allow bash: rm -rf build?');
    cli.write('n keep the build folder\n');
    await cli.waitFor('ok, leaving it');
    cli.child.stdin.end();
    await cli.exited;
    const result = toolResults(server.messageRequests()[1])[0]!;
    expect(result.is_error).toBe(true);
    expect(resultText(result)).toContain('keep the build folder');
  });

  it('Ctrl-C cancels the running turn, the prompt comes back and the next turn works', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder().fault({ kind: 'delay', ms: 15_000 }).text('too late').text('after the cancel').build(),
    );
    const cli = start(['-C', box.work], { env: childEnv(box, server) });
    await cli.waitFor(PROMPT);
    cli.write('slow one\n');
    await requestsArrived(server, 1);
    const mark = cli.stdout().length;
    cli.child.kill('SIGINT');
    await cli.waitFor('(cancelled)', { from: mark });
    await cli.waitFor(PROMPT, { from: mark });
    cli.write('next one\n');
    await cli.waitFor(/too late|after the cancel/, { from: mark });
    cli.child.stdin.end();
    const res = await cli.exited;
    expect(res.code).toBe(0);
    const last = body(server.messageRequests().at(-1));
    const roles = last.messages.map((m) => m.role);
    roles.forEach((role, i) => expect(role).toBe(i % 2 === 0 ? 'user' : 'assistant'));
    expect(JSON.stringify(last.messages.at(-1))).toContain('next one');
  });

  it('Ctrl-C twice at an empty prompt exits', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('never').build());
    const cli = start(['-C', box.work], { env: childEnv(box, server) });
    await cli.waitFor(PROMPT);
    cli.child.kill('SIGINT');
    await cli.waitFor('press Ctrl-C again');
    cli.child.kill('SIGINT');
    const res = await cli.exited;
    expect(res.code).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it('/clear starts a new conversation', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('first answer').text('second answer').build());
    const cli = start(['-C', box.work], { env: childEnv(box, server) });
    await cli.waitFor(PROMPT);
    cli.write('remember apples\n');
    await cli.waitFor('first answer');
    cli.write('/clear\n');
    await cli.waitFor('new conversation');
    cli.write('what did I say?\n');
    await cli.waitFor('second answer');
    cli.child.stdin.end();
    await cli.exited;
    const second = body(server.messageRequests()[1]);
    expect(second.messages).toHaveLength(1);
    expect(JSON.stringify(second.messages)).not.toContain('apples');
  });

  it('end of input (Ctrl-D) exits 0 after the running turn', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('answered before exit').build());
    const cli = start(['-C', box.work], { env: childEnv(box, server), stdin: 'question\n' });
    const res = await cli.exited;
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('answered before exit');
  });

  it('no colours and no spinner when output is not a terminal', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('plain text').build());
    const res = await start(['-C', box.work], { env: childEnv(box, server), stdin: 'hi\n' }).exited;
    expect(res.stdout).not.toMatch(/\x1b\[/);
  });
});
