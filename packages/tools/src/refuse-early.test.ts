import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolContext } from './context.js';
import { editFileTool } from './edit-file.js';
import { readFileTool } from './read-file.js';
import type { ToolContext } from './types.js';
import { writeFileTool } from './write-file.js';
import { runTool } from './testing/run-tool.test.util.js';

let tmp: string;
let root: string;
let ctx: ToolContext;

beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'refuse-early-')));
  root = path.join(tmp, 'root');
  fs.mkdirSync(root);
  ctx = createToolContext({ root });
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** `refuse` runs before the approval question: what `run` would refuse, it refuses first. */
describe('refuse: the checks a write makes before anyone is asked', () => {
  it('write_file: a new file inside the root may be asked about; an unread existing one is refused', () => {
    expect(writeFileTool.refuse?.({ path: 'new.txt', content: 'x' }, ctx)).toBeUndefined();
    fs.writeFileSync(path.join(root, 'old.txt'), 'old');
    expect(writeFileTool.refuse?.({ path: 'old.txt', content: 'x' }, ctx)).toBe(
      'old.txt already exists and has not been read in this session. Read it with read_file first, then try again.',
    );
  });

  it('write_file and edit_file: a file changed since it was read is refused', async () => {
    fs.writeFileSync(path.join(root, 'a.txt'), 'one\n');
    await runTool(readFileTool, { path: 'a.txt' }, ctx);
    expect(writeFileTool.refuse?.({ path: 'a.txt', content: 'x' }, ctx)).toBeUndefined();
    fs.writeFileSync(path.join(root, 'a.txt'), 'one and more\n');
    const edit = { path: 'a.txt', old_string: 'one', new_string: 'two' };
    expect(editFileTool.refuse?.(edit, ctx)).toContain('has changed on disk since it was last read');
    expect(writeFileTool.refuse?.({ path: 'a.txt', content: 'x' }, ctx)).toContain('has changed on disk');
  });

  it('edit_file: a missing file, and an old_string that is not there, are refused; a good edit is not', async () => {
    expect(editFileTool.refuse?.({ path: 'nope.txt', old_string: 'a', new_string: 'b' }, ctx)).toBe(
      'nope.txt does not exist. Use write_file to create it.',
    );
    fs.writeFileSync(path.join(root, 'b.txt'), 'alpha\n');
    await runTool(readFileTool, { path: 'b.txt' }, ctx);
    expect(editFileTool.refuse?.({ path: 'b.txt', old_string: 'beta', new_string: 'x' }, ctx)).toContain(
      'old_string was not found in b.txt',
    );
    expect(editFileTool.refuse?.({ path: 'b.txt', old_string: 'alpha', new_string: 'x' }, ctx)).toBeUndefined();
  });

  it('both: a path outside the root is refused naming the path', () => {
    expect(writeFileTool.refuse?.({ path: '../x.txt', content: 'x' }, ctx)).toContain('"../x.txt"');
    expect(editFileTool.refuse?.({ path: '/etc/hostname', old_string: 'a', new_string: 'b' }, ctx)).toContain(
      '"/etc/hostname"',
    );
  });
});
