/** Failures carry a code beside their words, so hooks and front ends never parse a message. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bashTool } from './bash.js';
import { createToolContext } from './context.js';
import { editFileTool } from './edit-file.js';
import { readFileTool } from './read-file.js';
import { createToolRegistry } from './registry.js';
import type { ToolContext } from './types.js';
import { writeFileTool } from './write-file.js';

let tmp: string;
let ctx: ToolContext;
beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'error-codes-')));
  fs.mkdirSync(path.join(tmp, 'root', '.git'), { recursive: true });
  ctx = createToolContext({ root: path.join(tmp, 'root') });
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('error codes', () => {
  it('a missing file is not_found, a path outside the root outside_root, a protected one protected', async () => {
    expect((await readFileTool.execute({ path: 'nope.txt' }, ctx)).errorCode).toBe('not_found');
    expect((await editFileTool.execute({ path: 'nope.txt', old_string: 'a', new_string: 'b' }, ctx)).errorCode).toBe(
      'not_found',
    );
    expect((await readFileTool.execute({ path: '../outside.txt' }, ctx)).errorCode).toBe('outside_root');
    expect((await writeFileTool.execute({ path: '../outside.txt', content: 'x' }, ctx)).errorCode).toBe('outside_root');
    expect((await writeFileTool.execute({ path: '.git/config', content: 'x' }, ctx)).errorCode).toBe('protected');
  });

  it('a command past its timeout is timeout, an aborted one cancelled, a failing one failed; success has none', async () => {
    expect((await bashTool.execute({ command: 'sleep 5', timeout: 200 }, ctx)).errorCode).toBe('timeout');
    expect((await bashTool.execute({ command: 'exit 3' }, ctx)).errorCode).toBe('failed');
    expect((await bashTool.execute({ command: 'true' }, ctx)).errorCode).toBeUndefined();
    const stop = new AbortController();
    stop.abort();
    expect((await readFileTool.execute({ path: 'x' }, { ...ctx, signal: stop.signal })).errorCode).toBe('cancelled');
  });

  it('input that does not validate, and an unknown tool, are invalid_input', () => {
    const registry = createToolRegistry({ rgPath: null });
    const bad = registry.prepare('read_file', { path: 1 }, ctx);
    const unknown = registry.prepare('nope', {}, ctx);
    expect([!bad.ok && bad.result.errorCode, !unknown.ok && unknown.result.errorCode]).toEqual([
      'invalid_input',
      'invalid_input',
    ]);
  });
});

describe("bash's onUpdate", () => {
  it('is told the output as it arrives when the agent passes it to execute', async () => {
    const pieces: string[] = [];
    const result = await bashTool.execute({ command: 'echo one; echo two' }, ctx, {
      onUpdate: (text) => pieces.push(text),
    });
    expect(result.isError).toBe(false);
    expect(pieces.join('')).toBe('one\ntwo\n');
  });
});
