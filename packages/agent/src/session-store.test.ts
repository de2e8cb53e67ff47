import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { appendFile, chmod, mkdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@coding-harness/model';
import { createSessionStore, defaultSessionDir } from './session-store.js';
import { cleanup, tempDir } from './testing/kit.test.util.js';

afterEach(cleanup);

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const assistant = (text: string): Message => ({ role: 'assistant', content: [{ type: 'text', text }] });

describe('defaultSessionDir', () => {
  it('uses $XDG_STATE_HOME, else ~/.local/state', () => {
    expect(defaultSessionDir({ XDG_STATE_HOME: '/state' }, '/home/u')).toBe('/state/coding-harness/sessions');
    expect(defaultSessionDir({}, '/home/u')).toBe('/home/u/.local/state/coding-harness/sessions');
    expect(defaultSessionDir({ XDG_STATE_HOME: 'relative' }, '/home/u')).toBe(
      '/home/u/.local/state/coding-harness/sessions',
    );
  });
});

describe('the session store', () => {
  it('writes a header then one line per message, and loads them back', async () => {
    const dir = join(await tempDir(), 'sessions');
    const store = createSessionStore({ dir });
    const created = store.create({ workroot: '/w', model: 'm', createdAt: '2025-01-01T00:00:00.000Z' });
    if (!created.ok) throw new Error(created.error);
    const w = created.writer;
    expect(w.append({ type: 'message', message: user('hello') })).toBeUndefined();
    w.append({ type: 'message', message: assistant('hi') });
    expect(w.flush()).toBeUndefined();
    w.close();
    const lines = (await readFile(join(dir, `${w.id}.jsonl`), 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    expect(lines.map((l) => l.type)).toEqual(['session', 'message', 'message']);
    expect(lines[0]).toMatchObject({
      type: 'session',
      id: w.id,
      workroot: '/w',
      model: 'm',
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    const loaded = await store.load(w.id);
    expect(loaded).toMatchObject({ ok: true, messages: [user('hello'), assistant('hi')], notices: [] });
    if (loaded.ok) expect(loaded.info.title).toBe('hello');
  });

  it.runIf(existsSync('/proc/self/fd'))(
    'flush does not wait for the disk, and a close right after it still releases the file',
    async () => {
      const dir = join(await tempDir(), 'sessions');
      const store = createSessionStore({ dir });
      const created = store.create({ workroot: '/w', model: 'm', createdAt: '2025-01-01T00:00:00.000Z' });
      if (!created.ok) throw new Error(created.error);
      const file = join(dir, `${created.writer.id}.jsonl`);
      // The descriptors pointing at this session file (other tests' files come and go meanwhile).
      const openOnFile = (): number =>
        readdirSync('/proc/self/fd').filter((fd) => {
          try {
            return readlinkSync(`/proc/self/fd/${fd}`) === file;
          } catch {
            return false;
          }
        }).length;
      expect(openOnFile()).toBe(1);
      expect(created.writer.append({ type: 'message', message: user('hello') })).toBeUndefined();
      expect(created.writer.flush()).toBeUndefined();
      created.writer.close();
      expect(created.writer.append({ type: 'message', message: user('late') })).toBe('session file is closed');
      expect((await readFile(file, 'utf8')).split('\n')).toHaveLength(3);
      // The descriptor is closed once the background fsync is done: waited for, up to 30 s.
      await vi.waitFor(() => expect(openOnFile()).toBe(0), { timeout: 30_000, interval: 10 });
    },
  );

  it('drops a torn last line with a notice, and reopening cuts it before appending', async () => {
    const dir = await tempDir();
    const store = createSessionStore({ dir });
    const created = store.create({ workroot: '/w', model: 'm', createdAt: '2025-01-01T00:00:00.000Z' });
    if (!created.ok) throw new Error(created.error);
    created.writer.append({ type: 'message', message: user('hello') });
    created.writer.close();
    const file = join(dir, `${created.writer.id}.jsonl`);
    await appendFile(file, '{"type":"message","message":{"role":"assis');
    const loaded = await store.load(created.writer.id);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.messages).toEqual([user('hello')]);
    expect(loaded.notices).toHaveLength(1);
    expect(loaded.notices[0]).toContain('torn');
    const reopened = store.reopen(created.writer.id);
    if (!reopened.ok) throw new Error(reopened.error);
    reopened.writer.append({ type: 'message', message: assistant('again') });
    reopened.writer.close();
    const again = await store.load(created.writer.id);
    expect(again).toMatchObject({ ok: true, messages: [user('hello'), assistant('again')], notices: [] });
  });

  it('replays compaction records, merges consecutive messages of one role, keeps plugin records', async () => {
    const dir = await tempDir();
    const store = createSessionStore({ dir });
    const created = store.create({ workroot: '/w', model: 'm', createdAt: '2025-01-01T00:00:00.000Z' });
    if (!created.ok) throw new Error(created.error);
    const w = created.writer;
    w.append({ type: 'message', message: user('one') });
    w.append({ type: 'message', message: assistant('two') });
    w.append({ type: 'compaction', messages: [user('summary')] });
    w.append({ type: 'message', message: user('three') });
    w.append({ type: 'skill', name: 'pdf', args: 'a b' });
    w.close();
    const loaded = await store.load(w.id);
    expect(loaded).toMatchObject({
      ok: true,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'summary' },
            { type: 'text', text: 'three' },
          ],
        },
      ],
      // A record of a type the agent does not write itself is a plugin's, kept for the plugins.
      records: [{ type: 'skill', name: 'pdf', args: 'a b' }],
    });
  });

  it('lists sessions newest first, filtered by work root; a missing or foreign file is an error value', async () => {
    const dir = await tempDir();
    const store = createSessionStore({ dir });
    expect(await store.list()).toEqual([]);
    const a = store.create({ workroot: '/a', model: 'm', createdAt: '2025-01-01T00:00:00.000Z' });
    const b = store.create({ workroot: '/b', model: 'm', createdAt: '2025-01-02T00:00:00.000Z' });
    if (!a.ok || !b.ok) throw new Error('create failed');
    a.writer.close();
    b.writer.close();
    expect((await store.list()).map((s) => s.workroot).sort()).toEqual(['/a', '/b']);
    expect((await store.list('/a')).map((s) => s.id)).toEqual([a.writer.id]);
    expect((await store.latest('/b'))?.id).toBe(b.writer.id);
    expect(await store.load('nope')).toMatchObject({ ok: false });
    expect(await store.load('../etc/passwd')).toMatchObject({ ok: false });
    await writeFile(join(dir, 'junk.jsonl'), 'not json\n');
    expect(await store.load('junk')).toMatchObject({ ok: false });
  });
});

