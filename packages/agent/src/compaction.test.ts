import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { PENDING_HEADING, SUMMARY_HEADING } from './compaction.js';
import { createSessionStore } from './session-store.js';
import { body, cleanup, ofType, setup, tempDir, transcriptProblems, turn } from './testing/kit.test.util.js';
import { totalInput } from '@coding-harness/model';

afterEach(cleanup);

/** A model the provider does not compact for (no `serverCompaction`): the harness writes the summary. */
const CLIENT_SUMMARY = 'claude-fable-5-2';

describe('compaction written by the harness (a model without server compaction)', () => {
  it('summarises older turns in one request, keeps system and tools, reports tokens (skills re-attached: the session package)', async () => {
    const workroot = await tempDir('agent-root-');
    const line = `${'x'.repeat(90)}\n`;
    await writeFile(join(workroot, 'big.txt'), line.repeat(400));
    const script = new ScriptBuilder()
      .toolUse('read_file', { path: 'big.txt' })
      .text('I read big.txt.')
      .text('SUMMARY: the user forced release-notes v1 and had me read big.txt (400 lines of x).', {
        match: 'about to be compacted',
      })
      .text('Continuing from the summary.')
      .build();
    const sessions = await tempDir('agent-sessions-');
    const store = createSessionStore({ dir: sessions });
    const { agent, server } = await setup(script, {
      workroot,
      agent: { model: CLIENT_SUMMARY, contextWindow: 12_000, sessionStore: store },
    });
    const first = await turn(agent, 'read big.txt');
    expect(ofType(first, 'compaction')).toEqual([]);
    const before = totalInput(ofType(first, 'usage').at(-1)!.usage);
    expect(before).toBeGreaterThan(0.8 * 12_000);

    const second = await turn(agent, 'what next?');
    const compaction = ofType(second, 'compaction');
    expect(compaction).toHaveLength(1);
    expect(compaction[0]!.tokensBefore).toBe(before);
    expect(compaction[0]!.reattachedSkills).toEqual([]);
    expect(compaction[0]!.tokensAfter).toBeLessThan(before / 2);

    const requests = server.messageRequests();
    expect(requests).toHaveLength(4);
    for (let i = 1; i < 4; i++) {
      expect(JSON.stringify(body(server, i).system)).toBe(JSON.stringify(body(server, 0).system));
      expect(JSON.stringify(body(server, i).tools)).toBe(JSON.stringify(body(server, 0).tools));
    }
    const summaryRequest = body(server, 2).messages;
    expect(JSON.stringify(summaryRequest.at(-1))).toContain('about to be compacted');

    const after = body(server, 3).messages;
    expect(after).toHaveLength(1);
    const texts = after[0]!.content.map((b) => (b.type === 'text' ? b.text : ''));
    expect(texts[0]).toContain(SUMMARY_HEADING);
    expect(texts[0]).toContain('SUMMARY: the user forced release-notes');
    expect(texts.at(-1)).toBe('what next?');
    expect(totalInput(ofType(second, 'usage').at(-1)!.usage)).toBe(compaction[0]!.tokensAfter);
    expect(transcriptProblems(agent.messages())).toEqual([]);
    expect(agent.messages().at(-1)).toMatchObject({
      role: 'assistant',
      content: [{ type: 'text', text: 'Continuing from the summary.' }],
    });

    const loaded = await store.load(agent.sessionId);
    expect(loaded.ok && loaded.messages).toEqual(agent.messages());
  });

  it('carries the pending tool exchange over as text when compacting mid-turn, keeping no assistant turn', async () => {
    const workroot = await tempDir('agent-root-');
    await writeFile(join(workroot, 'big.txt'), `${'y'.repeat(90)}\n`.repeat(400));
    const script = new ScriptBuilder()
      .toolUse('read_file', { path: 'big.txt' })
      .toolUse('glob', { pattern: '*.txt' })
      .text('SUMMARY: read big.txt.', { match: 'about to be compacted' })
      .text('Found it.')
      .build();
    const { agent, server } = await setup(script, {
      workroot,
      agent: { model: CLIENT_SUMMARY, contextWindow: 12_000 },
    });
    const events = await turn(agent, 'look');
    expect(ofType(events, 'compaction')).toHaveLength(1);
    const last = body(server, 3).messages;
    expect(last.map((m) => m.role)).toEqual(['user']);
    const text = last[0]!.content.map((b) => (b.type === 'text' ? b.text : '')).join('\n');
    expect(text).toContain(PENDING_HEADING);
    expect(text).toContain('### glob {"pattern":"*.txt"}');
    expect(text).toContain('big.txt');
    expect(JSON.stringify(last)).not.toContain('tool_use');
    expect(transcriptProblems(agent.messages())).toEqual([]);
  });
});

