import type { Grant, PermissionMode } from '@coding-harness/approval';
import type { SkillSummary } from '@coding-harness/protocol';
import { MODE_MEANING } from '@coding-harness/approval';

/** What `/skills` says when discovery found nothing. */
export const NO_SKILLS_MESSAGE =
  'no skills found in ~/.agents/skills, ~/.claude/skills or ./.agents/skills, ./.claude/skills';

/** What `/skills` says with `--no-skills`. */
export const SKILLS_OFF_MESSAGE = 'skills are off for this session (--no-skills)';

/** The `/skills` (or no-skills) message for a session. */
export function noSkillsMessage(skillsEnabled: boolean): string {
  return skillsEnabled ? NO_SKILLS_MESSAGE : SKILLS_OFF_MESSAGE;
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function invocation(skill: SkillSummary): string {
  if (!skill.userInvocable) return 'model only';
  if (!skill.modelInvocable) return 'manual only';
  return '';
}

/** `/skills`: one line per skill, `/name  source  description` (plus who may invoke it when restricted). */
export function formatSkillRows(skills: readonly SkillSummary[], width = 100): string[] {
  const nameWidth = Math.max(...skills.map((s) => s.name.length + 1), 0);
  return skills.map((s) => {
    const who = invocation(s);
    const head = `${`/${s.name}`.padEnd(nameWidth)}  ${s.source.padEnd(8)}  `;
    return `${head}${oneLine(s.description, Math.max(20, width - head.length - who.length - 3))}${who ? ` (${who})` : ''}`;
  });
}

/**
 * `/allowed`: each grant with its scope and origin, then the deny rules. In a mode other than
 * the default the first line says what the mode does (plan mode refuses what the rules would
 * allow; "everything else asks" would be untrue there).
 */
export function formatGrants(
  allowed: readonly Grant[],
  denied: readonly Grant[],
  mode: PermissionMode = 'default',
): string[] {
  const lines: string[] = [];
  if (mode !== 'default') lines.push(`mode ${mode}: ${MODE_MEANING[mode]}`);
  if (allowed.length === 0 && mode === 'default')
    lines.push('nothing is pre-approved: read-only tools run, everything else asks');
  else if (allowed.length === 0) lines.push('no allow rules or grants');
  for (const g of allowed)
    lines.push(`allow ${g.rule}  (${g.scope === 'turn' ? 'this turn' : 'session'}, ${g.origin})`);
  for (const g of denied) lines.push(`deny  ${g.rule}  (${g.origin})`);
  return lines;
}
