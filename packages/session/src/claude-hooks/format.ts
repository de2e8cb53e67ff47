/** `/hooks` as lines: one block per hook (event and matcher, command, source and file), then what was skipped. */
import type { SlashResult } from '@coding-harness/protocol';

export function formatHooks(result: Extract<SlashResult, { kind: 'hooks' }>): string[] {
  const lines: string[] = [];
  if (result.hooks.length === 0)
    lines.push(
      "no hooks configured (Claude Code's \"hooks\" in ~/.claude/settings.json, .claude/settings.json, .claude/settings.local.json, a skill's hooks: or a plugin's hooks/hooks.json)",
    );
  for (const h of result.hooks) {
    const matcher = h.matcher === '' ? '' : ` [${h.matcher}]`;
    lines.push(`${h.event}${matcher}: ${h.command}${h.timeoutSec !== 60 ? ` (timeout ${h.timeoutSec}s)` : ''}`);
    lines.push(`  from ${h.source}: ${h.file}${h.note !== undefined ? `; ${h.note}` : ''}`);
  }
  for (const p of result.problems) lines.push(`skipped: ${p}`);
  return lines;
}
