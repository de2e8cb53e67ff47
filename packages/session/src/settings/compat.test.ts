import { describe, expect, it } from 'vitest';
import { parseHarnessArgs } from '../args.js';
import { CLAUDE_CODE_FLAG_ROWS, claudeCompatMarkdownTable } from './compat.js';

describe('the Claude Code compatibility table', () => {
  it('every flag it calls supported or partly is accepted by -p as Claude Code writes it', () => {
    for (const row of CLAUDE_CODE_FLAG_ROWS.filter((r) => r.support !== 'no')) {
      const parsed = parseHarnessArgs(['-p', 'hi', ...(row.example ?? [])]);
      expect(parsed, row.flag).toMatchObject({ ok: true });
    }
  });

  it('every flag it calls not accepted is refused today (the table is updated when one lands)', () => {
    for (const row of CLAUDE_CODE_FLAG_ROWS.filter((r) => r.support === 'no')) {
      const first = row.flag.split(',')[0]!.trim();
      expect(parseHarnessArgs(['-p', 'hi', first]), row.flag).toMatchObject({ ok: false, exitCode: 2 });
    }
  });

  it('lists each settings key', () => {
    const table = claudeCompatMarkdownTable();
    for (const key of ['permissions', 'env', 'model', 'hooks', 'enabledPlugins', 'mcpServers', 'sandbox'])
      expect(table).toContain(`| settings \`${key}\` |`);
  });
});
