/**
 * `harness --acp` end to end: the BUILT bin as a child process, the real mock server as the
 * model, and the ACP SDK's own client side as the editor (its `client()` app over the child's
 * stdin and stdout). No fixed sleeps: every wait is a condition with a generous limit.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import type { ClientConnection, RequestPermissionRequest, SessionNotification } from '@agentclientprotocol/sdk';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import type { MockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BIN,
  childEnv,
  cleanup,
  makeSandbox,
  mock,
  requestsArrived,
  resultText,
  toolResults,
  writeSkill,
} from '../test-support/cli.js';
import type { Sandbox } from '../test-support/cli.js';

const LIMIT_MS = 30_000;
const children = new Set<ChildProcessWithoutNullStreams>();
afterEach(async () => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  await cleanup();
});

/** Resolves once `test()` holds, polling; fails naming `what` after `LIMIT_MS`. */
async function until(test: () => boolean, what: string): Promise<void> {
  const end = Date.now() + LIMIT_MS;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

type Choice = 'allow_once' | 'allow_always' | 'reject_once' | 'cancel';

/** An editor: the SDK's client app over a spawned `harness --acp`, recording what the agent sent. */
interface Editor {
  conn: ClientConnection;
  child: ChildProcessWithoutNullStreams;
  updates: SessionNotification[];
  permissions: RequestPermissionRequest[];
  reads: string[];
  writes: { path: string; content: string }[];
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startEditor(
  box: Sandbox,
  server: MockServer,
  opts: { choices?: Choice[]; files?: Record<string, string>; args?: string[]; noCredentials?: boolean } = {},
): Editor {
  const child = spawn(process.execPath, [BIN, '--acp', '--no-auto-skills', ...(opts.args ?? [])], {
    env: childEnv(box, opts.noCredentials ? undefined : server),
    cwd: box.home,
    stdio: 'pipe',
  });
  children.add(child);
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  // The agent's stdout, kept whole (it must hold protocol lines only) and fed to the client.
  const input = new ReadableStream<Uint8Array>({
    start(controller) {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        controller.enqueue(new Uint8Array(d));
      });
      child.stdout.on('end', () => controller.close());
    },
  });
  const updates: SessionNotification[] = [];
  const permissions: RequestPermissionRequest[] = [];
  const reads: string[] = [];
  const writes: { path: string; content: string }[] = [];
  const choices = [...(opts.choices ?? [])];
  const files = opts.files;
  const app = acp
    .client({ name: 'test-editor' })
    .onNotification('session/update', ({ params }) => void updates.push(params))
    .onRequest('session/request_permission', ({ params }) => {
      permissions.push(params);
      const choice = choices.shift() ?? 'reject_once';
      return choice === 'cancel'
        ? { outcome: { outcome: 'cancelled' } }
        : { outcome: { outcome: 'selected', optionId: choice } };
    })
    .onRequest('fs/read_text_file', ({ params }) => {
      reads.push(params.path);
      const text = files?.[params.path];
      if (text === undefined) throw acp.RequestError.resourceNotFound(params.path);
      return { content: text };
    })
    .onRequest('fs/write_text_file', ({ params }) => {
      // An editor that keeps the change in its buffer, unsaved.
      writes.push({ path: params.path, content: params.content });
      if (files) files[params.path] = params.content;
      return {};
    });
  const conn = app.connect(acp.ndJsonStream(Writable.toWeb(child.stdin) as WritableStream<Uint8Array>, input));
  return { conn, child, updates, permissions, reads, writes, stdout: () => out, stderr: () => err, exited };
}

async function initialize(editor: Editor, fs = false) {
  return editor.conn.agent.request('initialize', {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: fs ? { fs: { readTextFile: true, writeTextFile: true } } : {},
  });
}

