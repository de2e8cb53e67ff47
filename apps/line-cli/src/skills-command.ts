import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { listResources, skillRoots } from '@coding-harness/skills';
import type { DiscoverResult, Skill } from '@coding-harness/skills';
import type { CliIo } from './io.js';
import { drained } from './io.js';
import {
  discoverFor,
  resolveWorkroot,
  UsageError,
  formatSkillRows,
  noSkillsMessage,
  sanitize,
  repositoryKey,
  trustDecision,
  trustFile,
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
    })),
    problems: discovery.problems,
    notes: discovery.notes,
  };
}

/** The human listing of `harness skills`: skills with their files, then problems and notes. */
export function skillsText(discovery: DiscoverResult, skillsEnabled: boolean): string[] {
  const lines: string[] = [];
  if (discovery.skills.length === 0) lines.push(noSkillsMessage(skillsEnabled));
  const rows = formatSkillRows(discovery.skills);
  discovery.skills.forEach((s, i) => lines.push(rows[i]!, `    ${s.file}`));
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
  const discovery = await discoverFor(flags, workroot, io.home, io.cwd);
  const repository = repositoryKey(workroot);
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
 * `harness skills lint [PATH...]`: strict validation; without paths, every existing skill root a
 * session would scan. Prints `problem:` and `note:` lines and a count; exit 1 when any problem.
 */
export async function runSkillsLint(flags: HarnessFlags, paths: string[], io: CliIo): Promise<number> {
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
  const findings = await lint(targets);
  const problems = findings.filter((f) => f.severity === 'problem');
  for (const f of findings) io.stdout.write(`${sanitize(`${f.severity}: ${f.path}: ${f.message}`)}\n`);
  io.stdout.write(
    `${problems.length} problem${problems.length === 1 ? '' : 's'}, ${findings.length - problems.length} note${findings.length - problems.length === 1 ? '' : 's'} in ${targets.length} path${targets.length === 1 ? '' : 's'}\n`,
  );
  await drained(io.stdout);
  return problems.length > 0 ? 1 : 0;
}
