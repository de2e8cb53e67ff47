import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createPolicy } from '@coding-harness/approval';
import type { MockServer } from '@coding-harness/mock-anthropic';
import type { Script } from '@coding-harness/mock-anthropic';
import type { Skill } from '@coding-harness/skills';
import { createToolRegistry } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import type { Agent, AgentOptions } from './agent.js';
import { createAgent } from './agent.js';
import { createSessionStore } from './session-store.js';
import type { SessionStore } from './session-store.js';
import { CHANGES_INTRO } from './session-resume.js';
import {
  anthropicAt,
  body,
  cleanup,
  loadSkills,
  mockServer,
  ofType,
  tempDir,
  transcriptProblems,
  turn,
  turnEnd,
  writeSkill,
  replies,
} from './testing/kit.test.util.js';
import type { WireMessage } from './testing/kit.test.util.js';

afterEach(cleanup);

const DAY1 = new Date('2026-12-01T23:50:00Z');
const DAY2 = new Date('2026-12-02T08:00:00Z');

/** A turn that thinks, then calls a tool (the thinking block is signed over the prefix). */
const thinkThenCall = (name: string, input: Record<string, unknown>): Script['turns'][number] => ({
  content: [
    { type: 'thinking', thinking: `planning a ${name} call` },
    { type: 'tool_use', name, input },
  ],
});
const thinkThenSay = (text: string): Script['turns'][number] => ({
  content: [
    { type: 'thinking', thinking: 'done thinking' },
    { type: 'text', text },
  ],
});

interface World {
  server: MockServer;
  store: SessionStore;
  home: string;
  workroot: string;
  skillsRoot: string;
}

async function world(turns: Script['turns']): Promise<World> {
  const server = await mockServer({ turns });
  const home = await tempDir('resume-home-');
  const workroot = await tempDir('resume-root-');
  const skillsRoot = join(home, 'skills');
  await mkdir(skillsRoot, { recursive: true });
  return { server, store: createSessionStore({ dir: join(home, 'sessions') }), home, workroot, skillsRoot };
}

async function agentIn(
  w: World,
  opts: Partial<AgentOptions> & { clock: () => Date },
): Promise<{ agent: Agent; skills: Skill[] }> {
  const skills = await loadSkills(w.skillsRoot, w.home, w.workroot);
  const agent = await createAgent({
    providers: anthropicAt(w.server.url),
    model: 'claude-sonnet-5-5',
    registry: createToolRegistry(),
    policy: createPolicy({ mode: 'bypassPermissions' }),
    skills,
    workroot: w.workroot,
    sessionStore: w.store,
    retry: { sleep: async () => undefined, baseDelayMs: 1, maxAttempts: 1 },
    ...opts,
  });
  return { agent, skills };
}

/** The exact bytes of a request's system and tools, with the breakpoints as sent. */
const prefixBytes = (server: MockServer, i: number): string =>
  JSON.stringify([body(server, i).system, body(server, i).tools]);
/** The text of a message as the mock received it. */
const textOf = (m: WireMessage | undefined): string =>
  m ? m.content.flatMap((b) => (b.type === 'text' ? [String(b.text)] : [])).join('\n') : '';
const errors = (events: Awaited<ReturnType<typeof turn>>): string[] => ofType(events, 'error').map((e) => e.message);

