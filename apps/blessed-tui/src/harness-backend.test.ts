/** The adapter from the session package's wired session to the TUI's backend, against the mock server. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentEvent } from '@coding-harness/agent';
import type { ApprovalRequest } from '@coding-harness/approval';
import { NO_ASK_MESSAGE } from '@coding-harness/agent';
import { buildHarness, parseHarnessArgs } from '@coding-harness/session';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import type { MockServer } from '@coding-harness/mock-anthropic';
import { connect, createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { harnessBackend } from './harness-backend.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

async function setup(argv: string[], server: MockServer, extraEnv: Record<string, string> = {}) {
  const root = mkdtempSync(join(tmpdir(), 'harness-tui-backend-'));
  undo.push(() => rmSync(root, { recursive: true, force: true }));
  const work = join(root, 'work');
  mkdirSync(join(work, '.agents', 'skills', 'demo'), { recursive: true });
  writeFileSync(
    join(work, '.agents', 'skills', 'demo', 'SKILL.md'),
    '---\nname: demo\ndescription: A demo skill.\n---\nDo it.\n',
  );
  mkdirSync(join(work, '.agents', 'skills', 'broken'), { recursive: true });
  writeFileSync(join(work, '.agents', 'skills', 'broken', 'SKILL.md'), '---\nname: broken\n---\nNo description.\n');
  const parsed = parseHarnessArgs(['-C', work, ...argv]);
  if (!parsed.ok) throw new Error(parsed.message);
  const env = {
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: 'fake',
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'config'),
    ...extraEnv,
  };
  // No ask at build time: the TUI's modal is given per turn, once the screen has installed it.
  const harness = await buildHarness(parsed.flags, env, { home: join(root, 'home'), cwd: root });
  return { backend: harnessBackend(harness), harness, work };
}

async function mock(script: ScriptBuilder): Promise<MockServer> {
  const server = await startMockServer({ script: script.build() });
  undo.push(() => server.close());
  return server;
}

async function collect(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

describe('harnessBackend', () => {
  it('fills model, work root, skills and one start-up notice counting the skipped skills', async () => {
    const server = await mock(new ScriptBuilder().text('hi'));
    const { backend, harness } = await setup(['--model', 'claude-haiku-5-5'], server);
    expect(backend.model).toBe('claude-haiku-5-5');
    expect(backend.workroot).toBe(harness.workroot);
    expect(backend.skills.map((s) => s.name)).toEqual(['demo']);
    expect(backend.skillsEnabled).toBe(true);
    expect(backend.startupNotices.filter((n) => n.includes('skipped'))).toEqual([
      '1 skill skipped; run harness skills for details',
    ]);
  });

  it('onScreen opens the API connection, and the first turn goes over it', async () => {
    const server = await mock(new ScriptBuilder().text('done'));
    let connections = 0;
    const sockets = new Set<Socket>();
    const relay = createServer((client) => {
      connections++;
      const upstream = connect(Number(new URL(server.url).port), '127.0.0.1');
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    undo.push(
      () =>
        new Promise((r) => {
          for (const s of sockets) s.destroy();
          relay.close(r);
        }),
    );
    const port = (relay.address() as AddressInfo).port;
    const { backend } = await setup([], server, { ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}` });
    backend.onScreen?.();
    await vi.waitFor(() => expect(connections).toBe(1));
    const events = await collect(backend.send('hello', new AbortController().signal));
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', stopReason: 'end_turn' });
    expect(server.messageRequests()).toHaveLength(1);
    expect(connections).toBe(1);
  });

  it('sends the text verbatim and the turn ends with turn_end', async () => {
    const server = await mock(new ScriptBuilder().text('done'));
    const { backend } = await setup([], server);
    const events = await collect(backend.send('/demo now please', new AbortController().signal));
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', stopReason: 'end_turn' });
    expect(JSON.stringify(server.messageRequests()[0]?.body)).toContain('/demo now please');
  });

  it('asks through the installed ask; a cancelled question resolves to a denial and the turn ends aborted', async () => {
    const server = await mock(new ScriptBuilder().toolUse('bash', { command: 'echo hi' }).text('never'));
    const { backend } = await setup([], server);
    const turn = new AbortController();
    const asked: ApprovalRequest[] = [];
    backend.setAsk(
      (request) =>
        new Promise((resolve) => {
          asked.push(request);
          turn.abort();
          resolve({ type: 'deny', message: 'the user cancelled the turn' });
        }),
    );
    const events = await collect(backend.send('run it', turn.signal));
    expect(asked.map((r) => r.tool)).toEqual(['bash']);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', stopReason: 'aborted' });
  });

  it('a turn sent before any ask is installed has its question denied, never left hanging', async () => {
    const server = await mock(new ScriptBuilder().toolUse('bash', { command: 'echo hi' }).text('denied, fine'));
    const { backend } = await setup([], server);
    const events = await collect(backend.send('run it', new AbortController().signal));
    expect(events.filter((e) => e.type === 'approval_resolved')).toMatchObject([
      { allowed: false, message: NO_ASK_MESSAGE },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', stopReason: 'end_turn' });
  });

  it('the ask installed last answers the next turn', async () => {
    const server = await mock(
      new ScriptBuilder()
        .toolUse('bash', { command: 'echo one' })
        .text('a')
        .toolUse('bash', { command: 'echo two' })
        .text('b'),
    );
    const { backend } = await setup([], server);
    const first: string[] = [];
    const second: string[] = [];
    backend.setAsk(async (request) => (first.push(request.summary), { type: 'deny', message: 'first modal' }));
    await collect(backend.send('one', new AbortController().signal));
    backend.setAsk(async (request) => (second.push(request.summary), { type: 'once' }));
    const events = await collect(backend.send('two', new AbortController().signal));
    expect([first.length, second.length]).toEqual([1, 1]);
    expect(events.filter((e) => e.type === 'tool_call_finished')).toMatchObject([{ name: 'bash', isError: false }]);
  });

  it('allowed() and denied() read the policy; clear() starts a new conversation', async () => {
    const server = await mock(new ScriptBuilder().text('a'));
    const { backend, harness } = await setup(
      ['--allowed-tools', 'Bash(npm test:*)', '--disallowed-tools', 'Bash(rm:*)'],
      server,
    );
    expect(backend.allowed()).toEqual([expect.objectContaining({ origin: '--allowed-tools', scope: 'session' })]);
    // The flag's rule, besides the deny rules the wiring adds for its own protected folders.
    expect(backend.denied?.()).toContainEqual(
      expect.objectContaining({ origin: '--disallowed-tools', rule: 'bash(rm:*)' }),
    );
    const before = harness.agent.sessionId;
    backend.clear();
    expect(harness.agent.sessionId).not.toBe(before);
  });

  it('after /reload-skills (the session controls) the backend offers the skills found, for routing and the picker', async () => {
    const server = await mock(new ScriptBuilder().text('never'));
    const { backend, work } = await setup([], server);
    expect(backend.skills.map((s) => s.name)).toEqual(['demo']);
    mkdirSync(join(work, '.agents', 'skills', 'later'), { recursive: true });
    writeFileSync(
      join(work, '.agents', 'skills', 'later', 'SKILL.md'),
      '---\nname: later\ndescription: Added later.\n---\nx\n',
    );
    const result = await backend.controls?.reloadSkills?.();
    expect(result?.added).toEqual(['later']);
    expect(backend.skills.map((s) => s.name)).toEqual(['demo', 'later']);
  });

  it("Shift-Tab cycles the policy's mode through the session controls; the session id and resume command", async () => {
    const server = await mock(new ScriptBuilder().text('hi'));
    const { backend, harness } = await setup(['--permission-mode', 'plan'], server);
    expect(backend.mode?.()).toBe('plan');
    expect(backend.cycleMode?.()).toBe('ask');
    expect(harness.policy.mode).toBe('ask');
    expect(backend.cycleMode?.()).toBe('acceptEdits');
    expect(harness.policy.mode).toBe('acceptEdits');
    expect(backend.sessionId?.()).toBe(harness.agent.sessionId);
    expect(backend.resumeCommand?.()).toBe(`harness-tui --resume ${harness.agent.sessionId}`);
    expect(harnessBackend(harness, { cwd: '/elsewhere' }).resumeCommand?.()).toBe(
      `harness-tui -C ${harness.workroot} --resume ${harness.agent.sessionId}`,
    );
  });
});
