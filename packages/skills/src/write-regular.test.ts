import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useFifos } from './fifo.test-helper.js';
import { useTempDirs } from './temp-tree.test-helper.js';
import { appendRegularFile, checkWriteTarget, openRegularForAppend, replaceRegularFile } from './write-regular.js';

const temp = useTempDirs();
const fifo = useFifos();
const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** What identifies the machine's /dev/null: a character device, its device number, its mode. */
function devNull(): { char: boolean; rdev: number; mode: number } {
  const st = fs.lstatSync('/dev/null');
  return { char: st.isCharacterDevice(), rdev: st.rdev, mode: st.mode };
}

/** A listening Unix socket at `file`. */
async function socketAt(file: string): Promise<void> {
  const server = net.createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(file, resolve));
}

/** Every way a path can be something that must not be written, with the words the refusal uses. */
async function hostileTargets(dir: string): Promise<Array<[string, RegExp]>> {
  fs.mkdirSync(path.join(dir, 'folder'));
  fifo(path.join(dir, 'pipe'));
  await socketAt(path.join(dir, 'sock'));
  fs.symlinkSync('/dev/null', path.join(dir, 'to-null'));
  fs.symlinkSync(path.join(dir, 'pipe'), path.join(dir, 'to-pipe'));
  fs.symlinkSync(path.join(dir, 'missing'), path.join(dir, 'to-nothing'));
  fs.symlinkSync(path.join(dir, 'to-null'), path.join(dir, 'to-link-to-null'));
  return [
    ['/dev/null', /^\/dev\/null is a character device, not a regular file: it was left as it is/],
    [path.join(dir, 'to-null'), /is a symbolic link to a character device \(\/dev\/null\)/],
    [path.join(dir, 'to-link-to-null'), /is a symbolic link to a character device \(\/dev\/null\)/],
    [path.join(dir, 'pipe'), /is a FIFO \(named pipe\), not a regular file/],
    [path.join(dir, 'to-pipe'), /is a symbolic link to a FIFO/],
    [path.join(dir, 'sock'), /is a socket, not a regular file/],
    [path.join(dir, 'folder'), /is a folder, not a regular file/],
    [path.join(dir, 'to-nothing'), /is a symbolic link to nothing, not a regular file/],
  ];
}

describe('replaceRegularFile: a whole file through a temporary one and a rename', () => {
  it('creates a missing file and replaces a regular one, with the mode asked for, leaving no temporary file', () => {
    const dir = temp();
    const file = path.join(dir, 'state', 'trust.json');
    expect(replaceRegularFile(file, 'one\n', { mode: 0o600, dirMode: 0o700 })).toBeUndefined();
    expect(fs.readFileSync(file, 'utf8')).toBe('one\n');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(replaceRegularFile(file, 'two\n', { mode: 0o600 })).toBeUndefined();
    expect(fs.readFileSync(file, 'utf8')).toBe('two\n');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['trust.json']);
  });

  it('keeps the mode of a file it replaces when given none', () => {
    const file = path.join(temp(), 'SKILL.md');
    fs.writeFileSync(file, 'old\n');
    fs.chmodSync(file, 0o640);
    expect(replaceRegularFile(file, 'new\n')).toBeUndefined();
    expect(fs.statSync(file).mode & 0o777).toBe(0o640);
  });

  it('writes the regular file a link points at, and the link stays a link', () => {
    const dir = temp();
    const real = path.join(dir, 'dotfiles', 'history.jsonl');
    fs.mkdirSync(path.dirname(real));
    fs.writeFileSync(real, 'old\n');
    const link = path.join(dir, 'history.jsonl');
    fs.symlinkSync(real, link);
    expect(replaceRegularFile(link, 'new\n')).toBeUndefined();
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(real, 'utf8')).toBe('new\n');
  });

  it('refuses /dev/null, a FIFO, a socket, a folder and links to them or to nothing, naming the path; /dev/null stays the device', async () => {
    const dir = temp();
    const before = devNull();
    expect(before.char).toBe(true);
    for (const [target, why] of await hostileTargets(dir)) {
      const error = replaceRegularFile(target, 'replaced\n', { mode: 0o600 });
      expect(error, target).toMatch(why);
      expect(error).toContain(target);
    }
    // Whoever runs this (root included): the device is the same device, with the same mode.
    expect(devNull()).toEqual(before);
    expect(fs.lstatSync(path.join(dir, 'pipe')).isFIFO()).toBe(true);
    expect(fs.lstatSync(path.join(dir, 'folder')).isDirectory()).toBe(true);
    expect(fs.readdirSync(path.join(dir, 'folder'))).toEqual([]);
    // Nothing was left beside the targets, and the FIFO was never opened.
    expect(fs.readdirSync(dir).sort()).toEqual(
      ['folder', 'pipe', 'sock', 'to-link-to-null', 'to-nothing', 'to-null', 'to-pipe'].sort(),
    );
    expect(fifo.rescued()).toEqual([]);
  });

  it('a failure is a message naming the file, never a throw', () => {
    const dir = temp();
    fs.writeFileSync(path.join(dir, 'blocker'), '');
    const error = replaceRegularFile(path.join(dir, 'blocker', 'file.json'), '{}', { dirMode: 0o700 });
    expect(error).toContain(path.join(dir, 'blocker', 'file.json'));
  });
});

describe('appendRegularFile and openRegularForAppend', () => {
  it('appends to a regular file (created when missing) and sets the mode through the descriptor', () => {
    const file = path.join(temp(), 'history', 'h.jsonl');
    expect(appendRegularFile(file, 'a\n', { mode: 0o600, dirMode: 0o700 })).toBeUndefined();
    expect(appendRegularFile(file, 'b\n', { mode: 0o600 })).toBeUndefined();
    expect(fs.readFileSync(file, 'utf8')).toBe('a\nb\n');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses the same targets at once: no blocking on a FIFO, /dev/null neither written nor chmod-ed', async () => {
    const dir = temp();
    const before = devNull();
    for (const [target, why] of await hostileTargets(dir)) {
      expect(appendRegularFile(target, 'x\n', { mode: 0o600 }), target).toMatch(why);
      const opened = openRegularForAppend(target, { mode: 0o600 });
      expect(opened.ok, target).toBe(false);
    }
    expect(devNull()).toEqual(before);
    expect(fifo.rescued()).toEqual([]);
  });

  it('with create: false, a missing file is an error, not a new file', () => {
    const file = path.join(temp(), 'gone.jsonl');
    expect(openRegularForAppend(file, { create: false })).toEqual({ ok: false, error: `${file} does not exist` });
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe('checkWriteTarget', () => {
  it('says where a write goes: the path itself, or the real file behind a link', () => {
    const dir = temp();
    const real = path.join(dir, 'real.json');
    fs.writeFileSync(real, '{}');
    fs.symlinkSync(real, path.join(dir, 'link.json'));
    expect(checkWriteTarget(path.join(dir, 'new.json'))).toEqual({
      ok: true,
      file: path.join(dir, 'new.json'),
      exists: false,
    });
    expect(checkWriteTarget(real)).toEqual({ ok: true, file: real, exists: true });
    expect(checkWriteTarget(path.join(dir, 'link.json'))).toEqual({ ok: true, file: real, exists: true });
  });
});
