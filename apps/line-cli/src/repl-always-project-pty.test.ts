import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv, cleanup, makeSandbox, mock } from './test-support/cli.js';
import { killTmuxServers, onTmux } from './test-support/tmux.js';

afterEach(async () => {
  killTmuxServers();
  await cleanup();
});

const touch = (done: string) => new ScriptBuilder().toolUse('bash', { command: 'touch made.txt' }).text(done).build();

describe('"always for this project" in the REPL (tmux)', () => {
  it('saves the rule in .claude/settings.local.json; a new session runs the same command without a question', async () => {
    const box = makeSandbox();
    mkdirSync(join(box.work, '.git'));
    const file = join(box.work, '.claude', 'settings.local.json');
    // The questions are the subject: without the sandbox, which would run the command without one.
    const args = ['-C', box.work, '--no-sandbox'];

    const first = await mock(touch('first done'));
    const one = onTmux(box.root, [...args, '--trust'], childEnv(box, first), 'one');
    await one.waitFor('/help for commands');
    one.keys('go', 'Enter');
    const asked = await one.waitFor('[p]roject / [n]o (message)');
    expect(asked).toContain('[p]roject stores it for this project too (.claude/settings.local.json)');
    one.keys('p', 'Enter');
    const saved = await one.waitFor('first done');
    expect(saved).toContain(`always allowed for this project: Bash(touch made.txt) (saved in ${file})`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ permissions: { allow: ['Bash(touch made.txt)'] } });
    expect(statSync(file).mode & 0o777).toBe(0o644);
    one.keys('/exit', 'Enter');

    const second = await mock(touch('second done'));
    const two = onTmux(box.root, args, childEnv(box, second), 'two');
    await two.waitFor('/help for commands');
    two.keys('go', 'Enter');
    const screen = await two.waitFor('second done');
    expect(screen).not.toContain('Allow bash');
    expect(existsSync(join(box.work, 'made.txt'))).toBe(true);
    // `/permissions` names the file the rule came from.
    two.keys('/permissions', 'Enter');
    await two.waitFor(`allow bash(touch made.txt)  (session, ${file})`);
  });
});
