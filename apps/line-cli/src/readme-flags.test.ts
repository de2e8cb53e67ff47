import { readFileSync } from 'node:fs';
import { claudeCompatMarkdownTable, flagsMarkdownTable } from '@coding-harness/session';
import { describe, expect, it } from 'vitest';

const README = new URL('../README.md', import.meta.url);

describe('README flags table', () => {
  it('is the one generated from the flags table (pnpm --filter @coding-harness/session gen-docs rewrites it)', () => {
    const text = readFileSync(README, 'utf8');
    const block = /<!-- flags:begin[^\n]*-->\n([\s\S]*?)\n<!-- flags:end -->/.exec(text);
    expect(block, 'the README has no flags:begin / flags:end markers').not.toBeNull();
    expect(block![1]).toBe(flagsMarkdownTable());
  });
});

describe('README Claude Code compatibility table', () => {
  it('is the one generated from the settings tables (gen-docs rewrites it)', () => {
    const text = readFileSync(README, 'utf8');
    const block = /<!-- claude-compat:begin[^\n]*-->\n([\s\S]*?)\n<!-- claude-compat:end -->/.exec(text);
    expect(block, 'the README has no claude-compat:begin / claude-compat:end markers').not.toBeNull();
    expect(block![1]).toBe(claudeCompatMarkdownTable());
  });
});
