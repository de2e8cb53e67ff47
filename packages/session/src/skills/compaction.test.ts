/** Compaction with the skills plugin: invoked skills put back after the summary. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSessionStore, SUMMARY_HEADING } from '@coding-harness/agent';
import { totalInput } from '@coding-harness/model';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import {
  body,
  cleanup,
  ofType,
  setup,
  tempDir,
  transcriptProblems,
  turn,
  writeSkill,
} from './testing/kit.test.util.js';

afterEach(cleanup);

describe('compaction', () => {
  it('summarises older turns in one request, keeps system and tools, re-attaches invoked skills, reports tokens', async () => {
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
      skills: (root) =>
        writeSkill(
          root,
          'release-notes',
          'Write release notes from the git changelog.',
          'Group the changes of $ARGUMENTS by type.',
        ),
      // A model without server compaction: the harness writes the summary.
      agent: { contextWindow: 12_000, sessionStore: store, model: 'claude-fable-5-2' },
    });
    const first = await turn(agent, '/release-notes v1');
    expect(ofType(first, 'compaction')).toEqual([]);
    const before = totalInput(ofType(first, 'usage').at(-1)!.usage);
    expect(before).toBeGreaterThan(0.8 * 12_000);

    const second = await turn(agent, 'what next?');
    const compaction = ofType(second, 'compaction');
    expect(compaction).toHaveLength(1);
    expect(compaction[0]!.tokensBefore).toBe(before);
    expect(compaction[0]!.reattachedSkills).toEqual(['release-notes']);
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
    expect(texts[1]).toContain('Group the changes of v1 by type.');
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
});
