import fs from 'node:fs';
import path from 'node:path';
import { Scan } from './discover.js';
import { splitFrontmatter } from './frontmatter.js';
import type { LintFinding } from './types.js';

/**
 * Strict validation for `skills lint`. Each path is a skill folder, a SKILL.md, or a folder of
 * skills, checked on its own (no shadowing between paths). Everything discovery would skip is
 * a `problem`; what the Agent Skills specification forbids but discovery tolerates (a long
 * name, a recovered `: ` value...) is a `problem` too; the rest of discovery's notes, keys the
 * specification does not define and an empty body are `note`s. Never throws.
 */
export async function lint(paths: string[]): Promise<LintFinding[]> {
  const findings: LintFinding[] = [];
  for (const given of paths) {
    const abs = path.resolve(given);
    let target = abs;
    try {
      if (fs.statSync(abs).isFile() && path.basename(abs).toLowerCase() === 'skill.md') target = path.dirname(abs);
    } catch {
      // Missing paths are reported by the scan below.
    }
    const scan = new Scan();
    scan.root({ path: target, source: 'explicit' });
    for (const p of scan.problems) findings.push({ path: p.path, severity: 'problem', message: p.message });
    for (const n of scan.notes)
      findings.push({ path: n.path, severity: n.strict ? 'problem' : 'note', message: n.message });
    for (const skill of scan.winners.values()) {
      const keys = Object.keys(skill.extra);
      if (keys.length > 0) {
        findings.push({
          path: skill.file,
          severity: 'note',
          message: `keys the Agent Skills specification does not define (kept, but other tools may ignore them): ${keys.join(', ')}; put custom data under \`metadata\``,
        });
      }
    }
    for (const skill of scan.winners.values()) {
      const split = splitFrontmatter(readText(skill.file));
      if (split.ok && split.body.trim() === '') {
        findings.push({
          path: skill.file,
          severity: 'note',
          message: 'the body is empty: add the instructions the model should follow after loading the skill',
        });
      }
    }
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

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
