/** The skills plugin on the loop's hooks: re-attach from stored loads, usage counts, a swapped skill set. */
import { statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentEvent } from '@coding-harness/agent';
import { createSessionStore } from '@coding-harness/agent';
import { createPolicy } from '@coding-harness/approval';
import { resultText } from '@coding-harness/model';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { builtinRuleNames } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { readSkillUsage } from '../skill-usage.js';
import { SKILL_RULES } from './skill.js';
import { body, cleanup, loadSkills, ofType, setup, tempDir, turn, writeSkill } from './testing/kit.test.util.js';

afterEach(cleanup);

/** A work root with a file big enough that reading it passes a 12,000-token window's threshold. */
async function bigRoot(): Promise<string> {
  const workroot = await tempDir('skills-root-');
  await writeFile(join(workroot, 'big.txt'), `${'x'.repeat(90)}\n`.repeat(400));
  return workroot;
}

async function drain(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** A model without server compaction: the harness writes the summary, and the skills go back after it. */
const HARNESS_SUMMARY = 'claude-fable-5-2';

/** The texts of the one user message a compaction leaves, as the next request sent it. */
const compactedTexts = (server: Parameters<typeof body>[0], i: number): string[] =>
  body(server, i).messages[0]!.content.map((b) => (b.type === 'text' ? String(b.text) : ''));

describe('re-attaching skills after a compaction', () => {
  it("puts back the text the load gave the model, without running the skill's !cmd again", async () => {
    const workroot = await bigRoot();
    const marker = join(workroot, 'marker.txt');
    const command = `echo line >> ${marker}; echo done`;
    const script = new ScriptBuilder()
      .toolUse('skill', { name: 'stamp' })
      .toolUse('read_file', { path: 'big.txt' })
      .text('read')
      .text('SUMMARY: stamped and read.', { match: 'about to be compacted' })
      .text('Continuing.')
      .build();
    const { agent, server } = await setup(script, {
      workroot,
      skills: (root) => writeSkill(root, 'stamp', 'Stamp the marker.', `Stamped: !\`${command}\``),
      policy: { allow: [`Bash(${command})`] },
      agent: { contextWindow: 12_000, model: HARNESS_SUMMARY },
    });
    await turn(agent, 'stamp it');
    expect(await readFile(marker, 'utf8')).toBe('line\n');
    const second = await turn(agent, 'next?');
    expect(ofType(second, 'compaction')[0]?.reattachedSkills).toEqual(['stamp']);
    expect(compactedTexts(server, 4)[1]).toContain('Stamped: done');
    // The command ran once, when the skill loaded; the compaction wrote nothing.
    expect(await readFile(marker, 'utf8')).toBe('line\n');
  });

  it('puts back the redacted text: a secret in the skill body never reaches the model, before or after', async () => {
    const secret = 'sk-test-deploy-key-98765';
    const script = new ScriptBuilder()
      .toolUse('skill', { name: 'deploy-notes' })
      .toolUse('read_file', { path: 'big.txt' })
      .text('read')
      .text('SUMMARY: loaded the notes.', { match: 'about to be compacted' })
      .text('Continuing.')
      .build();
    const { agent, server } = await setup(script, {
      workroot: await bigRoot(),
      skills: (root) => writeSkill(root, 'deploy-notes', 'Deploy notes.', `Deploy with the key ${secret} only.`),
      agent: { contextWindow: 12_000, secrets: [secret], model: HARNESS_SUMMARY },
    });
    await turn(agent, 'load the notes');
    await turn(agent, 'next?');
    expect(compactedTexts(server, 4)[1]).toContain('Deploy with the key [redacted secret] only.');
    for (const request of server.messageRequests()) expect(JSON.stringify(request.body)).not.toContain(secret);
  });

  it("does not widen: a model-invoked skill's own allowed-tools never run its !cmd, at load or at a compaction", async () => {
    const workroot = await bigRoot();
    const marker = join(workroot, 'touched.txt');
    const command = `touch ${marker}`;
    const script = new ScriptBuilder()
      .toolUse('skill', { name: 'wide' })
      .toolUse('read_file', { path: 'big.txt' })
      .text('read')
      .text('SUMMARY.', { match: 'about to be compacted' })
      .text('Continuing.')
      .build();
    // The user allowed the command, then took the rule back before the compaction.
    const policy = createPolicy({ mode: 'default', tools: builtinRuleNames([SKILL_RULES]) });
    policy.addRule('allow', `Bash(${command})`, '/permissions');
    const { agent } = await setup(script, {
      workroot,
      skills: (root) => writeSkill(root, 'wide', 'Wide.', `Run: !\`${command}\``, ['allowed-tools: Bash(touch:*)']),
      agent: { contextWindow: 12_000, policy },
    });
    expect(ofType(await turn(agent, 'go'), 'tool_call_finished')[0]?.isError).toBe(false);
    const loadedAt = statSync(marker).mtimeMs;
    await new Promise((r) => setTimeout(r, 50));
    policy.removeRule(`Bash(${command})`);
    const second = await turn(agent, 'next?');
    expect(ofType(second, 'compaction')[0]?.reattachedSkills).toEqual(['wide']);
    expect(statSync(marker).mtimeMs).toBe(loadedAt);
  });

  it("an older harness's record (no stored text) is put back from the transcript; a malformed one is skipped", async () => {
    const sessions = await tempDir('skills-sessions-');
    const store = createSessionStore({ dir: sessions });
    const workroot = await bigRoot();
    const skills = (root: string) => writeSkill(root, 'notes', 'Release notes.', 'Group the changes by type.');
    const first = await setup(new ScriptBuilder().toolUse('skill', { name: 'notes' }).text('loaded').build(), {
      workroot,
      skills,
      agent: { sessionStore: store },
    });
    await turn(first.agent, 'load notes');
    await first.agent.close();
    // Rewrite the file as the previous agent wrote it: the record without `content`, and a broken one.
    const file = join(sessions, `${first.agent.sessionId}.jsonl`);
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    const legacy = lines.map((l) => (l.includes('"type":"skill"') ? '{"type":"skill","name":"notes","args":""}' : l));
    await writeFile(file, `${[...legacy, '{"type":"skill","args":""}'].join('\n')}\n`);
    const script = new ScriptBuilder()
      .toolUse('read_file', { path: 'big.txt' })
      .text('read')
      .text('SUMMARY: notes and a file.', { match: 'about to be compacted' })
      .build();
    const second = await setup(script, {
      workroot,
      skills,
      agent: { sessionStore: store, resumeId: first.agent.sessionId, contextWindow: 12_000, model: HARNESS_SUMMARY },
    });
    await turn(second.agent, 'read big.txt');
    const events = await drain(second.agent.compact());
    expect(ofType(events, 'compaction')[0]?.reattachedSkills).toEqual(['notes']);
    const kept = second.agent.messages()[0]!.content.map((p) => (p.type === 'text' ? p.text : ''));
    expect(kept[1]).toContain('Group the changes by type.');
  });
});

describe('usage counts', () => {
  it('counts each successful load by name (not a failed one), and says once when the file cannot be written', async () => {
    const state = await tempDir('skills-state-');
    const file = join(state, 'skill-usage.json');
    const script = new ScriptBuilder()
      .toolUse('skill', { name: 'review' })
      .toolUse('skill', { name: 'gone' })
      .text('one')
      .toolUse('skill', { name: 'review' })
      .text('two')
      .build();
    const skills = (root: string) => writeSkill(root, 'review', 'Review code.', 'Review it.');
    const counted = await setup(script, { skills, plugin: { usageFile: file } });
    await turn(counted.agent, 'review');
    await turn(counted.agent, 'again');
    expect(readSkillUsage(file).counts).toEqual({ review: 2 });

    await writeFile(join(state, 'blocked'), '');
    const unwritable = await setup(script, { skills, plugin: { usageFile: join(state, 'blocked', 'usage.json') } });
    const first = ofType(await turn(unwritable.agent, 'review'), 'notice').map((n) => n.message);
    expect(first.filter((m) => m.startsWith('skill usage not recorded'))).toHaveLength(1);
    const again = ofType(await turn(unwritable.agent, 'again'), 'notice').map((n) => n.message);
    expect(again.filter((m) => m.startsWith('skill usage not recorded'))).toEqual([]);
  });
});

describe('a swapped skill set (what /reload-skills does)', () => {
  it('a session that started without skills forces a new one with /name through the plugin tool, and is told of it once; a cleared conversation is told what changed since the start', async () => {
    const script = new ScriptBuilder().text('loaded').text('fresh').build();
    const { agent, server, home, workroot, plugin } = await setup(script);
    const root = join(home, 'later-skills');
    await mkdir(root, { recursive: true });
    await writeSkill(root, 'beta', 'Beta work.', 'Beta steps: $ARGUMENTS');
    const skills = await loadSkills(root, home, workroot);
    plugin.update({
      skills,
      discovery: { skills, problems: [], notes: [] },
      note: 'NOTE: beta was added.',
      sinceStart: 'SINCE START: beta was added.',
    });
    agent.updateSkills({ skills });
    const events = await turn(agent, '/beta now');
    expect(ofType(events, 'tool_call_started')[0]).toMatchObject({ name: 'skill', forced: true });
    const sent = body(server, 0);
    expect((sent.tools as { name: string }[]).map((t) => t.name)).not.toContain('skill');
    expect(JSON.stringify(sent.messages)).toContain('NOTE: beta was added.');
    expect(resultText(ofType(events, 'tool_call_finished')[0]!.content)).toContain('Beta steps: now');

    agent.clear();
    await turn(agent, 'hello');
    const cleared = JSON.stringify(body(server, 1).messages);
    expect(cleared).toContain('SINCE START: beta was added.');
    expect(cleared).not.toContain('NOTE: beta was added.');
  });
});
