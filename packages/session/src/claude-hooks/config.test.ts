/** Parsing Claude Code's hooks objects, matchers, the tool-input mapping and the plugin source, on real files. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkMatcher, matches } from './matcher.js';
import { parseHookSource } from './parse-config.js';
import { pluginHookSources } from './sources.js';
import { claudeToolName, fromClaudeInput, matchNames, toClaudeInput } from './tool-input.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const src = (hooks: unknown) => ({
  source: 'user settings',
  file: '/home/u/.claude/settings.json',
  trusted: true,
  hooks,
});

describe('parseHookSource', () => {
  it('reads every command hook with its event, matcher, timeout (default 60 s) and source', () => {
    const r = parseHookSource(
      src({
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'a.sh', timeout: 5 }] }],
        Stop: [{ hooks: [{ type: 'command', command: 'b.sh' }] }],
      }),
    );
    expect(r.problems).toEqual([]);
    expect(r.hooks).toEqual([
      expect.objectContaining({ event: 'PreToolUse', matcher: 'Bash', command: 'a.sh', timeoutSec: 5 }),
      expect.objectContaining({ event: 'Stop', matcher: '', command: 'b.sh', timeoutSec: 60, source: 'user settings' }),
    ]);
  });

  it('skips what it cannot run with a line naming the file, the place and the fix', () => {
    const r = parseHookSource(
      src({
        PermissionRequest: [],
        PreToolUse: [
          { matcher: '(', hooks: [{ type: 'command', command: 'x' }] },
          {
            matcher: 'Bash',
            hooks: [
              { type: 'prompt', prompt: 'judge' },
              { type: 'command', command: '' },
            ],
          },
          { matcher: 'Bash', hooks: [{ type: 'command', command: 'y', timeout: -1 }] },
        ],
        Stop: 'not a list',
      }),
    );
    expect(r.hooks).toEqual([]);
    expect(r.problems).toEqual([
      expect.stringMatching(
        /settings\.json \(user settings\): hook event "PermissionRequest" is not run by this harness/,
      ),
      expect.stringMatching(/hooks\.PreToolUse\[0\]\.matcher "\(": not a valid regular expression/),
      expect.stringMatching(/hooks\.PreToolUse\[1\]\.hooks\[0\]: hook type "prompt" is not run by this harness/),
      expect.stringMatching(/hooks\.PreToolUse\[1\]\.hooks\[1\]: "command" must be a non-empty string/),
      expect.stringMatching(
        /hooks\.PreToolUse\[2\]\.hooks\[0\]: "timeout" must be a positive number of seconds, not -1/,
      ),
      expect.stringMatching(/hooks\.Stop must be a list/),
    ]);
    expect(parseHookSource(src(['x'])).problems).toEqual([
      expect.stringMatching(/"hooks" must be an object of events/),
    ]);
  });
});

describe('matchers', () => {
  it('empty and * match all; names and A|B match exactly; anything else is a regular expression', () => {
    expect(matches('', ['bash', 'Bash'])).toBe(true);
    expect(matches('*', ['x'])).toBe(true);
    expect(matches('Bash', ['bash', 'Bash'])).toBe(true);
    expect(matches('Edit|Write', ['write_file', 'Write'])).toBe(true);
    expect(matches('Edit', ['edit_file', 'Edit', 'MultiEdit'])).toBe(true);
    expect(matches('Bas', ['bash', 'Bash'])).toBe(false);
    expect(matches('bash', ['bash', 'Bash'])).toBe(true);
    expect(matches('mcp__memory__.*', ['mcp__memory__create'])).toBe(true);
    expect(matches('mcp__memory__.*', ['mcp__other__create'])).toBe(false);
    expect(checkMatcher('Notebook.*')).toBeUndefined();
    expect(checkMatcher('[')).toMatch(/not a valid regular expression/);
  });
});

describe('tool input in Claude Code names', () => {
  const read = { name: 'read_file', ruleNames: ['Read'] };
  it('Read/Edit/Write get an absolute file_path; Grep its flags; updatedInput comes back in our names', () => {
    expect(claudeToolName(read)).toBe('Read');
    expect(claudeToolName({ name: 'mcp__s__t', ruleNames: [] })).toBe('mcp__s__t');
    expect(matchNames({ name: 'agent', ruleNames: ['Task', 'Agent'] })).toEqual(['agent', 'Task', 'Agent']);
    expect(toClaudeInput('Read', { path: 'src/a.ts', offset: 3 }, '/repo')).toEqual({
      file_path: '/repo/src/a.ts',
      offset: 3,
    });
    expect(toClaudeInput('Grep', { pattern: 'x', ignore_case: true, output: 'files', context: 2 }, '/repo')).toEqual({
      pattern: 'x',
      '-i': true,
      output_mode: 'files_with_matches',
      '-C': 2,
    });
    expect(toClaudeInput('Bash', { command: 'ls', timeout: 5 }, '/repo')).toEqual({ command: 'ls', timeout: 5 });
    expect(fromClaudeInput('Edit', { file_path: '/repo/b', old_string: 'a', new_string: 'b' })).toEqual({
      path: '/repo/b',
      old_string: 'a',
      new_string: 'b',
    });
    expect(fromClaudeInput('Grep', { pattern: 'x', output_mode: 'files_with_matches' })).toEqual({
      pattern: 'x',
      output: 'files',
    });
  });
});

describe("a plugin's hooks/hooks.json", () => {
  it('is read with comments, names a file that does not parse with its line, and one without "hooks"', () => {
    const root = mkdtempSync(join(tmpdir(), 'plugin-hooks-'));
    dirs.push(root);
    const make = (name: string, text: string | undefined) => {
      const dir = join(root, name);
      mkdirSync(join(dir, 'hooks'), { recursive: true });
      if (text !== undefined) writeFileSync(join(dir, 'hooks', 'hooks.json'), text);
      return { name, root: dir, trusted: true };
    };
    const r = pluginHookSources([
      make('good', '// the plugin\'s hooks\n{ "hooks": { "SessionStart": [] } }'),
      make('broken', '{\n "hooks": {\n  "Stop": [}\n}'),
      make('shapeless', '{ "Stop": [] }'),
      make('none', undefined),
    ]);
    expect(r.sources).toEqual([
      {
        source: 'plugin good',
        file: join(root, 'good', 'hooks', 'hooks.json'),
        trusted: true,
        hooks: { SessionStart: [] },
        pluginRoot: join(root, 'good'),
      },
    ]);
    expect(r.problems).toEqual([
      expect.stringMatching(/broken\/hooks\/hooks\.json: \w+ at line 3/),
      expect.stringMatching(/shapeless\/hooks\/hooks\.json: no "hooks" key/),
    ]);
  });
});
