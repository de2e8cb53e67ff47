/**
 * Reads task folders (`tasks/<name>/task.yaml` plus fixtures) into validated `Task`s. A bad
 * task is an error naming the file and the field, never a silently skipped check.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { ApprovalAnswer, Check, Task } from './types.js';

/** A task folder that cannot be used; `message` names the file and what is wrong. */
export class TaskError extends Error {
  override name = 'TaskError';
}

const text = z.string().min(1);
const pathText = z.object({ path: text, text });
const toolText = z.object({ tool: text, text });
const count = z.number().int().min(0);

const checkSchemas: Record<string, (value: unknown) => Check> = {
  file_contains: (v) => ({ kind: 'file_contains', ...pathText.parse(v) }),
  file_not_contains: (v) => ({ kind: 'file_not_contains', ...pathText.parse(v) }),
  file_unchanged: (v) => ({ kind: 'file_unchanged', path: text.parse(v) }),
  file_absent: (v) => ({ kind: 'file_absent', path: text.parse(v) }),
  final_text_contains: (v) => ({ kind: 'final_text_contains', text: text.parse(v) }),
  tools_called: (v) => ({ kind: 'tools_called', tools: z.array(text).min(1).parse(v), order: false }),
  tools_called_in_order: (v) => ({ kind: 'tools_called', tools: z.array(text).min(1).parse(v), order: true }),
  tools_not_called: (v) => ({ kind: 'tools_not_called', tools: z.array(text).min(1).parse(v) }),
  skill_invoked: (v) => ({ kind: 'skill_invoked', skill: text.parse(v) }),
  tool_result_contains: (v) => ({ kind: 'tool_result_contains', ...toolText.parse(v) }),
  tool_error_contains: (v) => ({ kind: 'tool_error_contains', ...toolText.parse(v) }),
  asks: (v) => ({ kind: 'asks', count: count.parse(v) }),
  max_request_input_tokens: (v) => ({ kind: 'max_request_input_tokens', tokens: count.parse(v) }),
  max_requests: (v) => ({ kind: 'max_requests', count: count.parse(v) }),
  compaction_keeps_skill: (v) => ({ kind: 'compaction_keeps_skill', ...z.object({ skill: text, text }).parse(v) }),
};

/** The check names task.yaml accepts, each as a one-key mapping (`- file_contains: {path, text}`). */
export const CHECK_NAMES: readonly string[] = Object.keys(checkSchemas);

const approvalSchema = z.union([
  z.literal('once').transform((): ApprovalAnswer => ({ type: 'once' })),
  z.literal('session').transform((): ApprovalAnswer => ({ type: 'session' })),
  z.literal('deny').transform((): ApprovalAnswer => ({ type: 'deny' })),
  z
    .object({ deny: z.string() })
    .strict()
    .transform((v): ApprovalAnswer => ({ type: 'deny', message: v.deny })),
]);

const taskSchema = z
  .object({
    description: z.string().default(''),
    prompt: text.optional(),
    prompts: z.array(text).min(1).optional(),
    expectation: z.enum(['always', 'usually']),
    approvals: z.array(approvalSchema).default([]),
    agent: z
      .object({
        contextWindow: z.number().int().positive().optional(),
        compactionThreshold: z.number().positive().max(1).optional(),
        maxTurns: z.number().int().positive().optional(),
        autoSkills: z.boolean().optional(),
        sandbox: z.boolean().optional(),
      })
      .strict()
      .default({}),
    checks: z.array(z.record(z.string(), z.unknown())).min(1),
  })
  .strict();

function parseCheck(raw: Record<string, unknown>, index: number): Check {
  const keys = Object.keys(raw);
  const key = keys[0];
  if (keys.length !== 1 || key === undefined)
    throw new Error(`checks[${index}] must have exactly one key (one of ${CHECK_NAMES.join(', ')})`);
  const build = checkSchemas[key];
  if (!build) throw new Error(`checks[${index}]: unknown check '${key}' (one of ${CHECK_NAMES.join(', ')})`);
  try {
    return build(raw[key]);
  } catch (err) {
    throw new Error(`checks[${index}] ${key}: ${err instanceof z.ZodError ? z.prettifyError(err) : String(err)}`, {
      cause: err,
    });
  }
}

/** Loads one task folder; throws TaskError naming the file when anything is missing or invalid. */
export function loadTask(dir: string): Task {
  const file = join(dir, 'task.yaml');
  const name = dir.split(/[\\/]/).filter(Boolean).pop() ?? dir;
  try {
    const parsed = taskSchema.safeParse(parseYaml(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(z.prettifyError(parsed.error));
    const spec = parsed.data;
    if ((spec.prompt === undefined) === (spec.prompts === undefined))
      throw new Error('give exactly one of prompt or prompts');
    const workrootFixture = join(dir, 'workroot');
    if (!isDir(workrootFixture)) throw new Error(`missing folder ${workrootFixture}`);
    const scriptFile = join(dir, 'script.yaml');
    if (!existsSync(scriptFile)) throw new Error(`missing ${scriptFile} (the scripted model for offline runs)`);
    const skillsFixture = join(dir, 'skills');
    return {
      name,
      dir,
      description: spec.description,
      prompts: spec.prompts ?? [spec.prompt as string],
      expectation: spec.expectation,
      approvals: spec.approvals,
      agent: spec.agent,
      checks: spec.checks.map(parseCheck),
      workrootFixture,
      ...(isDir(skillsFixture) ? { skillsFixture } : {}),
      scriptFile,
    };
  } catch (err) {
    throw new TaskError(`${file}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/** Loads every task folder under `tasksDir`, sorted by name; `only` keeps the named ones (unknown names throw). */
export function loadTasks(tasksDir: string, only?: readonly string[]): Task[] {
  const names = readdirSync(tasksDir)
    .filter((n) => isDir(join(tasksDir, n)))
    .sort();
  const unknown = (only ?? []).filter((n) => !names.includes(n));
  if (unknown.length > 0) throw new TaskError(`no such task: ${unknown.join(', ')} (tasks: ${names.join(', ')})`);
  return names.filter((n) => !only || only.length === 0 || only.includes(n)).map((n) => loadTask(join(tasksDir, n)));
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
