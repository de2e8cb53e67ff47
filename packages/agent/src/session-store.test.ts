import { existsSync, readdirSync } from 'node:fs';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from './messages.js';
import { createSessionStore, defaultSessionDir } from './session-store.js';
import { cleanup, tempDir } from './testing/kit.test.util.js';

afterEach(cleanup);

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const assistant = (text: string): Message => ({ role: 'assistant', content: [{ type: 'text', text }] });

describe('defaultSessionDir', () => {
  it('uses $XDG_STATE_HOME, else ~/.local/state', () => {
    expect(defaultSessionDir({ XDG_STATE_HOME: '/state' }, '/home/u')).toBe('/state/coding-harness/sessions');
    expect(defaultSessionDir({}, '/home/u')).toBe('/home/u/.local/state/coding-harness/sessions');
    expect(defaultSessionDir({ XDG_STATE_HOME: 'relative' }, '/home/u')).toBe('/home/u/.local/state/coding-harness/sessions');
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
    const lines = (await readFile(join(dir, `${w.id}.jsonl`), 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l) as { type: string });
    expect(lines.map((l) => l.type)).toEqual(['session', 'message', 'message']);
    expect(lines[0]).toMatchObject({ type: 'session', id: w.id, workroot: '/w', model: 'm', createdAt: '2025-01-01T00:00:00.000Z' });
    const loaded = await store.load(w.id);
    expect(loaded).toMatchObject({ ok: true, messages: [user('hello'), assistant('hi')], notices: [] });
    if (loaded.ok) expect(loaded.info.title).toBe('hello');
  });

  it.runIf(existsSync('/proc/self/fd'))('flush does not wait for the disk, and a close right after it still releases the file', async () => {
    const dir = join(await tempDir(), 'sessions');
    const store = createSessionStore({ dir });
    const openFds = (): number => readdirSync('/proc/self/fd').length;
    const before = openFds();
    const created = store.create({ workroot: '/w', model: 'm', createdAt: '2025-01-01T00:00:00.000Z' });
    if (!created.ok) throw new Error(created.error);
    expect(created.writer.append({ type: 'message', message: user('hello') })).toBeUndefined();
    expect(created.writer.flush()).toBeUndefined();
    created.writer.close();
    expect(created.writer.append({ type: 'message', message: user('late') })).toBe('session file is closed');
    expect((await readFile(join(dir, `${created.writer.id}.jsonl`), 'utf8')).split('\n')).toHaveLength(3);
    for (let i = 0; i < 100 && openFds() > before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(openFds()).toBe(before);
  });

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

  it('replays compaction records and merges consecutive messages of one role', async () => {
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
    expect(loaded).toMatchObject({ ok: true, messages: [{ role: 'user', content: [{ type: 'text', text: 'summary' }, { type: 'text', text: 'three' }] }], skills: [{ name: 'pdf', args: 'a b' }] });
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
