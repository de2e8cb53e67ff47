import { readFileSync } from 'node:fs';
import { slashMarkdownTable } from '@coding-harness/session';
import { describe, expect, it } from 'vitest';

const README = new URL('../README.md', import.meta.url);

describe('README commands table', () => {
  it('is the one generated from the slash-command table (pnpm --filter @coding-harness/session gen-docs rewrites it)', () => {
    const text = readFileSync(README, 'utf8');
    const block = /<!-- commands:begin[^\n]*-->\n([\s\S]*?)\n<!-- commands:end -->/.exec(text);
    expect(block, 'the README has no commands:begin / commands:end markers').not.toBeNull();
    expect(block![1]).toBe(slashMarkdownTable());
  });
});
