/**
 * `/rewind` end to end over the real wiring, the real tools (a real bash) and the mock server:
 * what a file tool and what a command changed are both put back, and the model is told.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import type { Command, SessionEvent, SlashResult } from '@coding-harness/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessArgs } from '../args.js';
import { createSession } from '../session.js';
import type { Session } from '../session.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

let ids = 0;
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
const cmd = (command: WithoutId<Command>): Command => ({ id: `r${++ids}`, ...command }) as Command;

async function open(script: ScriptBuilder) {
  const server = await startMockServer({ script: script.build() });
  undo.push(() => server.close());
  const root = mkdtempSync(join(tmpdir(), 'rewind-session-'));
  undo.push(() => rmSync(root, { recursive: true, force: true }));
  const work = join(root, 'work');
  mkdirSync(work);
  writeFileSync(join(work, 'a.txt'), 'one\n');
  writeFileSync(join(work, 'gone.txt'), 'keep me\n');
  const env = {
    ANTHROPIC_BASE_URL: server.url,
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'config'),
  };
  const parsed = parseHarnessArgs(['-C', work, '--no-skills', '--permission-mode', 'bypassPermissions']);
  if (!parsed.ok) throw new Error(parsed.message);
  const session = await createSession(parsed.flags, env, { home: join(root, 'home'), cwd: root });
  undo.push(() => session.close());
  return { session, server, work, state: join(root, 'state') };
}

async function run(session: Session, command: Command): Promise<SessionEvent[]> {
  const events: SessionEvent[] = [];
  for await (const e of session.run(command)) events.push(e);
  return events;
}

async function slash(session: Session, text: string): Promise<SlashResult> {
  const result = await session.dispatch(cmd({ type: 'slash', text }));
  if (!result.ok || result.type !== 'slash') throw new Error(`/${text}: ${JSON.stringify(result)}`);
  return result.data;
}

describe('/rewind', () => {
  it('puts back an edit_file edit, removes a file a command created, restores one it deleted, and tells the model', async () => {
    const { session, server, work, state } = await open(
      new ScriptBuilder()
        .toolUse('read_file', { path: 'a.txt' })
        .toolUse('edit_file', { path: 'a.txt', old_string: 'one', new_string: 'two' })
        .toolUse('bash', { command: 'echo made > made.txt && rm gone.txt' })
        .text('changed them')
        .text('noted'),
    );
    const turn = await run(session, cmd({ type: 'send', text: 'change the files' }));
    expect(turn.filter((e) => e.type === 'tool_call_finished')).toMatchObject([
      { isError: false },
      { isError: false },
      { isError: false },
    ]);
    expect(readFileSync(join(work, 'a.txt'), 'utf8')).toBe('two\n');
    expect(existsSync(join(work, 'made.txt'))).toBe(true);
    expect(existsSync(join(work, 'gone.txt'))).toBe(false);

    const list = await slash(session, '/rewind');
    expect(list).toMatchObject({
      kind: 'rewind-points',
      points: [{ n: 1, text: 'change the files', changed: ['a.txt', 'gone.txt', 'made.txt'], conversation: true }],
    });
    const rewound = await slash(session, '/rewind 1');
    expect(rewound).toMatchObject({
      kind: 'rewound',
      scope: 'both',
      restored: ['a.txt', 'gone.txt'],
      removed: ['made.txt'],
      skipped: [],
      messagesKept: 0,
    });
    expect(readFileSync(join(work, 'a.txt'), 'utf8')).toBe('one\n');
    expect(readFileSync(join(work, 'gone.txt'), 'utf8')).toBe('keep me\n');
    expect(existsSync(join(work, 'made.txt'))).toBe(false);
    // The store lives under the XDG state dir, per session.
    expect(existsSync(join(state, 'coding-harness', 'rewind', session.status().sessionId, 'log.jsonl'))).toBe(true);

    await run(session, cmd({ type: 'send', text: 'what now?' }));
    const last = server.messageRequests().at(-1)!.body as { messages: { role: string; content: unknown }[] };
    // The conversation was cut to before the first turn: the request holds only the new turn and the note.
    expect(last.messages.map((m) => m.role)).toEqual(['user', 'system']);
    // Only the new text (the cache breakpoint the loop puts on it is not the point here).
    expect(last.messages[0]).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'what now?' }] });
    const sent = JSON.stringify(last.messages);
    expect(sent).not.toContain('changed them');
    expect(sent).toContain('The user rewound the conversation and the files');
    expect(sent).toContain('Removed (created after that point): made.txt');
  });

  it('/rewind N files keeps the conversation; a symlinked folder is never written through', async () => {
    const { session, server, work } = await open(
      new ScriptBuilder()
        .toolUse('bash', { command: 'mkdir sub && echo x > sub/f.txt' })
        .text('one')
        .toolUse('bash', { command: 'rm -r sub && ln -s /tmp sub && echo y > a.txt' })
        .text('two')
        .text('three'),
    );
    await run(session, cmd({ type: 'send', text: 'first' }));
    await run(session, cmd({ type: 'send', text: 'second' }));
    const rewound = await slash(session, '/rewind 1 files');
    expect(rewound).toMatchObject({ kind: 'rewound', scope: 'files', restored: ['a.txt'] });
    if (rewound.kind !== 'rewound') throw new Error('expected rewound');
    expect(rewound.skipped).toEqual([{ path: 'sub/f.txt', why: 'sub is a symlink now: never written through' }]);
    expect(rewound.messagesKept).toBeUndefined();
    expect(readFileSync(join(work, 'a.txt'), 'utf8')).toBe('one\n');
    expect(existsSync('/tmp/f.txt') && readFileSync('/tmp/f.txt', 'utf8') === 'x\n').toBe(false);
    await run(session, cmd({ type: 'send', text: 'third' }));
    const sent = JSON.stringify((server.messageRequests().at(-1)!.body as { messages: unknown }).messages);
    expect(sent).toContain('first');
    expect(sent).toContain('The user rewound the files under the work root');
    expect(await slash(session, '/rewind 9')).toMatchObject({ kind: 'error', command: 'rewind' });
    expect(await slash(session, '/rewind 1 everything')).toMatchObject({ kind: 'error', command: 'rewind' });
  });
});
