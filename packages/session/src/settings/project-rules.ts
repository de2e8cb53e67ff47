/**
 * "Always for this project": the rule an approval answer grants, written to the project's
 * `.claude/settings.local.json` in Claude Code's syntax (`Bash(git status:*)`), so that the next
 * session (and Claude Code) asks no more. The file is edited in place with jsonc-parser, so its
 * comments and other keys stay; a file that does not parse is never rewritten.
 */
import { lstatSync, realpathSync } from 'node:fs';
import { dirname, sep } from 'node:path';
import { formatRule, parseRule, ruleSpelling } from '@coding-harness/approval';
import type { RuleTool } from '@coding-harness/approval';
import { readRegularFile, refusalText, replaceRegularFile } from '@coding-harness/skills';
import type { ParseError } from 'jsonc-parser';

/** Our rule text (`bash(git status:*)`) in Claude Code's spelling (`Bash(git status:*)`), or the text unchanged when it does not parse. */
export function claudeRuleText(text: string, tools: readonly RuleTool[]): string {
  const parsed = parseRule(text, tools);
  if (!parsed.ok) return text;
  const tool = tools.find((t) => t.name === parsed.rule.tool);
  const formatted = formatRule(parsed.rule);
  return tool === undefined ? formatted : `${ruleSpelling(tool)}${formatted.slice(parsed.rule.tool.length)}`;
}

const within = (path: string, dir: string): boolean =>
  path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);

/** Refuses a `.claude` folder or settings file that is a link (a repository could point it at the user's own files). */
function linkProblem(file: string, workroot: string): string | undefined {
  try {
    if (lstatSync(file).isSymbolicLink()) return `${file} is a symbolic link; the rule was not written there`;
  } catch {
    // Missing: created below.
  }
  try {
    const realDir = realpathSync(dirname(file));
    if (!within(realDir, realpathSync(workroot)))
      return `${dirname(file)} leads outside the work root (${realDir}); the rule was not written`;
  } catch {
    // The folder does not exist yet: created inside the work root.
  }
  return undefined;
}

/**
 * Adds `rules` to `permissions.allow` of `file` (created 0644, its folder 0755), skipping rules
 * already there. Returns undefined when written (or nothing was new), else the problem naming the file.
 */
export async function addProjectAllowRules(
  file: string,
  workroot: string,
  rules: readonly string[],
): Promise<string | undefined> {
  const link = linkProblem(file, workroot);
  if (link !== undefined) return link;
  const read = readRegularFile(file, 4 * 1024 * 1024);
  if (!read.ok && read.why !== 'missing') return `${file} ${refusalText(read)}; the rule was not written`;
  const jsonc = await import('jsonc-parser');
  let text = read.ok ? read.bytes.toString('utf8') : '{}\n';
  const errors: ParseError[] = [];
  const data: unknown = jsonc.parse(text, errors, { allowTrailingComma: true });
  if (errors.length > 0 || typeof data !== 'object' || data === null || Array.isArray(data))
    return `${file} does not parse as a JSON object; the rule was not written (fix the file first)`;
  const allow = (data as { permissions?: { allow?: unknown } }).permissions?.allow;
  const present = new Set(Array.isArray(allow) ? allow.filter((r) => typeof r === 'string') : []);
  const fresh = rules.filter((r) => !present.has(r));
  if (fresh.length === 0) return undefined;
  const edit = (at: (string | number)[], value: unknown, isArrayInsertion: boolean): void => {
    const formattingOptions = { insertSpaces: true, tabSize: 2, eol: '\n' };
    text = jsonc.applyEdits(text, jsonc.modify(text, at, value, { formattingOptions, isArrayInsertion }));
  };
  // An existing list keeps its comments: each rule is inserted at its end.
  if (Array.isArray(allow)) for (const rule of fresh) edit(['permissions', 'allow', -1], rule, true);
  else edit(['permissions', 'allow'], fresh, false);
  return write(file, text, read.ok);
}

function write(file: string, text: string, existed: boolean): string | undefined {
  const error = replaceRegularFile(file, text.endsWith('\n') ? text : `${text}\n`, {
    ...(existed ? {} : { mode: 0o644 }),
    dirMode: 0o755,
  });
  return error === undefined ? undefined : `${error}; the rule was not written`;
}