describe('resuming a session keeps its prefix append-only', () => {
  it('after AGENTS.md changed, a skill was added and the date moved on: nothing is rejected, system and tools are byte-identical, and the model is told (the skill tool itself: the session package)', async () => {
    const w = await world([
      thinkThenCall('glob', { pattern: '*' }),
      thinkThenSay('first done'),
      thinkThenCall('glob', { pattern: '*.md' }),
      thinkThenSay('second done'),
    ]);
    await writeFile(join(w.workroot, 'AGENTS.md'), 'Indent with tabs.\n');
    await writeSkill(w.skillsRoot, 'alpha', 'Alpha work: the first skill.', 'Alpha body.');
    const first = await agentIn(w, { clock: () => DAY1 });
    const one = await turn(first.agent, 'first task');
    expect(errors(one)).toEqual([]);
    expect(turnEnd(one).stopReason).toBe('end_turn');

    await writeFile(join(w.workroot, 'AGENTS.md'), 'Indent with two spaces.\n');
    await writeSkill(w.skillsRoot, 'beta', 'Beta work: the skill added later.', 'Beta body: the new instructions.');
    const second = await agentIn(w, { clock: () => DAY2, resumeId: first.agent.sessionId });
    expect(second.agent.resumed).toBe(true);
    expect(second.agent.systemPrompt).toBe(first.agent.systemPrompt);
    const two = await turn(second.agent, 'second task');
    expect(errors(two)).toEqual([]);
    expect(turnEnd(two).stopReason).toBe('end_turn');

    const requests = w.server.messageRequests().length;
    expect(requests).toBe(4);
    for (let i = 1; i < requests; i++) expect(prefixBytes(w.server, i)).toBe(prefixBytes(w.server, 0));
    // The resumed request repeats every earlier message unchanged, then the new turn and the note.
    const resumedBody = body(w.server, 2).messages;
    const strip = (v: unknown): unknown =>
      JSON.parse(JSON.stringify(v).replaceAll(',"cache_control":{"type":"ephemeral"}', ''));
    expect(strip(resumedBody.slice(0, 3))).toEqual(strip(body(w.server, 1).messages));
    // The reply stored in the file goes back as the API sent it: its thinking and signature intact.
    const reply = first.agent.messages().at(-1)!;
    const thought = reply.content[0]!;
    expect(thought.type === 'thinking' && thought.meta?.anthropic?.signature).toBeTruthy();
    expect(strip(resumedBody[3])).toEqual({
      role: 'assistant',
      content: [
        {
          type: 'thinking',
          thinking: thought.type === 'thinking' ? thought.text : '',
          signature: thought.type === 'thinking' ? thought.meta?.anthropic?.signature : '',
        },
        { type: 'text', text: 'first done' },
      ],
    });
    const note = resumedBody[5];
    expect(note?.role).toBe('system');
    const said = textOf(note);
    expect(said.startsWith(CHANGES_INTRO)).toBe(true);
    expect(said).toContain("Today's date is now 2026-12-02");
    expect(said).toContain('Indent with two spaces.');
    expect(said).toContain('Beta work: the skill added later.');
    expect(transcriptProblems(second.agent.messages().filter((m) => m.role !== 'system'))).toEqual([]);

    // A third start sees the same stored prefix and the note in the file, not a second one.
    const reloaded = await w.store.load(first.agent.sessionId);
    expect(reloaded.ok && reloaded.messages).toEqual(second.agent.messages());
  });

  it('a later resume tells only what changed since the last note, not the same news again', async () => {
    const w = await world([thinkThenSay('one'), thinkThenSay('two'), thinkThenSay('three'), thinkThenSay('four')]);
    await writeFile(join(w.workroot, 'AGENTS.md'), 'Rule one.\n');
    const first = await agentIn(w, { clock: () => DAY1 });
    await turn(first.agent, 'first task');
    await writeFile(join(w.workroot, 'AGENTS.md'), 'Rule two.\n');
    const resume = async (clock: Date, text: string): Promise<void> => {
      const { agent } = await agentIn(w, { clock: () => clock, resumeId: first.agent.sessionId });
      expect(errors(await turn(agent, text))).toEqual([]);
    };
    await resume(DAY2, 'second task');
    const sent = (i: number): WireMessage[] => body(w.server, i).messages;
    expect(textOf(sent(1).at(-1))).toContain('Rule two.');
    await resume(DAY2, 'third task');
    expect(sent(2).at(-1)?.role).toBe('user');
    expect(sent(2)).toHaveLength(sent(1).length + 2);
    await resume(new Date('2026-12-05T09:00:00Z'), 'fourth task');
    const last = textOf(sent(3).at(-1));
    expect(last).toContain("Today's date is now 2026-12-05");
    expect(last).not.toContain('Rule two.');
    for (let i = 1; i < 4; i++) expect(prefixBytes(w.server, i)).toBe(prefixBytes(w.server, 0));
  });

  it('the same resume without the stored prefix (a file from an older harness) is what the API rejects', async () => {
    const w = await world([thinkThenSay('first done'), thinkThenSay('never reached')]);
    const first = await agentIn(w, { clock: () => DAY1 });
    expect(turnEnd(await turn(first.agent, 'first task')).stopReason).toBe('end_turn');
    const file = join(w.store.dir, `${first.agent.sessionId}.jsonl`);
    const lines = (await readFile(file, 'utf8')).split('\n');
    expect(JSON.parse(lines[1]!)).toMatchObject({ type: 'prefix' });
    await writeFile(file, [lines[0], ...lines.slice(2)].join('\n'));
    const second = await agentIn(w, { clock: () => DAY2, resumeId: first.agent.sessionId });
    expect(second.agent.notices.join('\n')).toContain('saved without its system prompt and tools');
    const two = await turn(second.agent, 'second task');
    expect(turnEnd(two).stopReason).toBe('error');
    expect(errors(two).join('\n')).toContain('bound to a different conversation');
  });

  it('on a model without mid-conversation system messages the change is a note in the user turn', async () => {
    const w = await world([
      { content: [{ type: 'text', text: 'first done' }] },
      { content: [{ type: 'text', text: 'second done' }] },
    ]);
    const first = await agentIn(w, { clock: () => DAY1, model: 'claude-sonnet-5' });
    expect(turnEnd(await turn(first.agent, 'first task')).stopReason).toBe('end_turn');
    const second = await agentIn(w, { clock: () => DAY2, model: 'claude-sonnet-5', resumeId: first.agent.sessionId });
    const two = await turn(second.agent, 'second task');
    expect(errors(two)).toEqual([]);
    const sent = body(w.server, 1).messages;
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(textOf(sent[2])).toContain('second task');
    expect(textOf(sent[2])).toContain("Today's date is now 2026-12-02");
    expect(prefixBytes(w.server, 1)).toBe(prefixBytes(w.server, 0));
  });

  it('nothing is queued when nothing changed', async () => {
    const w = await world([thinkThenSay('first done'), thinkThenSay('second done')]);
    const first = await agentIn(w, { clock: () => DAY1 });
    await turn(first.agent, 'first task');
    const second = await agentIn(w, { clock: () => DAY1, resumeId: first.agent.sessionId });
    expect(errors(await turn(second.agent, 'second task'))).toEqual([]);
    expect(body(w.server, 1).messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('resuming with another model says earlier thinking may not be readable, and the turn still works', async () => {
    const w = await world([thinkThenSay('first done'), { content: [{ type: 'text', text: 'opus here' }] }]);
    const first = await agentIn(w, { clock: () => DAY1 });
    await turn(first.agent, 'first task');
    const second = await agentIn(w, { clock: () => DAY1, model: 'claude-opus-5-5', resumeId: first.agent.sessionId });
    expect(second.agent.notices.join('\n')).toMatch(
      /started with claude-sonnet-5-5 and resumes with claude-opus-5-5: earlier thinking may not be readable/,
    );
    const two = await turn(second.agent, 'second task');
    expect(errors(two)).toEqual([]);
    expect(replies(two)[0]).toBe('opus here');
    // The next resume names the model this one used (recorded in the file), not the start one.
    await second.agent.close();
    const third = await agentIn(w, {
      clock: () => DAY1,
      model: 'claude-fable-5-1',
      resumeId: first.agent.sessionId,
      resumeKeeps: { model: false, effort: false },
    });
    expect(third.agent.notices.join('\n')).toMatch(/was last using claude-opus-5-5 and resumes with claude-fable-5-1/);
  });

  it('clear() after a resume starts from the current prompt and tools', async () => {
    const w = await world([thinkThenSay('first done'), thinkThenSay('fresh start')]);
    await writeFile(join(w.workroot, 'AGENTS.md'), 'Old rule.\n');
    const first = await agentIn(w, { clock: () => DAY1 });
    await turn(first.agent, 'first task');
    await writeFile(join(w.workroot, 'AGENTS.md'), 'New rule.\n');
    const second = await agentIn(w, { clock: () => DAY2, resumeId: first.agent.sessionId });
    second.agent.clear();
    expect(second.agent.systemPrompt).toContain('New rule.');
    expect(errors(await turn(second.agent, 'another task'))).toEqual([]);
    expect(JSON.stringify(body(w.server, 1).system)).toContain('New rule.');
    expect(body(w.server, 1).messages).toHaveLength(1);
  });
});

describe('projectInstructions', () => {
  it('false reads AGENTS.md and CLAUDE.md from the config dir only', async () => {
    const w = await world([{ content: [{ type: 'text', text: 'ok' }] }]);
    const configDir = await tempDir('resume-config-');
    await writeFile(join(configDir, 'AGENTS.md'), 'From the config dir.\n');
    await writeFile(join(w.workroot, 'AGENTS.md'), 'From the untrusted clone.\n');
    await writeFile(join(w.workroot, 'CLAUDE.md'), 'Also from the clone.\n');
    const { agent } = await agentIn(w, { clock: () => DAY1, configDir, projectInstructions: false });
    expect(agent.systemPrompt).toContain('From the config dir.');
    expect(agent.systemPrompt).not.toContain('untrusted clone');
    expect(agent.systemPrompt).not.toContain('Also from the clone');
    const trusted = await agentIn(w, { clock: () => DAY1, configDir });
    expect(trusted.agent.systemPrompt).toContain('From the untrusted clone.');
  });
});
