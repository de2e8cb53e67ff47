/** A skill's discovery notes: counted in one start-up line, said in full when that skill loads. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentEvent } from '@coding-harness/agent';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessArgs } from './args.js';
import { buildHarness } from './build.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

async function notices(events: AsyncIterable<AgentEvent>): Promise<string[]> {
  const out: string[] = [];
  for await (const e of events) if (e.type === 'notice') out.push(e.message);
  return out;
}

describe('notes of a skill that loads', () => {
  it('are one line at start, then said in full the first time the skill loads, and only then', async () => {
    const server = await startMockServer({
      script: new ScriptBuilder()
        .toolUse('skill', { name: 'repo-status' })
        .text('loaded')
        .toolUse('skill', { name: 'repo-status' })
        .text('again')
        .build(),
    });
    undo.push(() => server.close());
    const root = mkdtempSync(join(tmpdir(), 'session-notes-'));
    undo.push(() => rmSync(root, { recursive: true, force: true }));
    const home = join(root, 'home');
    const dir = join(home, '.agents', 'skills', 'repo-status');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'SKILL.md'),
      '---\nname: repo-status\ndescription: Shows the status.\nallowed-tools: Bash(echo:*) Bash(git status\n---\nRun it.\n',
    );
    mkdirSync(join(root, 'work'));
    const parsed = parseHarnessArgs(['-C', join(root, 'work')]);
    if (!parsed.ok) throw new Error(parsed.message);
    const harness = await buildHarness(
      parsed.flags,
      { ANTHROPIC_BASE_URL: server.url, XDG_STATE_HOME: join(root, 'state'), XDG_CONFIG_HOME: join(root, 'config') },
      { home, cwd: root },
    );
    expect(harness.startupMessages).toContain('1 skill note; run harness skills for details');

    const first = await notices(harness.agent.send('check the status'));
    const said = first.filter((n) => n.startsWith('skill note:'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(join(dir, 'SKILL.md'));
    expect(said[0]).toContain('allowed-tools entry "Bash(git status" does not parse');

    const second = await notices(harness.agent.send('once more'));
    expect(second.filter((n) => n.startsWith('skill note:'))).toEqual([]);
  });
});
