import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyProjectTrust } from '../project-trust.js';
import type { TrustQuestion } from '../project-trust.js';
import { trustDecision } from '../trust.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("the trust question and a repository's settings", () => {
  it('is asked when only the settings files would grant, names them, and a "trust" answer is recorded', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'harness-trust-settings-')));
    dirs.push(root);
    const file = join(root, 'trust.json');
    const asked: TrustQuestion[] = [];
    const grants = [{ file: '/repo/.claude/settings.json', keys: ['permissions.allow', 'hooks'] }];
    const result = await applyProjectTrust({
      skills: [],
      repo: '/repo',
      file,
      trustFlag: false,
      settingsGrants: grants,
      ask: async (q) => {
        asked.push(q);
        return 'trust';
      },
    });
    expect(asked).toEqual([{ repo: '/repo', skills: [], settings: grants }]);
    expect(result.trusted).toBe(true);
    expect(trustDecision(file, '/repo').decision).toBe('trusted');
  });

  it('is not asked when nothing would be granted, and "not now" leaves the repository untrusted without a skills line', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'harness-trust-settings-')));
    dirs.push(root);
    const file = join(root, 'trust.json');
    let asks = 0;
    const ask = async () => {
      asks++;
      return 'not-now' as const;
    };
    expect(
      (await applyProjectTrust({ skills: [], repo: '/r', file, trustFlag: false, settingsGrants: [], ask })).trusted,
    ).toBe(false);
    expect(asks).toBe(0);
    const later = await applyProjectTrust({
      skills: [],
      repo: '/r',
      file,
      trustFlag: false,
      settingsGrants: [{ file: '/r/.claude/settings.json', keys: ['env'] }],
      ask,
    });
    expect(asks).toBe(1);
    expect(later).toEqual({ skills: [], trusted: false, messages: [] });
  });
});
