import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScriptBuilder } from './script-builder.js';
import { loadScriptFile, ScriptFileError } from './script-file.js';
import { startMockServer } from './server.js';
import type { Script } from './types.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-anthropic-script-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const write = (name: string, text: string): string => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};

function loadError(file: string): ScriptFileError {
  try {
    loadScriptFile(file);
  } catch (error) {
    if (error instanceof ScriptFileError) return error;
    throw error;
  }
  throw new Error('expected loadScriptFile to throw');
}

const script: Script = {
  turns: [
    { content: [{ type: 'text', text: 'hi' }] },
    {
      content: [{ type: 'tool_use', name: 'read_file', input: { path: 'a' } }],
      match: 'read',
      fault: { kind: 'rate_limit', retryAfterSeconds: 2 },
    },
    {
      content: [
        { type: 'thinking', thinking: 'hmm' },
        { type: 'text', text: 'done' },
      ],
      stopReason: 'max_tokens',
      outputTokens: 5,
    },
  ],
  fallbackText: 'bye',
};

describe('loadScriptFile', () => {
  it('loads JSON and YAML into the same script', () => {
    const yaml = `turns:
  - content: [{ type: text, text: hi }]
  - content:
      - { type: tool_use, name: read_file, input: { path: a } }
    match: read
    fault: { kind: rate_limit, retryAfterSeconds: 2 }
  - content:
      - { type: thinking, thinking: hmm }
      - { type: text, text: done }
    stopReason: max_tokens
    outputTokens: 5
fallbackText: bye
`;
    expect(loadScriptFile(write('s.json', JSON.stringify(script)))).toEqual(script);
    expect(loadScriptFile(write('s.yaml', yaml))).toEqual(script);
    expect(loadScriptFile(write('s.yml', yaml))).toEqual(script);
  });

  it('accepts a bare list of turns', () => {
    expect(loadScriptFile(write('s.json', JSON.stringify(script.turns)))).toEqual({ turns: script.turns });
  });

  it('loads the bundled example', () => {
    const example = loadScriptFile(path.join(import.meta.dirname, '..', 'examples', 'hello.yaml'));
    expect(example.turns.map((t) => t.content.map((b) => b.type))).toEqual([['text'], ['text', 'tool_use'], ['text']]);
  });

  it('names the file and the problem on bad content', () => {
    const cases: [string, string, string][] = [
      ['missing.yaml', '', 'cannot read'],
      ['broken.json', '{"turns": [', 'JSON'],
      ['broken.yaml', 'turns: [\n  - {', 'YAML'],
      ['wrong.yaml', 'turns:\n  - content:\n      - type: video\n', 'turns.0.content.0'],
      ['fault.json', JSON.stringify({ turns: [{ content: [], fault: { kind: 'cut_stream' } }] }), 'turns.0.fault'],
      ['script.txt', 'turns: []', 'unsupported extension'],
    ];
    for (const [name, text, expected] of cases) {
      const file = name === 'missing.yaml' ? path.join(dir, name) : write(name, text);
      const error = loadError(file);
      expect(error.path).toBe(file);
      expect(error.message).toContain(file);
      expect(error.message).toContain(expected);
    }
  });

  it('never throws anything but a ScriptFileError, whatever the JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const file = write('any.json', JSON.stringify(value) ?? 'null');
        try {
          loadScriptFile(file);
        } catch (error) {
          expect(error).toBeInstanceOf(ScriptFileError);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('ScriptBuilder', () => {
  it('builds turns fluently', () => {
    const built = new ScriptBuilder()
      .text('hi')
      .toolUse('read_file', { path: 'a' }, { text: 'Reading.' })
      .fault({ kind: 'overloaded' })
      .toolUses([
        { name: 'read_file', input: { path: 'b' } },
        { name: 'grep', input: { pattern: 'x' } },
      ])
      .text('found it', { match: 'x', stopReason: 'max_tokens' })
      .fallback('the end')
      .build();
    expect(built).toEqual({
      turns: [
        { content: [{ type: 'text', text: 'hi' }] },
        {
          content: [
            { type: 'text', text: 'Reading.' },
            { type: 'tool_use', name: 'read_file', input: { path: 'a' } },
          ],
        },
        {
          content: [
            { type: 'tool_use', name: 'read_file', input: { path: 'b' } },
            { type: 'tool_use', name: 'grep', input: { pattern: 'x' } },
          ],
          fault: { kind: 'overloaded' },
        },
        { content: [{ type: 'text', text: 'found it' }], match: 'x', stopReason: 'max_tokens' },
      ],
      fallbackText: 'the end',
    });
  });

  it('refuses a fault that no turn follows', () => {
    expect(() => new ScriptBuilder().text('a').fault({ kind: 'api_error' }).build()).toThrow(/api_error/);
  });

  it('is rejected by the server when the script is malformed', async () => {
    const bad = { turns: [{ content: [{ type: 'text' }] }] } as unknown as Script;
    await expect(startMockServer({ script: bad })).rejects.toThrow(/turns\.0\.content\.0/);
  });
});
