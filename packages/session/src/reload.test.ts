/** `/reload-skills` through the wiring, against the real mock server: the prefix keeps its bytes, the new skill loads. */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentEvent } from '@coding-harness/agent';
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import type { MockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessArgs } from './args.js';
import { buildHarness } from './build.js';
import { sessionOver } from './session.js';
import { formatSlashResult } from './slash-format.js';

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of undo.splice(0).reverse()) await f();
});

function writeSkill(root: string, name: string, description: string, body: string): void {
  mkdirSync(join(root, name), { recursive: true });
  writeFileSync(join(root, name, 'SKILL.md'), `---\nname: ${name}\ndescription: ${description}\n---\n${body}\n`);
}

async function sandbox(script: ScriptBuilder, argv: string[] = []) {
  const server: MockServer = await startMockServer({ script: script.build() });
  undo.push(() => server.close());
  const root = mkdtempSync(join(tmpdir(), 'session-reload-'));
  undo.push(() => rmSync(root, { recursive: true, force: true }));
  const work = join(root, 'work');
  const skills = join(root, 'skills');
  mkdirSync(work);
  writeSkill(skills, 'alpha', 'Use for alpha work.', 'Alpha steps.');
  writeSkill(skills, 'gone', 'Use for work that will be removed.', 'Gone steps.');
  const env = {
    ANTHROPIC_BASE_URL: server.url,
    XDG_STATE_HOME: join(root, 'state'),
    XDG_CONFIG_HOME: join(root, 'cfg'),
  };
  const parsed = parseHarnessArgs(['-C', work, '--skills', skills, ...argv]);
  if (!parsed.ok) throw new Error(parsed.message);
  const harness = await buildHarness(parsed.flags, env, { home: join(root, 'home'), cwd: root });
  return { server, harness, skills };
}

