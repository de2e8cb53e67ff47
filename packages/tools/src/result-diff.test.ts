/**
 * A write's result carries the diff people see (`ToolResult.diff`), so a front end can show what
 * changed when no question showed a preview (accept-edits mode, an allow rule).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolContext } from './context.js';
import { RESULT_DIFF_MAX_LINES } from './diff.js';
import { editFileTool } from './edit-file.js';
import { readFileTool } from './read-file.js';
import type { ToolContext } from './types.js';
import { writeFileTool } from './write-file.js';
import { runTool } from './testing/run-tool.test.util.js';

let tmp: string;
let ctx: ToolContext;

beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'result-diff-')));
  ctx = createToolContext({ root: tmp });
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('the diff in a write result', () => {
  it('edit_file: the whole change with labels, while the model still gets its snippet', async () => {
    fs.writeFileSync(path.join(tmp, 'a.ts'), 'one\ntwo\nthree\n');
    await runTool(readFileTool, { path: 'a.ts' }, ctx);
    const r = await runTool(editFileTool, { path: 'a.ts', old_string: 'two', new_string: 'TWO' }, ctx);
    expect(r.isError).toBe(false);
    expect(r.diff).toBe(['--- a.ts', '+++ a.ts', '@@ -1,3 +1,3 @@', ' one', '-two', '+TWO', ' three'].join('\n'));
    expect(r.content).toContain('-two\n+TWO');
  });

  it('write_file over a read file: what it replaced; a new file: every line added', async () => {
    fs.writeFileSync(path.join(tmp, 'b.txt'), 'old\n');
    await runTool(readFileTool, { path: 'b.txt' }, ctx);
    const over = await runTool(writeFileTool, { path: 'b.txt', content: 'new\n' }, ctx);
    expect(over.diff).toBe(['--- b.txt', '+++ b.txt', '@@ -1,1 +1,1 @@', '-old', '+new'].join('\n'));
    const created = await runTool(writeFileTool, { path: 'dir/c.txt', content: 'x\ny\n' }, ctx);
    expect(created.diff).toBe(['--- dir/c.txt', '+++ dir/c.txt', '@@ -0,0 +1,2 @@', '+x', '+y'].join('\n'));
    expect(created.content).not.toContain('+x');
  });

  it('is capped with a count of the rest; a failed write has none', async () => {
    const big = Array.from({ length: RESULT_DIFF_MAX_LINES + 50 }, (_, i) => `l${i}`).join('\n');
    const r = await runTool(writeFileTool, { path: 'big.txt', content: big }, ctx);
    const lines = r.diff?.split('\n') ?? [];
    expect(lines).toHaveLength(RESULT_DIFF_MAX_LINES + 1);
    expect(lines.at(-1)).toBe('… 53 more diff lines');
    const refused = await runTool(writeFileTool, { path: 'big.txt', content: 'x' }, createToolContext({ root: tmp }));
    expect(refused.isError).toBe(true);
    expect(refused.diff).toBeUndefined();
  });
});
