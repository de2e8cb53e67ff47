import * as z from 'zod';
import { describe, expect, it } from 'vitest';

describe('importing the tools leaves the zod configuration of the importer alone', () => {
  it('keeps a locale the consumer set, while the model still reads tool input errors in English', async () => {
    const german = z.locales.de();
    z.config(german);
    const tools = await import('./index.js');
    expect(z.config().localeError).toBe(german.localeError);
    expect(z.string().safeParse(1).error?.issues[0]?.message).toMatch(/^Ungültige Eingabe/);

    const prepared = tools.createToolRegistry().prepare('read_file', { path: 1 }, { root: '/' });
    expect(prepared.ok).toBe(false);
    if (prepared.ok) return;
    expect(prepared.result.content).toEqual([
      { type: 'text', text: 'Invalid input for read_file: path: Invalid input: expected string, received number.' },
    ]);
  });
});
