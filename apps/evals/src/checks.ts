/**
 * Evaluates a task's checks against the finished work root and the run record. Each failed
 * check becomes one line saying what was expected and what was found, so a failing task
 * explains itself in the CLI output and in the result file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SKILL_TOOL_NAME } from '@coding-harness/session';
import type { RunRecord } from './recorder.js';
import { finalText } from './recorder.js';
import type { Check } from './types.js';

/** Where the checks look: the run's work root and the task's untouched fixture copy of it. */
export interface CheckContext {
  workroot: string;
  fixture: string;
  record: RunRecord;
}

/** Returns one message per failed check (empty when all pass). Never throws for a missing file. */
export function runChecks(checks: readonly Check[], ctx: CheckContext): string[] {
  const failures: string[] = [];
  for (const check of checks) {
    const problem = evaluate(check, ctx);
    if (problem !== undefined) failures.push(`${label(check)}: ${problem}`);
  }
  return failures;
}

function label(check: Check): string {
  const { kind, ...rest } = check;
  return `${kind} ${JSON.stringify(rest)}`;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function short(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(one.length > 160 ? `${one.slice(0, 160)}…` : one);
}

function evaluate(check: Check, ctx: CheckContext): string | undefined {
  const { record } = ctx;
  switch (check.kind) {
    case 'file_contains':
    case 'file_not_contains': {
      const content = read(resolve(ctx.workroot, check.path));
      if (content === undefined) return 'the file does not exist';
      const has = content.includes(check.text);
      if (check.kind === 'file_contains' && !has) return `not found in ${short(content)}`;
      if (check.kind === 'file_not_contains' && has) return 'the text is present';
      return undefined;
    }
    case 'file_unchanged': {
      const before = read(resolve(ctx.fixture, check.path));
      const after = read(resolve(ctx.workroot, check.path));
      if (before === after) return undefined;
      if (after === undefined) return 'the file was removed';
      return before === undefined ? 'the file was created' : `the file changed to ${short(after)}`;
    }
    case 'file_absent':
      return existsSync(resolve(ctx.workroot, check.path)) ? 'the file exists' : undefined;
    case 'final_text_contains': {
      const text = finalText(record);
      return text.includes(check.text) ? undefined : `final text was ${short(text)}`;
    }
    case 'tools_called':
      return toolsCalled(check.tools, check.order, record);
    case 'tools_not_called': {
      const called = check.tools.filter((t) => record.calls.some((c) => c.name === t));
      return called.length === 0 ? undefined : `called ${called.join(', ')}`;
    }
    case 'skill_invoked': {
      const ok = record.calls.some(
        (c) => c.name === SKILL_TOOL_NAME && skillName(c.input) === check.skill && c.result?.isError === false,
      );
      return ok ? undefined : `no successful skill call for it (skill calls: ${describeSkillCalls(record)})`;
    }
    case 'tool_result_contains':
    case 'tool_error_contains': {
      const wantError = check.kind === 'tool_error_contains';
      const results = record.calls.filter(
        (c) => c.name === check.tool && c.result !== undefined && c.result.isError === wantError,
      );
      if (results.some((c) => c.result?.content.includes(check.text))) return undefined;
      const seen = results.map((c) => short(c.result?.content ?? '')).join('; ');
      return `no ${wantError ? 'error' : 'successful'} ${check.tool} result contains it (${results.length} seen${seen ? `: ${seen}` : ''})`;
    }
    case 'asks':
      return record.asks === check.count ? undefined : `the ask callback was called ${record.asks} time(s)`;
    case 'max_request_input_tokens': {
      const sizes = record.requestUsage.map((u) => u.input + u.cacheRead + u.cacheWrite);
      const biggest = Math.max(0, ...sizes);
      return biggest <= check.tokens ? undefined : `a request had ${biggest} input tokens`;
    }
    case 'max_requests':
      return record.requestUsage.length <= check.count ? undefined : `${record.requestUsage.length} requests were made`;
    case 'compaction_keeps_skill': {
      if (record.compactions.length === 0) return 'no compaction happened';
      const bad = record.compactions.findIndex(
        (c) => !c.reattachedSkills.includes(check.skill) || !c.transcript.includes(check.text),
      );
      if (bad === -1) return undefined;
      return `after compaction ${bad + 1} the skill was ${record.compactions[bad]?.reattachedSkills.includes(check.skill) ? 'listed as re-attached but its text is missing' : 'not re-attached'}`;
    }
  }
}

function skillName(input: unknown): string | undefined {
  const name = (input as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : undefined;
}

function describeSkillCalls(record: RunRecord): string {
  const calls = record.calls.filter((c) => c.name === SKILL_TOOL_NAME);
  if (calls.length === 0) return 'none';
  return calls.map((c) => `${skillName(c.input) ?? '?'}${c.result?.isError ? ' (error)' : ''}`).join(', ');
}

function toolsCalled(tools: readonly string[], order: boolean, record: RunRecord): string | undefined {
  const names = record.calls.map((c) => c.name);
  const seen = `calls were [${names.join(', ')}]`;
  if (!order) {
    const missing = tools.filter((t) => !names.includes(t));
    return missing.length === 0 ? undefined : `missing ${missing.join(', ')}; ${seen}`;
  }
  let at = 0;
  for (const name of names) if (name === tools[at]) at++;
  return at === tools.length ? undefined : `not called in this order; ${seen}`;
}