async function run(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

type Body = { system: unknown; tools: unknown; messages: { role: string; content: unknown }[] };
const bodyOf = (server: MockServer, i: number): Body => server.messageRequests()[i]!.body as Body;
const texts = (content: unknown): string =>
  (content as { type: string; text?: string; content?: unknown }[])
    .map((b) => (b.type === 'text' ? b.text : b.type === 'tool_result' ? JSON.stringify(b.content) : ''))
    .join('\n');

describe('harness.reloadSkills', () => {
  it('keeps system and tools byte-identical, tells the model in a mid-conversation system message, and the new skill loads', async () => {
    const { server, harness, skills } = await sandbox(
      new ScriptBuilder().text('first').toolUse('skill', { name: 'beta' }).text('done'),
    );
    await run(harness.agent.send('hello'));
    const startRegistry = harness.registry;
    writeSkill(skills, 'beta', 'Use for beta work.', 'Beta steps: $ARGUMENTS');
    rmSync(join(skills, 'gone'), { recursive: true });
    const result = await harness.reloadSkills();
    expect(result).toMatchObject({ added: ['beta'], removed: ['gone'], changed: [] });
    expect(harness.skills.map((s) => s.name)).toEqual(['alpha', 'beta']);
    // The tool set is not rebuilt: only the skills plugin's skills are swapped.
    expect(harness.registry).toBe(startRegistry);
    expect(harness.route('/beta now')).toEqual({ kind: 'run_skill', name: 'beta', text: '/beta now' });

    const events = await run(harness.agent.send('use beta'));
    expect(events.find((e) => e.type === 'error')).toBeUndefined();
    const first = bodyOf(server, 0);
    const second = bodyOf(server, 1);
    expect(JSON.stringify(second.system)).toBe(JSON.stringify(first.system));
    expect(JSON.stringify(second.tools)).toBe(JSON.stringify(first.tools));
    const note = second.messages.find((m) => m.role === 'system');
    expect(texts(note?.content)).toContain('Added skills:\n- beta: Use for beta work.');
    expect(texts(note?.content)).toContain('Removed skills (they can no longer be loaded): gone.');
    // The message after the model's skill call carries the new skill's body.
    const third = bodyOf(server, 2);
    expect(texts(third.messages.at(-1)!.content)).toContain('Beta steps:');
    expect(JSON.stringify(third.system)).toBe(JSON.stringify(first.system));
  });

  it('keeps refusing writes into every skill folder seen, also one a later reload removed', async () => {
    const write = (path: string) => ({ path, content: 'rewritten' });
    const script = new ScriptBuilder()
      .toolUse('write_file', write('skills/beta/SKILL.md'))
      .text('done')
      .toolUse('write_file', write('skills/alpha/SKILL.md'))
      .text('done');
    const server = await startMockServer({ script: script.build() });
    undo.push(() => server.close());
    const root = mkdtempSync(join(tmpdir(), 'session-reload-dirs-'));
    undo.push(() => rmSync(root, { recursive: true, force: true }));
    const skills = join(root, 'skills');
    writeSkill(skills, 'alpha', 'Use for alpha work.', 'Alpha steps.');
    const env = {
      ANTHROPIC_BASE_URL: server.url,
      XDG_STATE_HOME: join(root, 'state'),
      XDG_CONFIG_HOME: join(root, 'cfg'),
    };
    const parsed = parseHarnessArgs(['-C', root, '--skills', skills, '--permission-mode', 'bypass']);
    if (!parsed.ok) throw new Error(parsed.message);
    const harness = await buildHarness(parsed.flags, env, { home: join(root, 'home'), cwd: root });
    writeSkill(skills, 'beta', 'Use for beta work.', 'Beta steps.');
    expect(await harness.reloadSkills()).toMatchObject({ added: ['beta'] });
    rmSync(join(skills, 'beta'), { recursive: true });
    expect(await harness.reloadSkills()).toMatchObject({ removed: ['beta'] });
    expect(harness.skills.map((s) => s.name)).toEqual(['alpha']);
    for (const [i, name] of ['beta', 'alpha'].entries()) {
      await run(harness.agent.send(`rewrite ${name}`));
      const result = texts(bodyOf(server, i * 2 + 1).messages.at(-1)!.content);
      expect(result).toContain(`Refused: skills/${name}/SKILL.md is inside`);
    }
    expect(existsSync(join(skills, 'beta', 'SKILL.md'))).toBe(false);
  });

  it('on a model without mid-conversation system messages the same news is a note in the user turn', async () => {
    const { server, harness, skills } = await sandbox(new ScriptBuilder().text('one').text('two'), [
      '--model',
      'claude-sonnet-4-6',
    ]);
    await run(harness.agent.send('hello'));
    writeSkill(skills, 'beta', 'Use for beta work.', 'Beta steps.');
    await harness.reloadSkills();
    await run(harness.agent.send('again'));
    const second = bodyOf(server, 1);
    expect(second.messages.some((m) => m.role === 'system')).toBe(false);
    expect(texts(second.messages.at(-1)!.content)).toContain('<harness-note>');
    expect(texts(second.messages.at(-1)!.content)).toContain('- beta: Use for beta work.');
  });

  it('a conversation /clear starts after a reload is told the difference from the start-up listing', async () => {
    const { server, harness, skills } = await sandbox(new ScriptBuilder().text('one').text('two').text('three'));
    await run(harness.agent.send('hello'));
    writeSkill(skills, 'beta', 'Use for beta work.', 'Beta steps.');
    await harness.reloadSkills();
    await run(harness.agent.send('again'));
    harness.agent.clear();
    await run(harness.agent.send('fresh start'));
    const third = bodyOf(server, 2);
    expect(third.messages.map((m) => m.role)).toEqual(['user', 'system']);
    expect(texts(third.messages[1]!.content)).toContain('- beta: Use for beta work.');
    expect(JSON.stringify(third.system)).toBe(JSON.stringify(bodyOf(server, 0).system));
  });

  it('/reload-skills prints what changed, and "nothing changed" when nothing did', async () => {
    const { harness, skills } = await sandbox(new ScriptBuilder().text('never'));
    const session = sessionOver(harness);
    const printed: string[][] = [];
    const reload = async (): Promise<void> => {
      const result = await session.dispatch({ id: 'r', type: 'slash', text: '/reload-skills' });
      if (!result.ok || result.type !== 'slash') throw new Error(JSON.stringify(result));
      printed.push(formatSlashResult(result.data));
    };
    await reload();
    writeSkill(skills, 'beta', 'Use for beta work.', 'Beta.');
    await reload();
    expect(printed).toEqual([
      ['skills reloaded: nothing changed'],
      ['added: /beta', 'the model is told with your next message'],
    ]);
  });

  it('reads the agent files again: a new agent runs at once and is named; a removed one is gone', async () => {
    const { server, harness } = await sandbox(
      new ScriptBuilder()
        .toolUse('agent', { description: 'late', prompt: 'Say hi.', subagent_type: 'late' })
        .text('LATE-ANSWER')
        .text('done'),
    );
    const agents = join(harness.workroot, '..', 'home', '.claude', 'agents');
    mkdirSync(agents, { recursive: true });
    writeFileSync(join(agents, 'late.md'), '---\nname: late\ndescription: Added later.\n---\nYou are LATE.\n');
    const reloaded = await harness.reloadSkills();
    expect(reloaded.messages).toContain('agents added: late');
    await run(harness.agent.send('go'));
    const sub = server.messageRequests()[1]!.body as { system: { text: string }[] };
    expect(JSON.stringify(sub.system)).toContain('You are LATE.');
    expect(texts(bodyOf(server, 2).messages.at(-1)!.content)).toContain('LATE-ANSWER');
    rmSync(join(agents, 'late.md'));
    expect((await harness.reloadSkills()).messages).toContain('agents removed: late');
    await harness.close();
  });
});
