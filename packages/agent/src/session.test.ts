import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPolicy } from '@coding-harness/approval';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { createToolRegistry } from '@coding-harness/tools';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, INTERRUPTED } from './agent.js';
import { messageText } from '@coding-harness/model';
import { createSessionStore } from './session-store.js';
import {
  anthropicAt,
  body,
  cleanup,
  mockServer,
  setup,
  tempDir,
  transcriptProblems,
  turn,
  turnEnd,
  replies,
} from './testing/kit.test.util.js';

afterEach(cleanup);

describe('sessions', () => {
  it('appends every message as it completes and resumes the conversation in a new agent', async () => {
    const sessions = await tempDir('agent-sessions-');
    const store = createSessionStore({ dir: sessions });
    const script = new ScriptBuilder()
      .toolUse('glob', { pattern: '*' })
      .text('first answer')
      .text('second answer')
      .build();
    const { agent, server, workroot } = await setup(script, { agent: { sessionStore: store } });
    await turn(agent, 'first');
    const info = await store.latest(workroot);
    expect(info?.id).toBe(agent.sessionId);
    expect(info?.title).toBe('first');
    const resumed = await createAgent({
      providers: anthropicAt(server.url),
      model: 'claude-sonnet-5-5',
      registry: createToolRegistry(),
      policy: createPolicy(),
      workroot,
      clock: () => new Date('2025-06-01T12:00:00Z'),
      sessionStore: store,
      resumeId: agent.sessionId,
    });
    expect(resumed.resumed).toBe(true);
    expect(resumed.sessionId).toBe(agent.sessionId);
    expect(resumed.messages()).toEqual(agent.messages());
    await turn(resumed, 'second');
    const plain = (i: number): unknown[] =>
      JSON.parse(JSON.stringify(body(server, i).messages).replaceAll(',"cache_control":{"type":"ephemeral"}', ''));
    // The resumed request repeats the first session's requests: its messages, then the stored reply.
    const sent = plain(2);
    expect(sent.slice(0, 3)).toEqual(plain(1));
    expect(sent[3]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'first answer' }] });
    expect(sent).toHaveLength(5);
    expect(messageText(resumed.messages().at(-1)!)).toBe('second answer');
    const reloaded = await store.load(agent.sessionId);
    expect(reloaded.ok && reloaded.messages).toEqual(resumed.messages());
  });

  it('clear() starts a new session with the same system prompt and tools', async () => {
    const store = createSessionStore({ dir: await tempDir('agent-sessions-') });
    const { agent, server } = await setup(new ScriptBuilder().text('a').text('b').build(), {
      agent: { sessionStore: store },
    });
    await turn(agent, 'one');
    const firstId = agent.sessionId;
    agent.clear();
    expect(agent.sessionId).not.toBe(firstId);
    expect(agent.messages()).toEqual([]);
    await turn(agent, 'two');
    expect(body(server, 1).messages).toHaveLength(1);
    expect(JSON.stringify([body(server, 1).system, body(server, 1).tools])).toBe(
      JSON.stringify([body(server, 0).system, body(server, 0).tools]),
    );
    expect((await store.list()).map((s) => s.id).sort()).toEqual([firstId, agent.sessionId].sort());
  });

  it('a resume failure is a notice and a fresh session, never a crash', async () => {
    const store = createSessionStore({ dir: await tempDir('agent-sessions-') });
    const { agent } = await setup(new ScriptBuilder().text('a').build(), {
      agent: { sessionStore: store, resumeId: 'missing-id' },
    });
    expect(agent.resumed).toBe(false);
    expect(agent.notices.join('\n')).toContain('could not resume session missing-id');
    expect(turnEnd(await turn(agent, 'hi')).stopReason).toBe('end_turn');
  });

  it('survives a process killed mid-turn: the session resumes with the interrupted call closed, and continues', async () => {
    const script = new ScriptBuilder()
      .toolUse('glob', { pattern: '*' })
      .toolUse('bash', { command: 'echo $$ > pid.txt; sleep 30' })
      .text('Picking up where we left off.')
      .build();
    const server = await mockServer(script);
    const workroot = await tempDir('agent-root-');
    const sessions = await tempDir('agent-sessions-');
    const bundleDir = await tempDir('agent-child-');
    const entry = fileURLToPath(new URL('./testing/child-turn.test.util.ts', import.meta.url));
    const bundle = join(bundleDir, 'child.mjs');
    await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: bundle,
      conditions: ['@coding-harness/source'],
      logLevel: 'silent',
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
    const child = spawn(process.execPath, [bundle, server.url, workroot, sessions, 'do the slow thing'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let killed = false;
    let bashPid: number | undefined;
    try {
      let out = '';
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const seen = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          if (existsSync(join(workroot, 'pid.txt')) && out.includes('"name":"bash"')) {
            clearInterval(timer);
            resolve(out);
          }
        }, 20);
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.on('exit', (code) => {
          clearInterval(timer);
          reject(new Error(`child exited early (${code}): ${stderr}\n${out}`));
        });
      });
      bashPid = Number((await readFile(join(workroot, 'pid.txt'), 'utf8')).trim());
      child.kill('SIGKILL');
      killed = true;
      await new Promise((r) => child.once('close', r));
      const sessionId = (JSON.parse(seen.split('\n')[0]!) as { id: string }).id;

      const store = createSessionStore({ dir: sessions });
      const loaded = await store.load(sessionId);
      expect(loaded.ok).toBe(true);
      if (!loaded.ok) return;
      const roles = loaded.messages.map((m) => m.role);
      expect(roles).toEqual(['user', 'assistant', 'user', 'assistant']);
      expect(loaded.messages[3]!.content[0]).toMatchObject({ type: 'tool_call', name: 'bash' });

      const agent = await createAgent({
        providers: anthropicAt(server.url),
        model: 'claude-sonnet-5-5',
        registry: createToolRegistry(),
        policy: createPolicy({ mode: 'bypassPermissions' }),
        workroot,
        clock: () => new Date('2026-01-01T12:00:00Z'),
        sessionStore: store,
        resumeId: sessionId,
      });
      expect(agent.messages()).toHaveLength(5);
      expect(agent.messages()[4]!.content[0]).toMatchObject({
        type: 'tool_result',
        content: [{ type: 'text', text: INTERRUPTED }],
        isError: true,
      });
      const events = await turn(agent, 'please continue');
      expect(turnEnd(events).stopReason).toBe('end_turn');
      expect(replies(events)[0]).toBe('Picking up where we left off.');
      expect(transcriptProblems(agent.messages())).toEqual([]);
      const reloaded = await store.load(sessionId);
      expect(reloaded.ok && reloaded.messages).toEqual(agent.messages());
    } finally {
      if (!killed) child.kill('SIGKILL');
      if (bashPid) {
        try {
          process.kill(bashPid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    }
  });
});
