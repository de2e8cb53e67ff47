import type { SessionEvent as AgentEvent } from '@coding-harness/protocol';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { createEventRenderer } from './render.js';
import { OUTPUT_TAIL, outputLines } from './render-output.js';

const plain = pc.createColors(false);

function screen(events: AgentEvent[], output?: 'tail' | 'all'): string {
  const render = createEventRenderer({ colors: plain, text: 'stream', toolLines: true, ...(output ? { output } : {}) });
  return events
    .flatMap((e) => render(e))
    .map((c) => c.text)
    .join('');
}

const started = (id: string, name: string, summary: string): AgentEvent => ({
  type: 'tool_call_started',
  callId: id,
  name,
  kind: name === 'bash' ? 'exec' : 'read',
  input: {},
  summary,
  forced: false,
});
const finished = (id: string, name: string, display: string, content: string, isError = false): AgentEvent => ({
  type: 'tool_call_finished',
  callId: id,
  name,
  display,
  content: [{ type: 'text', text: content }],
  isError,
});

describe('tool results in the REPL', () => {
  it('puts each result right under its call, repeating the call line when parallel calls came between', () => {
    const shown = screen([
      started('a', 'read_file', 'read_file a.ts'),
      started('b', 'read_file', 'read_file b.ts'),
      finished('a', 'read_file', 'read 3 lines', '1 a'),
      finished('b', 'read_file', 'read 9 lines', '1 b'),
    ]);
    expect(shown).toBe(
      [
        '● read_file a.ts',
        '● read_file b.ts',
        '● read_file a.ts',
        '  ⎿  read 3 lines',
        '● read_file b.ts',
        '  ⎿  read 9 lines',
        '',
      ].join('\n'),
    );
    expect(screen([started('a', 'glob', 'glob *.ts'), finished('a', 'glob', '2 files', 'a\nb')])).toBe(
      '● glob *.ts\n  ⎿  2 files\n',
    );
  });

  it("shows a failing command's output (stderr included) under its exit line, the last lines with a count of the rest", () => {
    const log = Array.from({ length: 40 }, (_, i) => `npm ERR! line ${i + 1}`).join('\n');
    const shown = screen(
      [started('c', 'bash', 'bash: npm test'), finished('c', 'bash', 'exit 3', `${log}\n\nExit code 3.`, true)],
      'tail',
    );
    const lines = shown.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual([
      '● bash: npm test',
      '  ⎿  exit 3',
      `     … ${40 - OUTPUT_TAIL} more lines (/expand shows all)`,
    ]);
    expect(lines.slice(3)).toEqual(
      Array.from({ length: OUTPUT_TAIL }, (_, i) => `     npm ERR! line ${40 - OUTPUT_TAIL + i + 1}`),
    );
    expect(shown).not.toContain('Exit code 3.');
  });

  it('--verbose (all) shows every line; no output and other tools show the result line only', () => {
    const log = Array.from({ length: 12 }, (_, i) => `l${i}`).join('\n');
    expect(outputLines('bash', `${log}\n\nExit code 0.`, 'all', plain)).toHaveLength(12);
    expect(outputLines('bash', '(no output)\n\nExit code 0.', 'tail', plain)).toEqual([]);
    expect(outputLines('read_file', 'lots\nof\nlines', 'all', plain)).toEqual([]);
    expect(outputLines('bash', 'ok\x1b[2J\n\nExit code 0.', 'tail', plain)).toEqual(['     ok\\x1b[2J']);
    expect(screen([started('d', 'bash', 'bash: ls'), finished('d', 'bash', 'exit 0', 'a\nb\n\nExit code 0.')])).toBe(
      '● bash: ls\n  ⎿  exit 0\n',
    );
  });
});
