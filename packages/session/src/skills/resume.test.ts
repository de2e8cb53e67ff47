/** A resumed session with the skills plugin: a skill added since loads through the tool, whose stored enum lacks it. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createAgent, CHANGES_INTRO, createSessionStore } from '@coding-harness/agent';
import type { Agent, AgentOptions, SessionStore } from '@coding-harness/agent';
import { createPolicy } from '@coding-harness/approval';
import { resultText } from '@coding-harness/model';
import type { MockServer, Script } from '@coding-harness/mock-anthropic';
import type { Skill } from '@coding-harness/skills';
import { createToolRegistry } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { createSkillsPlugin } from './plugin.js';
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
  const plugin = createSkillsPlugin({ skills });
  const registry = createToolRegistry({
    tools: skills.length > 0 ? [plugin.tool] : [],
    ruleEntries: [plugin.ruleEntry],
  });
  const agent = await createAgent({
    providers: anthropicAt(w.server.url),
    model: 'claude-sonnet-5-5',
    registry,
    policy: createPolicy({ mode: 'bypassPermissions', tools: registry.ruleNames() }),
    hooks: [plugin.hooks],
    skillTool: plugin.tool.name,
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

describe('resuming a session with the skills plugin', () => {
  it('after AGENTS.md changed, a skill was added and the date moved on: nothing is rejected, system and tools are byte-identical, and the model is told', async () => {
    const w = await world([
      thinkThenCall('glob', { pattern: '*' }),
      thinkThenSay('first done'),
      thinkThenCall('skill', { name: 'beta' }),
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
    expect(said).toContain('added: beta');
    expect(said).toContain('Beta work: the skill added later.');
    // Sonnet 5.5 takes tool changes mid-conversation: the skill tool's current definition (its enum
    // now names beta) is offered with the note, by value, without touching `tools`.
    const offered = note!.content.find((b) => b.type === 'tool_addition') as
      | { tool: { type: string; definition: { name: string; input_schema: unknown } } }
      | undefined;
    expect(offered?.tool).toMatchObject({ type: 'tool_definition', definition: { name: 'skill' } });
    expect(JSON.stringify(offered?.tool.definition.input_schema)).toContain('"beta"');
    expect(w.server.messageRequests()[2]!.headers['anthropic-beta']).toBe('inline-tools-2026-09-15');
    expect(said).toContain('its current definition is offered with this message');
    // The stored skill tool's enum lacks beta, yet the call works: validation is the current registry's.
    const beta = ofType(two, 'tool_call_finished').find((e) => e.name === 'skill');
    expect(beta?.isError).toBe(false);
    expect(resultText(beta!.content)).toContain('Beta body: the new instructions.');
    expect(transcriptProblems(second.agent.messages().filter((m) => m.role !== 'system'))).toEqual([]);

    // A third start sees the same stored prefix and the note in the file, not a second one.
    const reloaded = await w.store.load(first.agent.sessionId);
    expect(reloaded.ok && reloaded.messages).toEqual(second.agent.messages());
  });
});
