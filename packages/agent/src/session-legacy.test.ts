/**
 * A session file written before the model layer (Messages API blocks in its records; see
 * testing/legacy-session/README.md): read as neutral messages, never rewritten, and resumed so
 * that every byte the API saw before is sent again, which the strict mock's thinking-signature
 * check confirms.
 */
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPolicy } from '@coding-harness/approval';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { createToolRegistry } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from './agent.js';
import { createSessionStore } from './session-store.js';
import {
  anthropicAt,
  body,
  cleanup,
  mockServer,
  ofType,
  tempDir,
  transcriptProblems,
  turn,
  turnEnd,
} from './testing/kit.test.util.js';

afterEach(cleanup);

const FIXTURE = fileURLToPath(new URL('./testing/legacy-session/', import.meta.url));
const ID = '2026-11-30T12-00-00-000Z-2c89d979';

/** A copy of the old file in a fresh sessions dir, and its bytes. */
async function oldSession(): Promise<{ dir: string; file: string; bytes: Buffer }> {
  const dir = await tempDir('legacy-sessions-');
  const file = join(dir, `${ID}.jsonl`);
  await copyFile(join(FIXTURE, `${ID}.jsonl`), file);
  return { dir, file, bytes: await readFile(file) };
}

/** A JSON value as sent, without the request-time cache markers. */
const unmarked = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value).replaceAll(',"cache_control":{"type":"ephemeral"}', ''));

describe('a session file written before the model layer', () => {
  it('loads as neutral messages and a neutral prefix, and the file is not rewritten', async () => {
    const { dir, file, bytes } = await oldSession();
    const loaded = await createSessionStore({ dir }).load(ID);
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.notices).toEqual([]);
    expect(loaded.messages.map((m) => m.content.map((p) => p.type))).toEqual([
      ['text'],
      ['thinking', 'text', 'tool_call', 'tool_call'],
      ['tool_result', 'tool_result'],
      ['thinking', 'thinking', 'text'],
      ['text'],
      ['thinking', 'text'],
    ]);
    const [, reply, results, answer] = loaded.messages;
    expect(reply!.content[0]).toMatchObject({
      text: 'I should read the notes',
      meta: { anthropic: { signature: expect.any(String) } },
    });
    expect(reply!.content[2]).toMatchObject({ type: 'tool_call', name: 'read_file', input: { path: 'notes.txt' } });
    expect(results!.content[0]).toMatchObject({ content: [{ type: 'text', text: '     1\talpha\n     2\tbeta' }] });
    expect(results!.content[1]).toMatchObject({ isError: true });
    expect(answer!.content[1]).toMatchObject({ redacted: true, meta: { anthropic: { data: expect.any(String) } } });
    expect(loaded.prefix?.system[0]).toEqual({ text: expect.stringContaining('Work root: /tmp/legacy-fixture/work') });
    expect(loaded.prefix?.tools.map((t) => t.name)).toEqual([
      'read_file',
      'glob',
      'grep',
      'edit_file',
      'write_file',
      'bash',
    ]);
    expect(loaded.prefix?.tools[0]).toHaveProperty('inputSchema.type', 'object');
    expect(loaded.settings).toEqual({ model: 'claude-sonnet-5-5', effort: 'medium' });
    expect(transcriptProblems(loaded.messages)).toEqual([]);
    expect(Buffer.compare(await readFile(file), bytes)).toBe(0);
  });

  it('resumes sending the bytes it sent before: the mock accepts every thinking block; old lines stay as they were', async () => {
    const { dir, file, bytes } = await oldSession();
    const server = await mockServer(
      new ScriptBuilder()
        .turn({
          content: [
            { type: 'thinking', thinking: 'resumed' },
            { type: 'text', text: 'Still here.' },
          ],
        })
        .build(),
    );
    const registry = createToolRegistry();
    const agent = await createAgent({
      providers: anthropicAt(server.url),
      model: 'claude-sonnet-5-5',
      registry,
      policy: createPolicy({ mode: 'bypassPermissions', tools: registry.ruleNames() }),
      workroot: await tempDir('legacy-root-'),
      clock: () => new Date('2026-11-30T12:00:00Z'),
      sessionStore: createSessionStore({ dir }),
      resumeId: ID,
    });
    expect(agent.resumed).toBe(true);
    const events = await turn(agent, 'one more thing');
    expect(ofType(events, 'error')).toEqual([]);
    expect(turnEnd(events).stopReason).toBe('end_turn');
    expect(server.messageRequests().filter((r) => r.rejected)).toEqual([]);

    const before = JSON.parse(await readFile(join(FIXTURE, 'last-request.body.json'), 'utf8')) as {
      system: unknown;
      tools: unknown;
      messages: unknown[];
      output_config: unknown;
    };
    const now = body(server, 0);
    // The stored prefix, byte for byte, breakpoints where they were.
    expect(JSON.stringify(now.system)).toBe(JSON.stringify(before.system));
    expect(JSON.stringify(now.tools)).toBe(JSON.stringify(before.tools));
    // Every earlier message as it was sent (only the request-time markers move), then the reply
    // the old session stored, then the new turn and the note on what changed (the work root).
    expect(JSON.stringify(unmarked(now.messages.slice(0, 5)))).toBe(JSON.stringify(unmarked(before.messages)));
    expect(now.messages[5]).toMatchObject({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'second turn' },
        { type: 'text', text: 'Done.' },
      ],
    });
    expect(now.messages.slice(6).map((m) => m.role)).toEqual(['user', 'system']);
    expect(now.output_config).toEqual(before.output_config);
    const after = await readFile(file);
    expect(Buffer.compare(after.subarray(0, bytes.length), bytes)).toBe(0);
    // What the resumed session appended is neutral: the new turn, the note, the reply.
    const appended = after
      .subarray(bytes.length)
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; message?: { role: string; content: { type: string }[] } });
    const messages = appended.flatMap((r) => (r.message ? [r.message] : []));
    expect(messages.map((m) => m.role)).toEqual(['user', 'system', 'assistant']);
    expect(messages[2]!.content).toEqual([
      { type: 'thinking', text: 'resumed', meta: { anthropic: { signature: expect.any(String) } } },
      { type: 'text', text: 'Still here.' },
    ]);
  });
});
