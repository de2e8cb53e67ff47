import { resultText } from '@coding-harness/model';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, ofType, setup, turn } from './testing/kit.test.util.js';

afterEach(cleanup);

/**
 * A call the tool would refuse is refused before the approval question: in ask mode the ask
 * function is never called, and the tool_result the model gets says why.
 */
describe('checks before questions', () => {
  async function refusedWithoutAsking(
    call: { name: string; input: Record<string, unknown> },
    prepare?: (root: string) => void,
  ) {
    const script = new ScriptBuilder().toolUse(call.name, call.input).text('ok').build();
    const s = await setup(script);
    prepare?.(s.workroot);
    const events = await turn(s.agent, 'go');
    expect(s.ask.questions).toEqual([]);
    expect(ofType(events, 'approval_requested')).toEqual([]);
    const [finished] = ofType(events, 'tool_call_finished');
    expect(finished?.isError).toBe(true);
    // The model's view: the second request carries the refusal as an error tool_result.
    const second = s.server.messageRequests()[1]?.body as { messages: { content: unknown[] }[] };
    const result = second.messages.at(-1)?.content[0] as { type: string; is_error?: boolean; content: string };
    expect(result).toMatchObject({ type: 'tool_result', is_error: true });
    return { result: result.content, workroot: s.workroot };
  }

  it('an edit of a file never read: no question, the result says to read it first', async () => {
    const { result, workroot } = await refusedWithoutAsking(
      { name: 'edit_file', input: { path: 'a.txt', old_string: 'one', new_string: 'two' } },
      (root) => writeFileSync(join(root, 'a.txt'), 'one\n'),
    );
    expect(result).toBe(
      'a.txt already exists and has not been read in this session. Read it with read_file first, then try again.',
    );
    expect(readFileSync(join(workroot, 'a.txt'), 'utf8')).toBe('one\n');
  });

  it('an overwrite of a file never read: no question', async () => {
    const { result } = await refusedWithoutAsking(
      { name: 'write_file', input: { path: 'b.txt', content: 'new' } },
      (root) => writeFileSync(join(root, 'b.txt'), 'old\n'),
    );
    expect(result).toContain('has not been read in this session');
  });

  it('a write outside the work root: no question, the result names the path and the root', async () => {
    const { result } = await refusedWithoutAsking({
      name: 'write_file',
      input: { path: '../outside.txt', content: 'x' },
    });
    expect(result).toMatch(/^Path "\.\.\/outside\.txt" resolves to .*outside the work root/);
  });

  it('an edit of a missing file: no question, the result says to use write_file', async () => {
    const { result } = await refusedWithoutAsking({
      name: 'edit_file',
      input: { path: 'missing.txt', old_string: 'a', new_string: 'b' },
    });
    expect(result).toBe('missing.txt does not exist. Use write_file to create it.');
  });

  it('a write into .git (a protected path): no question', async () => {
    const { result } = await refusedWithoutAsking({ name: 'write_file', input: { path: '.git/config', content: 'x' } });
    expect(result).toContain('.git');
  });

  it('an input that fails the schema: no question, the result names the field', async () => {
    const { result } = await refusedWithoutAsking({ name: 'write_file', input: { path: 'c.txt' } });
    expect(result).toContain('content');
  });

  it('an edit whose old_string is not in the read file: no question', async () => {
    const script = new ScriptBuilder()
      .toolUse('read_file', { path: 'd.txt' })
      .toolUse('edit_file', { path: 'd.txt', old_string: 'absent', new_string: 'x' })
      .text('ok')
      .build();
    const s = await setup(script);
    writeFileSync(join(s.workroot, 'd.txt'), 'present\n');
    const events = await turn(s.agent, 'go');
    expect(s.ask.questions).toEqual([]);
    expect(ofType(events, 'tool_call_finished').map((e) => e.isError)).toEqual([false, true]);
    expect(resultText(ofType(events, 'tool_call_finished')[1]!.content)).toContain('old_string was not found in d.txt');
  });

  it('a call that would succeed is still asked about, once', async () => {
    const script = new ScriptBuilder()
      .toolUse('read_file', { path: 'e.txt' })
      .toolUse('edit_file', { path: 'e.txt', old_string: 'one', new_string: 'two' })
      .text('ok')
      .build();
    const s = await setup(script);
    writeFileSync(join(s.workroot, 'e.txt'), 'one\n');
    await turn(s.agent, 'go');
    expect(s.ask.questions.map((q) => q.tool)).toEqual(['edit_file']);
    expect(readFileSync(join(s.workroot, 'e.txt'), 'utf8')).toBe('two\n');
  });

  it('a call plan mode refuses is not asked about, and its tool line says why', async () => {
    const script = new ScriptBuilder().toolUse('write_file', { path: 'p.txt', content: 'x' }).text('ok').build();
    const s = await setup(script, { policy: { mode: 'plan' } });
    const events = await turn(s.agent, 'go');
    expect(s.ask.questions).toEqual([]);
    expect(ofType(events, 'tool_call_finished')[0]?.display).toBe(
      'denied: Plan mode: the session is read-only, so this write_file call was not run.',
    );
  });

  it("the user's own no keeps the plain tool line", async () => {
    const script = new ScriptBuilder().toolUse('write_file', { path: 'q.txt', content: 'x' }).text('ok').build();
    const s = await setup(script, { answers: [{ type: 'deny', message: 'not now' }] });
    const events = await turn(s.agent, 'go');
    expect(s.ask.questions).toHaveLength(1);
    expect(ofType(events, 'tool_call_finished')[0]?.display).toBe('denied');
  });
});
