import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { listResources, skillRoots } from '@coding-harness/skills';
import type { DiscoverResult, Skill } from '@coding-harness/skills';
import type { CliIo } from './io.js';
import { drained } from './io.js';
import {
  discoverFor,
  enabledPluginsFor,
  resolveWorkroot,
  UsageError,
  formatSkillRows,
  noSkillsMessage,
  sanitize,
  repositoryKey,
  trustDecision,
  trustFile,
  skillSummary,
} from '@coding-harness/session';
import type { HarnessFlags } from '@coding-harness/session';

/** One skill in `harness skills --json`; these names are a contract for scripts. */
export interface SkillJson {
  name: string;
  description: string;
  source: Skill['source'];
  dir: string;
  file: string;
  userInvocable: boolean;
  modelInvocable: boolean;
  allowedTools: string[];
  root: string;
  resources: string[];
  /** The Claude Code fields, each only when the skill sets it (see `claudeFields`). */
  argumentHint?: string;
  whenToUse?: string;
  arguments?: string[];
  disallowedTools?: string[];
  model?: string;
  effort?: string;
  context?: string;
  agent?: string;
  paths?: string[];
  shell?: string;
}

const CLAUDE_KEYS = [
  'argumentHint',
  'whenToUse',
  'arguments',
  'disallowedTools',
  'model',
  'effort',
  'context',
  'agent',
  'paths',
  'shell',
] as const;

/** The Claude Code fields a skill sets, in a fixed order (absent ones left out). */
export function claudeFields(skill: Skill): Partial<Pick<SkillJson, (typeof CLAUDE_KEYS)[number]>> {
  const out: Record<string, unknown> = {};
  for (const key of CLAUDE_KEYS) if (skill[key] !== undefined) out[key] = skill[key];
  return out;
}

/** One line naming what a skill's Claude Code fields do here, or nothing when it sets none. */
function claudeLine(skill: Skill): string[] {
  const parts: string[] = [];
  if (skill.argumentHint) parts.push(`argument-hint ${skill.argumentHint}`);
  if (skill.arguments) parts.push(`arguments ${skill.arguments.map((a) => `$${a}`).join(' ')}`);
  if (skill.disallowedTools) parts.push(`disallows ${skill.disallowedTools.join(' ')}`);
  if (skill.model) parts.push(`model ${skill.model}`);
  if (skill.effort) parts.push(`effort ${skill.effort}`);
  if (skill.context) parts.push(`context ${skill.context}${skill.agent ? ` (agent ${skill.agent})` : ''}`);
  if (skill.paths) parts.push(`paths ${skill.paths.join(', ')} (not used to filter)`);
  if (skill.shell) parts.push(`shell ${skill.shell}`);
  return parts.length === 0 ? [] : [`    ${parts.join('; ')}`];
}

/** The `harness skills --json` object. */
export function skillsJson(discovery: DiscoverResult): {
  skills: SkillJson[];
  problems: DiscoverResult['problems'];
  notes: DiscoverResult['notes'];
} {
  return {
    skills: discovery.skills.map((s) => ({
      name: s.name,
      description: s.description,
      source: s.source,
      dir: s.dir,
      file: s.file,
      userInvocable: s.userInvocable,
      modelInvocable: !s.disableModelInvocation,
      allowedTools: s.allowedTools,
      root: s.root,
      resources: listResources(s).resources,
      ...claudeFields(s),
    })),
    problems: discovery.problems,
    notes: discovery.notes,
  };
}

/** The human listing of `harness skills`: skills with their files, then problems and notes. */
export function skillsText(discovery: DiscoverResult, skillsEnabled: boolean): string[] {
  const lines: string[] = [];
  if (discovery.skills.length === 0) lines.push(noSkillsMessage(skillsEnabled));
  const rows = formatSkillRows(discovery.skills.map(skillSummary));
  discovery.skills.forEach((s, i) => lines.push(rows[i]!, `    ${s.file}`, ...claudeLine(s)));
  for (const p of discovery.problems) lines.push(`skipped: ${p.path}: ${p.message}`);
  for (const n of discovery.notes) lines.push(`note: ${n.path}: ${n.message}`);
  return lines;
}