const textOf = (editor: Editor, sessionId: string, kind: string): string =>
  editor.updates
    .filter((n) => n.sessionId === sessionId && n.update.sessionUpdate === kind)
    .map((n) => {
      const u = n.update as { content: { type: string; text?: string } };
      return u.content.text ?? '';
    })
    .join('');

const updatesOf = <K extends SessionNotification['update']['sessionUpdate']>(editor: Editor, kind: K) =>
  editor.updates
    .map((n) => n.update)
    .filter((u): u is Extract<SessionNotification['update'], { sessionUpdate: K }> => u.sessionUpdate === kind);

describe('harness --acp with the SDK client as the editor', () => {
  it('initializes, opens a session, lists the commands and skills, streams an answer in chunks; stdout is protocol only', async () => {
    const box = makeSandbox();
    writeSkill(join(box.work, '.agents/skills'), 'deploy', 'name: deploy\ndescription: Ship it', 'Deploy.');
    const server = await mock(new ScriptBuilder().text('Hello from the mock, streamed in several chunks.').build());
    const editor = startEditor(box, server);
    const init = await initialize(editor);
    expect(init).toMatchObject({
      protocolVersion: 1,
      agentCapabilities: {
        loadSession: true,
        promptCapabilities: { image: false, audio: false, embeddedContext: true },
      },
      agentInfo: { name: 'harness' },
    });
    const { sessionId } = await editor.conn.agent.request('session/new', { cwd: box.work, mcpServers: [] });
    expect(sessionId).toMatch(/^\d{4}-\d{2}-\d{2}T/); // the harness session id
    await until(() => updatesOf(editor, 'available_commands_update').length > 0, 'the command list');
    const names = updatesOf(editor, 'available_commands_update')[0]!.availableCommands.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['help', 'model', 'compact', 'status', 'deploy']));
    expect(names).not.toContain('exit');

    const reply = await editor.conn.agent.request('session/prompt', {
      sessionId,
      prompt: [{ type: 'text', text: 'hi' }],
    });
    expect(reply).toEqual({ stopReason: 'end_turn' });
    const chunks = updatesOf(editor, 'agent_message_chunk');
    expect(chunks.length).toBeGreaterThan(1);
    expect(textOf(editor, sessionId, 'agent_message_chunk')).toBe('Hello from the mock, streamed in several chunks.');
    // An editor session is interactive: the system prompt and the tools get the 1-hour TTL.
    const sent = server.messageRequests()[0]!.body as {
      system: { cache_control?: unknown }[];
      tools: { cache_control?: unknown }[];
    };
    expect(sent.system.at(-1)!.cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });
    expect(sent.tools.at(-1)!.cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });

    // A built-in command is answered by the session itself, as text; nothing goes to the model.
    const requests = server.messageRequests().length;
    expect(
      await editor.conn.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: '/model' }] }),
    ).toEqual({ stopReason: 'end_turn' });
    expect(textOf(editor, sessionId, 'agent_message_chunk')).toContain('model: claude-sonnet-5-5');
    // An image cannot be taken yet: the prompt is refused with the reason, nothing is sent.
    await expect(
      editor.conn.agent.request('session/prompt', {
        sessionId,
        prompt: [
          { type: 'text', text: 'what is this?' },
          { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
        ],
      }),
    ).rejects.toThrow(/image \(image\/png\).*text only|text and text resources only/);
    expect(server.messageRequests().length).toBe(requests);

    editor.child.stdin.end();
    expect(await editor.exited).toEqual({ code: 0, signal: null });
    for (const line of editor
      .stdout()
      .split('\n')
      .filter((l) => l !== ''))
      expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
  }, 60_000);

  it('asks through session/request_permission: one call allowed once, one rejected; edits come as diffs', async () => {
    const box = makeSandbox();
    const server = await mock(
      new ScriptBuilder()
        .toolUse('write_file', { path: 'yes.txt', content: 'yes\n' })
        .text('wrote it')
        .toolUse('write_file', { path: 'no.txt', content: 'no\n' })
        .text('did not')
        .build(),
    );
    const editor = startEditor(box, server, { choices: ['allow_once', 'reject_once'] });
    await initialize(editor);
    const { sessionId } = await editor.conn.agent.request('session/new', { cwd: box.work, mcpServers: [] });
    const prompt = (text: string) =>
      editor.conn.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
    expect(await prompt('write yes')).toEqual({ stopReason: 'end_turn' });
    expect(await prompt('write no')).toEqual({ stopReason: 'end_turn' });

    expect(readFileSync(join(box.work, 'yes.txt'), 'utf8')).toBe('yes\n');
    expect(existsSync(join(box.work, 'no.txt'))).toBe(false);
    expect(editor.permissions).toHaveLength(2);
    const first = editor.permissions[0]!;
    expect(first.toolCall).toMatchObject({
      title: 'write_file yes.txt',
      locations: [{ path: join(box.work, 'yes.txt') }],
    });
    expect(first.toolCall.content).toEqual([
      { type: 'diff', path: join(box.work, 'yes.txt'), oldText: null, newText: 'yes\n' },
    ]);
    expect(first.options.map((o) => o.kind)).toEqual(['allow_once', 'allow_always', 'allow_always', 'reject_once']);
    expect(first.options[1]!.name).toMatch(/^Always allow .+ in this session$/);

    const calls = updatesOf(editor, 'tool_call');
    expect(calls.map((c) => [c.title, c.kind, c.status])).toEqual([
      ['write_file yes.txt', 'edit', 'pending'],
      ['write_file no.txt', 'edit', 'pending'],
    ]);
    const ends = updatesOf(editor, 'tool_call_update').filter((u) => u.status === 'completed' || u.status === 'failed');
    expect(ends.map((u) => [u.toolCallId, u.status])).toEqual([
      [calls[0]!.toolCallId, 'completed'],
      [calls[1]!.toolCallId, 'failed'],
    ]);
    expect(ends[0]!.content).toEqual([
      { type: 'diff', path: join(box.work, 'yes.txt'), oldText: null, newText: 'yes\n' },
    ]);
    const denied = toolResults(server.messageRequests()[3]).at(-1)!;
    expect(denied.is_error).toBe(true);
  }, 60_000);

  it('session/cancel during a running command: the turn ends cancelled and the command is killed', async () => {
    const box = makeSandbox();
    const pidFile = join(box.root, 'pid');
    const never = join(box.root, 'never-appears');
    const server = await mock(
      new ScriptBuilder()
        .toolUse('bash', { command: `echo $$ > ${pidFile}; echo waiting; while [ ! -e ${never} ]; do sleep 0.1; done` })
        .text('unreachable')
        .build(),
    );
    // The command's host pid is checked from here: without the sandbox (inside it, its PID namespace ends it).
    const editor = startEditor(box, server, { choices: ['allow_once'], args: ['--no-sandbox'] });
    await initialize(editor);
    const { sessionId } = await editor.conn.agent.request('session/new', { cwd: box.work, mcpServers: [] });
    const reply = editor.conn.agent.request('session/prompt', {
      sessionId,
      prompt: [{ type: 'text', text: 'wait for the file' }],
    });
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '', 'the command to start');
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    // Its live output reaches the editor while it runs.
    await until(
      () => updatesOf(editor, 'tool_call_update').some((u) => JSON.stringify(u.content ?? []).includes('waiting')),
      'the live output',
    );
    await editor.conn.agent.notify('session/cancel', { sessionId });
    expect(await reply).toEqual({ stopReason: 'cancelled' });
    const alive = (): boolean => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await until(() => !alive(), `the command (pid ${pid}) to be gone`);
    expect(existsSync(never)).toBe(false);
  }, 60_000);

  it("reads and writes files through the editor's fs methods; a later process loads the session and replays it", async () => {
    const box = makeSandbox();
    writeFileSync(join(box.work, 'notes.txt'), 'DISK TEXT\n');
    const server = await mock(
      new ScriptBuilder()
        .toolUse('read_file', { path: 'notes.txt' })
        .toolUse('edit_file', { path: 'notes.txt', old_string: 'UNSAVED', new_string: 'EDITED' })
        .text('I read and edited your notes.')
        .build(),
    );
    const notes = join(box.work, 'notes.txt');
    const first = startEditor(box, server, {
      files: { [notes]: 'UNSAVED EDITOR TEXT\n' },
      choices: ['allow_once'],
    });
    await initialize(first, true);
    const { sessionId } = await first.conn.agent.request('session/new', { cwd: box.work, mcpServers: [] });
    expect(
      await first.conn.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'read notes' }] }),
    ).toEqual({ stopReason: 'end_turn' });
    expect(first.reads[0]).toBe(notes);
    const result = resultText(toolResults(server.messageRequests()[1])[0]!);
    expect(result).toContain('UNSAVED EDITOR TEXT');
    expect(result).not.toContain('DISK TEXT');
    // The edit applied to the editor's text and went back through it; the disk is as it was.
    expect(first.writes).toEqual([{ path: notes, content: 'EDITED EDITOR TEXT\n' }]);
    expect(readFileSync(notes, 'utf8')).toBe('DISK TEXT\n');
    expect(first.permissions[0]!.toolCall.content).toEqual([
      { type: 'diff', path: notes, oldText: 'UNSAVED EDITOR TEXT\n', newText: 'EDITED EDITOR TEXT\n' },
    ]);
    first.child.stdin.end();
    expect((await first.exited).code).toBe(0);

    const second = startEditor(box, server);
    await initialize(second);
    await second.conn.agent.request('session/load', { sessionId, cwd: box.work, mcpServers: [] });
    // Everything replayed was sent before the load's response.
    const replayed = second.updates.map((n) => n.update.sessionUpdate);
    expect(replayed.slice(0, 6)).toEqual([
      'user_message_chunk',
      'tool_call',
      'tool_call_update',
      'tool_call',
      'tool_call_update',
      'agent_message_chunk',
    ]);
    expect(textOf(second, sessionId, 'user_message_chunk')).toBe('read notes');
    expect(textOf(second, sessionId, 'agent_message_chunk')).toBe('I read and edited your notes.');
    expect(updatesOf(second, 'tool_call')[0]).toMatchObject({ title: 'read_file notes.txt', kind: 'read' });
    expect(updatesOf(second, 'tool_call')[1]).toMatchObject({ title: 'edit_file notes.txt', kind: 'edit' });
    expect(updatesOf(second, 'tool_call_update').map((u) => u.status)).toEqual(['completed', 'completed']);
    await until(() => updatesOf(second, 'available_commands_update').length > 0, 'the command list after load');
    // Loading a session id that does not exist is an error naming it.
    await expect(
      second.conn.agent.request('session/load', {
        sessionId: '20261201-000000-nothere',
        cwd: box.work,
        mcpServers: [],
      }),
    ).rejects.toThrow(/nothere/);
  }, 60_000);

  it('one prompt at a time per session; a turn that fails (an error, an empty answer) answers the prompt with the error', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().fault({ kind: 'delay', ms: 60_000 }).text('too late').build());
    const editor = startEditor(box, server);
    await initialize(editor);
    const { sessionId } = await editor.conn.agent.request('session/new', { cwd: box.work, mcpServers: [] });
    const prompt = (text: string) =>
      editor.conn.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
    const slow = prompt('take your time');
    await requestsArrived(server, 1, LIMIT_MS);
    await expect(prompt('me too')).rejects.toThrow(/a prompt is already running in this session/);
    await editor.conn.agent.notify('session/cancel', { sessionId });
    expect(await slow).toEqual({ stopReason: 'cancelled' });

    server.setScript(
      new ScriptBuilder()
        .fault({ kind: 'http_error', status: 400, message: 'the mock refuses this' })
        .text('-')
        .build(),
    );
    await expect(prompt('try again')).rejects.toThrow(/the mock refuses this/);
    expect(textOf(editor, sessionId, 'agent_message_chunk')).toContain('error: ');

    // A reply with thinking only is a failed turn too: the prompt fails saying so, not an empty end_turn.
    server.setScript(
      new ScriptBuilder().turn({ content: [{ type: 'thinking', thinking: 'The answer, all in thinking.' }] }).build(),
    );
    await expect(prompt('answer me')).rejects.toThrow(/no answer/);
  }, 60_000);

  it('refuses a session it cannot open with the reason: no credentials, a relative cwd', async () => {
    const box = makeSandbox();
    const server = await mock(new ScriptBuilder().text('never').build());
    const bare = startEditor(box, server, { noCredentials: true });
    await initialize(bare);
    await expect(bare.conn.agent.request('session/new', { cwd: box.work, mcpServers: [] })).rejects.toThrow(
      /ANTHROPIC_API_KEY/,
    );
    const editor = startEditor(box, server);
    await initialize(editor);
    await expect(editor.conn.agent.request('session/new', { cwd: 'work', mcpServers: [] })).rejects.toThrow(
      /cwd must be an absolute path/,
    );
    expect(server.messageRequests()).toHaveLength(0);
  }, 60_000);

  it('SIGTERM closes every session: a running command is killed, exit 143', async () => {
    const box = makeSandbox();
    const pidFile = join(box.root, 'pid');
    const server = await mock(
      new ScriptBuilder()
        .toolUse('bash', { command: `echo $$ > ${pidFile}; while true; do sleep 0.1; done` })
        .text('unreachable')
        .build(),
    );
    // The command's host pid is checked from here: without the sandbox (inside it, its PID namespace ends it).
    const editor = startEditor(box, server, { choices: ['allow_once'], args: ['--no-sandbox'] });
    await initialize(editor);
    const { sessionId } = await editor.conn.agent.request('session/new', { cwd: box.work, mcpServers: [] });
    void editor.conn.agent
      .request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'loop' }] })
      .catch(() => undefined);
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '', 'the command to start');
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    editor.child.kill('SIGTERM');
    expect(await editor.exited).toEqual({ code: 143, signal: null });
    let gone = false;
    await until(() => {
      try {
        process.kill(pid, 0);
      } catch {
        gone = true;
      }
      return gone;
    }, `the command (pid ${pid}) to be gone`);
  }, 60_000);

  it("runs an MCP server's prompt, and the command list names the servers' prompts once they are known", async () => {
    const box = makeSandbox();
    const everything = join(
      dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
      'dist/index.js',
    );
    const config = JSON.stringify({
      mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } },
    });
    const server = await mock(new ScriptBuilder().text('sunny').build());
    const editor = startEditor(box, server, { args: ['--no-sandbox', '--mcp-config', config] });
    await initialize(editor);
    const { sessionId } = await editor.conn.agent.request('session/new', { cwd: box.work, mcpServers: [] });
    const reply = await editor.conn.agent.request('session/prompt', {
      sessionId,
      prompt: [{ type: 'text', text: '/mcp__everything__args-prompt Lyon' }],
    });
    expect(reply.stopReason).toBe('end_turn');
    const sent = JSON.stringify(server.messageRequests()[0]?.body);
    expect(sent).toContain("What's weather in Lyon?");
    await until(
      () =>
        updatesOf(editor, 'available_commands_update').some((u) =>
          u.availableCommands.some((c) => c.name === 'mcp__everything__args-prompt'),
        ),
      'the MCP prompts in the command list',
    );
    const last = updatesOf(editor, 'available_commands_update').at(-1)!;
    expect(last.availableCommands.find((c) => c.name === 'mcp__everything__args-prompt')).toMatchObject({
      input: { hint: '<city> [state]' },
    });
  }, 60_000);
});
