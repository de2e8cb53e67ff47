import fs from 'node:fs';
import path from 'node:path';
import { Scan } from './scan.js';
import { CLAUDE_CODE_FIELDS } from './fields-claude.js';
import { isRecord } from './fields.js';
import { parseFrontmatterYaml, splitFrontmatter } from './frontmatter.js';
import { fixSkillName } from './lint-fix.js';
import type { LintFinding, Skill } from './types.js';

/** How `lint` judges and what it may change. */
export interface LintOptions {
  /**
   * Also fail on what the reference validator (skills-ref) and claude.ai's upload refuse though
   * the harness loads it: a top-level key neither the specification nor Claude Code defines, a
   * non-string `metadata` value, a description that is not a string.
   */
  strict?: boolean;
  /**
   * Rewrite the `name:` line of each skill skipped only because its name disagrees with its
   * folder (see `fixSkillName`), before judging. Each rewrite is reported as a `fixed` finding.
   */
  fix?: boolean;
}

/** The keys the Agent Skills specification defines. */
const SPEC_KEYS = new Set(['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools']);

/**
 * Validation for `harness skills lint`. Each path is a skill folder, a SKILL.md, or a folder of
 * skills, checked on its own (no shadowing between paths). A `problem` is what discovery skips
 * and what the Agent Skills specification forbids though discovery tolerates it (a long name, a
 * recovered `: ` value...); with `strict`, also what the reference validator and claude.ai
 * refuse. Each Claude Code field is a `note` saying what the harness does with it; an empty body
 * is a note too. Never throws.
 */
export async function lint(paths: string[], options: LintOptions = {}): Promise<LintFinding[]> {
  const findings: LintFinding[] = [];
  const rejected = options.strict ? 'problem' : 'note';
  for (const given of paths) {
    const target = targetOf(given);
    if (options.fix) findings.push(...fixNames(target));
    const scan = new Scan();
    scan.root({ path: target, source: 'explicit' });
    for (const p of scan.problems) findings.push({ path: p.path, severity: 'problem', message: p.message });
    for (const n of scan.notes)
      findings.push({
        path: n.path,
        severity: n.strict ? 'problem' : n.rejected ? rejected : 'note',
        message: n.message,
      });
    for (const skill of scan.winners.values()) findings.push(...keyFindings(skill, rejected));
    if (scan.winners.size === 0 && scan.problems.length === 0) {
      findings.push({
        path: target,
        severity: 'note',
        message: 'no skills found: a skill is a folder holding SKILL.md',
      });
    }
  }
  return findings;
}

/** A SKILL.md path stands for its folder. */
function targetOf(given: string): string {
  const abs = path.resolve(given);
  try {
    if (fs.statSync(abs).isFile() && path.basename(abs).toLowerCase() === 'skill.md') return path.dirname(abs);
  } catch {
    // Missing paths are reported by the scan.
  }
  return abs;
}

/** `--fix`: rewrites the name line of each skipped skill whose name is the only thing wrong. */
function fixNames(target: string): LintFinding[] {
  const scan = new Scan();
  scan.root({ path: target, source: 'explicit' });
  const out: LintFinding[] = [];
  for (const p of scan.problems) {
    if (path.basename(p.path) !== 'SKILL.md' || !p.message.startsWith('`name` is ')) continue;
    const fix = fixSkillName(p.path);
    if (fix.fixed)
      out.push({
        path: fix.path,
        severity: 'fixed',
        message: `rewrote \`${fix.before.trim()}\` to \`${fix.after}\` (the folder name)`,
      });
    else out.push({ path: fix.path, severity: 'note', message: `--fix: ${fix.message}` });
  }
  return out;
}

/** Findings about the frontmatter keys of one loaded skill, and its body. */
function keyFindings(skill: Skill, rejected: LintFinding['severity']): LintFinding[] {
  const out: LintFinding[] = [];
  const split = splitFrontmatter(readText(skill.file));
  if (!split.ok) return out;
  const parsed = parseFrontmatterYaml(split.yaml, split.yamlLine);
  const keys = parsed.ok && isRecord(parsed.data) ? Object.keys(parsed.data) : [];
  const unknown: string[] = [];
  for (const key of keys) {
    if (SPEC_KEYS.has(key)) continue;
    const field = CLAUDE_CODE_FIELDS[key];
    if (field)
      out.push({
        path: skill.file,
        severity: 'note',
        message: `\`${key}\` (a Claude Code field, not in the Agent Skills specification): ${field.status}: ${field.what}`,
      });
    else unknown.push(key);
  }
  if (unknown.length > 0)
    out.push({
      path: skill.file,
      severity: rejected,
      message: `${unknown.map((k) => `\`${k}\``).join(', ')}: neither the Agent Skills specification nor Claude Code defines ${unknown.length === 1 ? 'this key' : 'these keys'}, and the reference validator and claude.ai refuse ${unknown.length === 1 ? 'it' : 'them'} (the harness keeps ${unknown.length === 1 ? 'it' : 'them'} unused); put custom data under \`metadata\``,
    });
  if (split.body.trim() === '' && !skill.command)
    out.push({
      path: skill.file,
      severity: 'note',
      message: 'the body is empty: add the instructions the model should follow after loading the skill',
    });
  return out;
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
