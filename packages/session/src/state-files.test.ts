/**
 * The files the session keeps for itself (trust decisions, skill usage counts, prompt history)
 * pointed at /dev/null or a FIFO, as a user turning one off or a stale link would: every write is
 * refused with a message naming the path, nothing waits on the FIFO, and /dev/null is still the
 * machine's character device afterwards (the same device number and mode), root or not.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPromptHistory } from './history.js';
import { readSkillUsage, recordSkillUse } from './skill-usage.js';
import { readTrust, recordTrust } from './trust.js';

const dirs: string[] = [];
const rescuers: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of rescuers.splice(0)) child.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function temp(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'session-state-files-')));
  dirs.push(d);
  return d;
}

/**
 * A FIFO at `file` with a rescuer that, after 30 s, leaves `<file>.rescued` and opens the FIFO from
 * both ends: only code that blocked on it is still waiting then, so the mark means it waited.
 */
function fifoAt(file: string): () => boolean {
  mkdirSync(dirname(file), { recursive: true });
  execFileSync('mkfifo', [file]);
  const mark = `${file}.rescued`;
  const code = `const fs = require('node:fs'); fs.writeFileSync(${JSON.stringify(mark)}, ''); fs.closeSync(fs.openSync(${JSON.stringify(file)}, 'r+'));`;
  rescuers.push(spawn(process.execPath, ['-e', `setTimeout(() => { ${code} }, 30000)`], { stdio: 'ignore' }));
  return () => existsSync(mark);
}

function linkToDevNull(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  symlinkSync('/dev/null', file);
}

const devNull = () => {
  const st = lstatSync('/dev/null');
  return { char: st.isCharacterDevice(), rdev: st.rdev, mode: st.mode };
};

describe('state files pointed at /dev/null or a FIFO', () => {
  const before = devNull();

  afterEach(() => {
    expect(devNull()).toEqual(before);
    expect(before.char).toBe(true);
  });

  it('trust.json: the decision is not recorded, the message names the file, the link stays', () => {
    const nul = join(temp(), 'trust.json');
    linkToDevNull(nul);
    expect(recordTrust(nul, '/repo', 'trusted')).toMatch(new RegExp(`^${nul} .*not a regular file`));
    expect(lstatSync(nul).isSymbolicLink()).toBe(true);
    const piped = join(temp(), 'trust.json');
    const rescued = fifoAt(piped);
    expect(readTrust(piped)).toMatchObject({ ok: false, problem: expect.stringContaining(piped) });
    expect(recordTrust(piped, '/repo', 'trusted')).toContain(piped);
    expect(rescued()).toBe(false);
    expect(lstatSync(piped).isFIFO()).toBe(true);
  });

  it('skill-usage.json: the use is not counted, with a message naming the file', () => {
    const nul = join(temp(), 'skill-usage.json');
    linkToDevNull(nul);
    expect(recordSkillUse(nul, 'review')).toMatch(/^skill usage not recorded: .*not a regular file/);
    const piped = join(temp(), 'skill-usage.json');
    const rescued = fifoAt(piped);
    expect(readSkillUsage(piped)).toMatchObject({ counts: {}, notice: expect.stringContaining(piped) });
    expect(recordSkillUse(piped, 'review')).toContain(piped);
    expect(rescued()).toBe(false);
  });

  it('the prompt history: appending and trimming (a whole rewrite) are both refused', () => {
    for (const limit of [500, 1]) {
      const root = temp();
      const history = createPromptHistory({ env: { XDG_STATE_HOME: root }, home: root, workroot: '/w', limit });
      linkToDevNull(history.file);
      // limit 1: the second prompt would rewrite the file whole (two entries reach twice the limit).
      expect(history.add('one'), `limit ${limit}`).toMatch(/not a regular file/);
      expect(history.add('two')).toContain(history.file);
      expect(history.load()).toEqual([]);
    }
    const root = temp();
    const history = createPromptHistory({ env: { XDG_STATE_HOME: root }, home: root, workroot: '/w' });
    const rescued = fifoAt(history.file);
    expect(history.load()).toEqual([]);
    expect(history.add('one')).toContain(history.file);
    expect(rescued()).toBe(false);
  });

  it('a state or config dir that is /dev/null itself: nothing is created or replaced', () => {
    const env = { XDG_STATE_HOME: '/dev/null' };
    const history = createPromptHistory({ env, home: temp(), workroot: '/w' });
    expect(history.add('one')).toContain('/dev/null/');
    expect(recordTrust('/dev/null/coding-harness/trust.json', '/repo', 'never')).toContain('/dev/null/');
    expect(recordSkillUse('/dev/null', 'review')).toMatch(
      /^skill usage not recorded: \/dev\/null is a character device/,
    );
  });
});
