// The one-line-at-a-time form both terminals fill an MCP server's question with.
import type { ElicitationField } from '@coding-harness/protocol';
import { describe, expect, it } from 'vitest';
import { elicitationLines, formInput, formPrompt, startForm } from './elicitation-form.js';
import type { ElicitationForm } from './elicitation-form.js';

const FIELDS: ElicitationField[] = [
  { name: 'name', title: 'Name', type: 'string', required: true, description: 'your name' },
  { name: 'age', type: 'integer', required: false, minimum: 1, maximum: 120 },
  { name: 'size', type: 'enum', required: false, options: ['S', 'M', 'L'], default: 'M' },
  { name: 'ok', type: 'boolean', required: false },
  { name: 'tags', type: 'multi-enum', required: false, options: ['a', 'b', 'c'] },
  {
    name: 'hero',
    type: 'enum',
    required: false,
    options: ['hero-1', 'hero-2'],
    optionTitles: ['Superman', 'Green Lantern'],
  },
];

/** Feeds lines, collecting retries; the final step. */
function fill(lines: string[]) {
  let form: ElicitationForm = startForm(FIELDS);
  const retries: string[] = [];
  for (const line of lines) {
    const step = formInput(form, line);
    if ('done' in step) return { done: step.done, retries };
    if ('retry' in step) retries.push(step.retry);
    else form = step.form;
  }
  return { form, retries };
}

describe('an MCP question as a form', () => {
  it('names the server, says how to refuse, and strips control characters from what the server sent', () => {
    const lines = elicitationLines({ server: 'evil\x1b[2J', message: 'Hi\x1b[31m there', fields: FIELDS });
    // The escape is shown as text (`\x1b`), never sent to the terminal as one.
    expect(lines[0]).toMatch(/^MCP server evil.*\\x1b.*\[2J asks: Hi/);
    expect(lines[0]).not.toContain('\x1b[2J');
    expect(lines[0]).not.toContain('\x1b[31m');
    expect(lines[1]).toContain('/decline refuses, /cancel leaves it unanswered');
    expect(formPrompt(startForm(FIELDS))).toBe('Name (string, required) — your name: ');
  });

  it('types each answer, keeps defaults on an empty line, skips optional fields, asks again on a bad value', () => {
    let form = startForm(FIELDS);
    for (let i = 0; i < 5; i += 1) form = { ...form, index: i + 1 };
    expect(formPrompt(form)).toBe('hero (one of hero-1 (Superman), hero-2 (Green Lantern)): ');
    const result = fill(['', 'Ada', '200', 'x', '36', '', 'yes', 'a, c', 'green lantern']);
    expect(result.retries).toEqual([
      'Name is required (/decline refuses the question)',
      'age: between 1 and 120',
      'age: a whole number',
    ]);
    expect(result.done).toEqual({
      action: 'accept',
      content: { name: 'Ada', age: 36, size: 'M', ok: true, tags: ['a', 'c'], hero: 'hero-2' },
    });
  });

  it('/decline and /cancel end it at any field; a question without fields is yes or no', () => {
    expect(fill(['Ada', '/decline']).done).toEqual({ action: 'decline' });
    expect(fill(['/cancel']).done).toEqual({ action: 'cancel' });
    const empty = startForm([]);
    expect(formPrompt(empty)).toBe('Accept? [y]es / [n]o: ');
    expect(formInput(empty, 'maybe')).toEqual({ retry: 'answer yes or no' });
    expect(formInput(empty, 'y')).toEqual({ done: { action: 'accept', content: {} } });
  });
});
