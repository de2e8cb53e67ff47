/** `/expand`: the whole results of the latest tool calls, kept by the session from its own events. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import type { SessionEvent, SlashResult } from '@coding-harness/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessArgs } from './args.js';
import { createResultStore, expandResult, KEPT_RESULTS } from './result-store.js';
import { createSession } from './session.js';
import type { Session } from './session.js';
import { formatSlashResult } from './slash-format.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

async function open(script: ScriptBuilder): Promise<Session> {
  const server = await startMockServer({ script: script.build() });
  undo.push(() => server.close());
  const root = mkdtempSync(join(tmpdir(), 'session-expand-'));
  undo.push(() => rmSync(root, { recursive: true, force: true }));
  const work = join(root, 'work');
  mkdirSync(work);
  const env = {
    ANTHROPIC_BASE_URL: server.url,
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'config'),
  };
  const parsed = parseHarnessArgs(['-C', work, '--no-skills', '--allowed-tools', 'Bash']);
  if (!parsed.ok) throw new Error(parsed.message);
  const session = await createSession(parsed.flags, env, { home: join(root, 'home'), cwd: root });
  undo.push(() => session.close());
  return session;
}

let ids = 0;
async function slash(session: Session, text: string): Promise<SlashResult> {
  const result = await session.dispatch({ id: `x${++ids}`, type: 'slash', text });
  if (!result.ok || result.type !== 'slash') throw new Error(JSON.stringify(result));
  return result.data;
}

async function send(session: Session, text: string): Promise<SessionEvent[]> {
  const events: SessionEvent[] = [];
  for await (const e of session.run({ id: `s${++ids}`, type: 'send', text })) events.push(e);
  return events;
}

const LONG = "seq 1 5000 | sed 's/^/log line /'; echo 'warning: flaky' >&2; exit 3";

describe('/expand on a real session', () => {
  it('gives everything a long command printed (the model got its head and tail), with honest counts', async () => {
    const session = await open(
      new ScriptBuilder().toolUse('bash', { command: LONG }).toolUse('bash', { command: 'echo short' }).text('done'),
    );
    const events = await send(session, 'run them');
    const model = events.flatMap((e) => (e.type === 'tool_call_finished' ? [e] : []))[0];
    const got = model?.content.map((p) => (p.type === 'text' ? p.text : '')).join('') ?? '';
    // The model's copy was cut in the middle by the tool's cap.
    expect(got).toMatch(/bytes of output cut/);
    expect(got).not.toContain('log line 2500\n');

    const latest = await slash(session, '/expand');
    expect(latest).toMatchObject({ kind: 'result', nth: 1, kept: 2, source: 'result', display: 'exit 0', lines: 3 });
    expect(latest.kind === 'result' && latest.text).toBe('short\n\nExit code 0.');

    const long = await slash(session, '/expand 2');
    if (long.kind !== 'result') throw new Error(JSON.stringify(long));
    expect(long).toMatchObject({ nth: 2, source: 'stream', lines: 5001, display: 'exit 3', isError: true });
    const lines = long.text.split('\n');
    expect(lines.slice(0, 2)).toEqual(['log line 1', 'log line 2']);
    expect(lines).toContain('log line 2500');
    expect(lines).toContain('log line 5000');
    expect(lines).toContain('warning: flaky');
    expect(long.text).not.toContain('bytes of output cut');
    let printed = 'warning: flaky\n'.length;
    for (let i = 1; i <= 5000; i++) printed += `log line ${i}\n`.length;
    expect(lines.at(-1)).toBe(
      `[exit 3 · 5,001 lines, ${printed.toLocaleString('en-US')} characters printed; the model got ${got.length.toLocaleString('en-US')} characters of it]`,
    );
    // Text front ends show a heading naming the call, then the text.
    expect(formatSlashResult(long)[0]).toBe(`● bash: ${LONG}  (exit 3 · 5,001 lines · /expand 2 of 2)`);
  });

  it('says why when there is nothing to show, and what N may be', async () => {
    const session = await open(new ScriptBuilder().toolUse('bash', { command: 'echo one' }).text('ok'));
    expect(await slash(session, '/expand')).toEqual({
      kind: 'error',
      command: 'expand',
      message: 'no tool call has finished in this session yet',
    });
    await send(session, 'go');
    expect(await slash(session, '/expand 3')).toEqual({
      kind: 'error',
      command: 'expand',
      message: 'only the 1 latest results are kept: /expand 1 is the latest, /expand 1 the oldest',
    });
    expect((await slash(session, '/expand two')).kind).toBe('error');
  });
});

describe('the store', () => {
  const started = (callId: string, threadId?: string): SessionEvent => ({
    type: 'tool_call_started',
    callId,
    name: 'bash',
    kind: 'exec',
    input: {},
    summary: `bash: ${callId}`,
    forced: false,
    ...(threadId ? { threadId } : {}),
  });
  const finished = (callId: string, text: string, threadId?: string): SessionEvent => ({
    type: 'tool_call_finished',
    callId,
    name: 'bash',
    isError: false,
    display: 'exit 0',
    content: [{ type: 'text', text }],
    ...(threadId ? { threadId } : {}),
  });

  it('keeps the head and tail of a stream past its limit, counting every line and what it dropped', () => {
    const store = createResultStore({ keepChars: 40 });
    store.take(started('c1'));
    for (let i = 1; i <= 100; i++) store.take({ type: 'tool_update', callId: 'c1', text: `line ${i}\n`, elapsedMs: i });
    store.take(finished('c1', 'cut'));
    const result = expandResult(store, '');
    if (result.kind !== 'result') throw new Error(JSON.stringify(result));
    expect(result.lines).toBe(100);
    expect(result.text.startsWith('line 1\nline 2\nline 3\n')).toBe(true);
    expect(result.text).toMatch(/\[… [\d,]+ characters not kept here …\]/);
    expect(result.text).toContain('line 100');
    expect(result.text).not.toContain('line 50\n');
  });

  it('keeps only the latest calls, and no subagent call', () => {
    const store = createResultStore();
    for (let i = 1; i <= KEPT_RESULTS + 3; i++) {
      store.take(started(`c${i}`));
      store.take(finished(`c${i}`, `out ${i}`));
    }
    store.take(started('sub', 't1'));
    store.take(finished('sub', 'from the subagent', 't1'));
    expect(store.count).toBe(KEPT_RESULTS);
    expect(store.get(1)?.content).toBe(`out ${KEPT_RESULTS + 3}`);
    expect(store.get(KEPT_RESULTS)?.content).toBe('out 4');
    expect(store.get(KEPT_RESULTS + 1)).toBeUndefined();
  });

  it('finds a kept call by its id as well as by N; an id no longer kept is refused like a bad N', () => {
    const store = createResultStore();
    for (const id of ['c1', 'c2', 'c3']) {
      store.take(started(id));
      store.take(finished(id, `out ${id}`));
    }
    expect(store.nthOf('c1')).toBe(3);
    const byId = expandResult(store, 'c2');
    expect(byId).toMatchObject({ kind: 'result', nth: 2, callId: 'c2', text: 'out c2' });
    expect(expandResult(store, 'gone')).toMatchObject({ kind: 'error', command: 'expand' });
  });
});
