import { FILTERS_TOO } from '@coding-harness/approval';
import { describe, expect, it } from 'vitest';
import { formatSlashResult } from './slash-format.js';

describe('/allowed says that command rules cover harmless filters', () => {
  const grant = { rule: 'bash(npm test:*)', scope: 'session' as const, origin: 'user answer' };

  it('a listing with rules names the filters every command rule also covers', () => {
    const lines = formatSlashResult({
      kind: 'rules',
      allowed: [grant],
      denied: [],
      mode: 'default',
      filters: FILTERS_TOO,
    });
    expect(lines[0]).toBe('allow bash(npm test:*)  (session, user answer)');
    expect(lines[1]).toMatch(/^\(command rules: also followed by harmless filters \(\| head, \| tail, \| grep, \| rg/);
  });

  it('an empty listing does not', () => {
    const lines = formatSlashResult({ kind: 'rules', allowed: [], denied: [], mode: 'default', filters: FILTERS_TOO });
    expect(lines).toEqual(['nothing is pre-approved: read-only tools run, everything else asks']);
  });
});