describe('a harness-written compaction under the preserved-thinking prefix check (strict mock, claude-fable-5-2)', () => {
  it('compacts in the middle of a tool loop with thinking blocks, then makes three more requests, none rejected', async () => {
    const workroot = await tempDir('agent-root-');
    await writeFile(join(workroot, 'big.txt'), `${'z'.repeat(90)}\n`.repeat(400));
    await writeFile(join(workroot, 'small.txt'), 'small\n');
    const think = (thinking: string) => ({ type: 'thinking' as const, thinking });
    const script = new ScriptBuilder()
      .turn({
        content: [
          think('I should read the big file.'),
          { type: 'tool_use', name: 'read_file', input: { path: 'big.txt' } },
        ],
      })
      .turn({
        content: [think('Now list the text files.'), { type: 'tool_use', name: 'glob', input: { pattern: '*.txt' } }],
      })
      .text('SUMMARY: read big.txt, listed the text files.', { match: 'about to be compacted' })
      .turn({
        content: [
          think('Read the small one too.'),
          { type: 'tool_use', name: 'read_file', input: { path: 'small.txt' } },
        ],
      })
      .turn({ content: [think('That is everything.'), { type: 'text', text: 'Both files read.' }] })
      .turn({ content: [think('Answer the follow-up.'), { type: 'text', text: 'Nothing else to do.' }] })
      .build();
    const { agent, server } = await setup(script, {
      workroot,
      agent: { model: CLIENT_SUMMARY, contextWindow: 12_000 },
    });
    const first = await turn(agent, 'look at the files');
    expect(ofType(first, 'compaction')).toHaveLength(1);
    expect(ofType(first, 'error')).toEqual([]);
    const second = await turn(agent, 'anything else?');
    expect(ofType(second, 'error')).toEqual([]);

    const requests = server.messageRequests();
    expect(requests).toHaveLength(6);
    expect(requests.flatMap((r, i) => (r.rejected ? [`request ${i}: ${r.rejected.message}`] : []))).toEqual([]);
    expect(requests.flatMap((r) => r.thinkingTransformations ?? [])).toEqual([]);
    // The first request after compaction carries no assistant turn, so no thinking block sits behind the new prefix.
    expect(body(server, 3).messages.map((m) => m.role)).toEqual(['user']);
    // Later requests send the new thinking blocks back byte for byte.
    const thinkingSent = JSON.stringify(
      body(server, 5).messages.flatMap((m) => m.content.filter((b) => b.type === 'thinking')),
    );
    expect(thinkingSent).toContain('Read the small one too.');
    expect(agent.messages().at(-1)).toMatchObject({ role: 'assistant' });
    expect(transcriptProblems(agent.messages())).toEqual([]);

    // Control: the old compacted shape (the pending assistant turn with its thinking kept behind a
    // summary) is what the strict mock rejects, so the requests above passed for a reason.
    const pending = body(server, 1);
    const [, assistant, results] = pending.messages;
    const old = {
      ...pending,
      stream: false,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'SUMMARY: earlier work.' }] }, assistant, results],
    };
    const response = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'test', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify(old),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('bound to a different conversation');
  });
});