/** Says which project skills' `allowed-tools` a session here would drop (the repository is not trusted). */
export function trustNote(discovery: DiscoverResult, trusted: boolean): string[] {
  const granting = discovery.skills.filter((s) => s.source === 'project' && s.allowedTools.length > 0);
  if (trusted || granting.length === 0) return [];
  return [
    `note: ${granting.map((s) => `/${s.name}`).join(', ')}: allowed-tools apply only in a trusted repository (this one is not; harness --trust records it)`,
  ];
}

function workrootOrFail(flags: HarnessFlags, io: CliIo): string | undefined {
  const workroot = resolveWorkroot(flags.directory, io.cwd);
  if (!(workroot instanceof UsageError)) return workroot;
  io.stderr.write(`harness: ${workroot.message}\n`);
  return undefined;
}

/** `harness skills [--json]`: what a session with the same flags would discover; exit 0. */
export async function runSkillsList(flags: HarnessFlags, json: boolean, io: CliIo): Promise<number> {
  const workroot = workrootOrFail(flags, io);
  if (workroot === undefined) return 2;
  const plugins = flags.skills ? await enabledPluginsFor(flags, io.env, io.home, workroot, io.cwd) : undefined;
  const discovery = await discoverFor(flags, workroot, io.home, io.cwd, plugins);
  const repository = repositoryKey(workroot, io.home);
  const trusted = trustDecision(trustFile(io.env, io.home), repository).decision === 'trusted';
  const lines = [...skillsText(discovery, flags.skills), ...trustNote(discovery, trusted)];
  io.stdout.write(
    json
      ? `${JSON.stringify({ ...skillsJson(discovery), repository, trusted }, null, 2)}\n`
      : `${sanitize(lines.join('\n'))}\n`,
  );
  await drained(io.stdout);
  return 0;
}

/**
 * `harness skills lint [--strict] [--fix] [PATH...]`: validation; without paths, every existing
 * skill root a session would scan. Prints `fixed:`, `problem:` and `note:` lines and a count;
 * exit 1 when any problem is left.
 */
export async function runSkillsLint(
  flags: HarnessFlags,
  paths: string[],
  io: CliIo,
  options: { strict?: boolean; fix?: boolean } = {},
): Promise<number> {
  const workroot = workrootOrFail(flags, io);
  if (workroot === undefined) return 2;
  const targets =
    paths.length > 0
      ? paths.map((p) => resolve(io.cwd, p))
      : skillRoots({
          home: io.home,
          workroot,
          explicit: flags.skillDirs.map((d) => resolve(io.cwd, d)),
          trustProject: !flags.untrusted,
        })
          .map((r) => r.path)
          .filter((p) => existsSync(p));
  if (targets.length === 0) {
    io.stdout.write('no skill folders to lint (give a PATH, or create ./.agents/skills/<name>/SKILL.md)\n');
    return 0;
  }
  const { lint } = await import('@coding-harness/skills');
  const findings = await lint(targets, { strict: options.strict ?? false, fix: options.fix ?? false });
  const count = (severity: string): number => findings.filter((f) => f.severity === severity).length;
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  for (const f of findings) io.stdout.write(`${sanitize(`${f.severity}: ${f.path}: ${f.message}`)}\n`);
  const fixed = options.fix ? `${plural(count('fixed'), 'name')} fixed, ` : '';
  io.stdout.write(
    `${fixed}${plural(count('problem'), 'problem')}, ${plural(count('note'), 'note')} in ${plural(targets.length, 'path')}\n`,
  );
  await drained(io.stdout);
  return count('problem') > 0 ? 1 : 0;
}