describe('damaged session files', () => {
  const header = (id: string, workroot = '/w'): string =>
    JSON.stringify({ type: 'session', id, workroot, model: 'm', createdAt: '2026-12-01T00:00:00.000Z' });

  it.each([
    ['a message record without its message', '{"type":"message"}'],
    ['a message without content', '{"type":"message","message":{"role":"user"}}'],
    [
      'a message with an unknown role',
      '{"type":"message","message":{"role":"robot","content":[{"type":"text","text":"x"}]}}',
    ],
    ['a compaction without messages', '{"type":"compaction"}'],
    ['a truncate with a negative count', '{"type":"truncate","keep":-1}'],
    ['a prefix without tools', '{"type":"prefix","system":[{"type":"text","text":"s"}]}'],
    ['a JSON array', '[1,2]'],
    ['a JSON string', '"message"'],
    ['null', 'null'],
  ])('skips %s with a notice naming the file and the line, and keeps the rest', async (_what, line) => {
    const dir = await tempDir();
    const store = createSessionStore({ dir });
    const file = join(dir, 's1.jsonl');
    const ok = (m: Message): string => JSON.stringify({ type: 'message', message: m });
    await writeFile(file, [header('s1'), ok(user('hello')), line, ok(assistant('hi')), ''].join('\n'));
    const loaded = await store.load('s1');
    expect(loaded).toMatchObject({ ok: true, messages: [user('hello'), assistant('hi')] });
    if (!loaded.ok) return;
    expect(loaded.notices).toHaveLength(1);
    expect(loaded.notices[0]).toContain(`line 3 of ${file}`);
    expect((await store.latest('/w'))?.id).toBe('s1');
    expect((await store.list()).map((s) => s.id)).toEqual(['s1']);
  });

  it('one malformed file among many does not stop list, latest or load (the old --continue crash)', async () => {
    const dir = await tempDir();
    const notices: string[] = [];
    const store = createSessionStore({ dir, onNotice: (n) => notices.push(n) });
    const good = store.create({ workroot: '/w', model: 'm', createdAt: '2026-12-01T00:00:00.000Z' });
    if (!good.ok) throw new Error(good.error);
    good.writer.append({ type: 'message', message: user('keep me') });
    good.writer.close();
    await writeFile(join(dir, 'bad1.jsonl'), `${header('bad1')}\n{"type":"compaction"}\n{"type":"message"}\n`);
    await writeFile(join(dir, 'bad2.jsonl'), Buffer.from([0xff, 0xfe, 0x00, 0x0a, 0x7b]));
    await writeFile(join(dir, 'bad3.jsonl'), '{"type":"session"}\n');
    await writeFile(join(dir, 'not.a.session.jsonl'), `${header('x')}\n`);
    const later = new Date(Date.now() + 60_000);
    for (const name of ['bad1', 'bad2', 'bad3']) await utimes(join(dir, `${name}.jsonl`), later, later);
    expect((await store.latest('/w'))?.id).toBe('bad1');
    expect((await store.list('/w')).map((s) => s.id)).toEqual(['bad1', good.writer.id]);
    expect(await store.load('bad1')).toMatchObject({ ok: true, messages: [] });
    expect(await store.load('bad2')).toMatchObject({ ok: false });
    expect(notices.some((n) => n.includes('bad2.jsonl'))).toBe(true);
    expect(notices.some((n) => n.includes('bad3.jsonl'))).toBe(true);
    expect(notices.some((n) => n.includes('not.a.session.jsonl'))).toBe(true);
    expect((await store.list('/w')).find((s) => s.id === good.writer.id)?.title).toBe('keep me');
  });

  it('replays truncate records, and cuts a transcript that stops being valid (kept prefix, never edited)', async () => {
    const dir = await tempDir();
    const store = createSessionStore({ dir });
    const use: Message = {
      role: 'assistant',
      content: [{ type: 'tool_call', id: 't1', name: 'glob', input: { pattern: '*' } }],
    };
    const rec = (r: object): string => JSON.stringify(r);
    await writeFile(
      join(dir, 'cut.jsonl'),
      [
        header('cut'),
        rec({ type: 'message', message: user('one') }),
        rec({ type: 'message', message: assistant('two') }),
        rec({ type: 'message', message: user('three') }),
        rec({ type: 'message', message: assistant('refused') }),
        rec({ type: 'truncate', keep: 3 }),
        '',
      ].join('\n'),
    );
    expect(await store.load('cut')).toMatchObject({
      ok: true,
      messages: [user('one'), assistant('two'), user('three')],
    });
    await writeFile(
      join(dir, 'orphan.jsonl'),
      [
        header('orphan'),
        rec({ type: 'message', message: user('go') }),
        rec({ type: 'message', message: use }),
        rec({
          type: 'message',
          message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'other', content: 'x' }] },
        }),
        '',
      ].join('\n'),
    );
    const orphan = await store.load('orphan');
    expect(orphan).toMatchObject({ ok: true, messages: [user('go'), use] });
    if (orphan.ok) expect(orphan.notices.join('\n')).toContain('kept the first 2 of 3 messages');
  });

  it('gives back the latest current record, unless a truncate cut the message it followed', async () => {
    const dir = await tempDir();
    const store = createSessionStore({ dir });
    const state = (text: string): { system: { text: string }[]; tools: [] } => ({ system: [{ text }], tools: [] });
    const rec = (r: object): string => JSON.stringify(r);
    const lines = [
      header('cur'),
      rec({ type: 'message', message: user('one') }),
      rec({ type: 'current', ...state('A') }),
      rec({ type: 'message', message: assistant('two') }),
      rec({ type: 'message', message: user('three') }),
      rec({ type: 'current', ...state('B') }),
    ];
    await writeFile(join(dir, 'cur.jsonl'), [...lines, ''].join('\n'));
    expect(await store.load('cur')).toMatchObject({ ok: true, current: state('B') });
    await writeFile(join(dir, 'cur.jsonl'), [...lines, rec({ type: 'truncate', keep: 2 }), ''].join('\n'));
    const cut = await store.load('cur');
    expect(cut).toMatchObject({ ok: true, messages: [user('one'), assistant('two')] });
    expect(cut.ok ? cut.current : 'not loaded').toBeUndefined();
  });

  it('stores the prefix after the header and gives it back; the id is the file name, never the one inside', async () => {
    const dir = await tempDir();
    const store = createSessionStore({ dir });
    const prefix = {
      system: [{ text: 'sys' }],
      tools: [{ name: 'glob', description: 'd', inputSchema: { type: 'object' as const, properties: {} } }],
    };
    const created = store.create({ workroot: '/w', model: 'm', createdAt: '2026-12-01T00:00:00.000Z', prefix });
    if (!created.ok) throw new Error(created.error);
    created.writer.close();
    const text = await readFile(join(dir, `${created.writer.id}.jsonl`), 'utf8');
    expect(text.split('\n')[1]).toBe(JSON.stringify({ type: 'prefix', ...prefix }));
    expect(await store.load(created.writer.id)).toMatchObject({ ok: true, prefix });
    await writeFile(join(dir, 'renamed.jsonl'), text);
    const renamed = await store.load('renamed');
    expect(renamed).toMatchObject({ ok: true, info: { id: 'renamed' } });
    if (renamed.ok) expect(renamed.notices.join('\n')).toContain('using the file name');
  });

  it.each(['../x', 'a/b', 'a\u0000b', '..', '.hidden', '', 'x'.repeat(129), 'a.b'])(
    'refuses the session id %j on load, reopen and create',
    async (id) => {
      const store = createSessionStore({ dir: await tempDir() });
      expect(await store.load(id)).toMatchObject({ ok: false });
      expect(store.reopen(id)).toMatchObject({ ok: false });
      expect(store.create({ id, workroot: '/w', model: 'm', createdAt: '2026-12-01T00:00:00.000Z' })).toMatchObject({
        ok: false,
      });
    },
  );

  it.runIf(process.platform !== 'win32')(
    'writes files 0600 in a 0700 directory, and narrows an existing directory',
    async () => {
      const dir = join(await tempDir(), 'sessions');
      await mkdir(dir, { mode: 0o755 });
      await chmod(dir, 0o755);
      const store = createSessionStore({ dir });
      const created = store.create({ workroot: '/w', model: 'm', createdAt: '2026-12-01T00:00:00.000Z' });
      if (!created.ok) throw new Error(created.error);
      created.writer.close();
      const file = join(dir, `${created.writer.id}.jsonl`);
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      await chmod(file, 0o644);
      await chmod(dir, 0o755);
      const reopened = store.reopen(created.writer.id);
      if (!reopened.ok) throw new Error(reopened.error);
      reopened.writer.close();
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    },
  );
});
