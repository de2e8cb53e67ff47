// The REPL's Tab with MCP servers: their prompts complete as /words, their resources as @server:uri
// before the files of the work root.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inputCompleter } from './input-complete.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('Tab with MCP servers', () => {
  it('completes prompts as /words and resources as @server:uri before files', () => {
    const root = mkdtempSync(join(tmpdir(), 'input-complete-'));
    dirs.push(root);
    writeFileSync(join(root, 'everything.txt'), '');
    const complete = inputCompleter(
      () => ['help', 'mcp__everything__args-prompt'],
      () => root,
      (line) => (line.endsWith('@ev') ? ['@everything:demo://a'] : []),
    );
    expect(complete('/mcp__')).toEqual([['/mcp__everything__args-prompt'], '/mcp__']);
    expect(complete('read @ev')).toEqual([['@everything:demo://a', '@everything.txt'], '@ev']);
  });
});
