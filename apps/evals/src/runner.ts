/**
 * Runs one task: a fresh sandbox, then the session users run (`parseHarnessArgs` and
 * `buildHarness` of the session package, the wiring behind `harness` and `harness-tui`) with the
 * sandbox as home and work root, skills only from the task's own fixture (`--skills`), a fixed
 * clock and the built-in grep engine, against either the scripted mock server (offline) or the
 * real API (live). Returns a TaskResult; a crash in the harness is a failed task, not an exception.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Answer } from '@coding-harness/approval';
import type { Command } from '@coding-harness/protocol';
import { parseScript, startMockServer } from '@coding-harness/mock-anthropic';
import type { MockServer } from '@coding-harness/mock-anthropic';
import { buildHarness, parseHarnessArgs, sessionOver } from '@coding-harness/session';
import type { HarnessEnv } from '@coding-harness/session';
import { parse as parseYaml } from 'yaml';
import { runChecks } from './checks.js';
import { emptyRecord, recordEvent } from './recorder.js';
import type { RunRecord } from './recorder.js';
import { fillPlaceholders, prepareSandbox } from './sandbox.js';
import type { Sandbox } from './sandbox.js';
import type { ApprovalAnswer, Task, TaskResult, TokenTotals } from './types.js';

/** The agent's clock in every run, so the date line of the system prompt never changes. */
export const FIXED_CLOCK = (): Date => new Date('2026-01-01T00:00:00Z');

/** The model offline runs name (the mock echoes it); live runs default to it too. */
export const DEFAULT_MODEL = 'claude-sonnet-5-5';

/** Offline: the scripted mock. Live: the real API with the given key (and optional base URL). */
export type Backend = { kind: 'offline' } | { kind: 'live'; apiKey: string; baseURL?: string };

export interface RunTaskOptions {
  backend: Backend;
  model?: string;
  /** Parent folder of the sandboxes; default `<tmpdir>/coding-harness-evals`. Tests pass a temp dir. */
  sandboxBase?: string;
}

/** Runs one task to completion and evaluates its checks. Never throws for a harness failure. */
export async function runTask(task: Task, options: RunTaskOptions): Promise<TaskResult> {
  const record = emptyRecord();
  const failures: string[] = [];
  const started = performance.now();
  let requests = 0;
  let sandbox: Sandbox | undefined;
  let server: MockServer | undefined;
  try {
    sandbox = prepareSandbox(task, options.sandboxBase);
    let env: HarnessEnv;
    if (options.backend.kind === 'offline') {
      server = await startMockServer({ script: loadTaskScript(task, sandbox) });
      env = { ANTHROPIC_API_KEY: 'offline-eval', ANTHROPIC_BASE_URL: server.url };
    } else {
      env = {
        ANTHROPIC_API_KEY: options.backend.apiKey,
        ...(options.backend.baseURL ? { ANTHROPIC_BASE_URL: options.backend.baseURL } : {}),
      };
    }
    requests = await drive(task, sandbox, env, options.model ?? DEFAULT_MODEL, record, failures);
    if (server) failures.push(...scriptProblems(server, record));
  } catch (err) {
    failures.push(`the run failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await server?.close();
  }
  const wallMs = Math.round(performance.now() - started);
  if (sandbox)
    failures.push(...runChecks(task.checks, { workroot: sandbox.workroot, fixture: task.workrootFixture, record }));
  return summarize(task, record, failures, requests, wallMs);
}

/** Reads `script.yaml` with its placeholders filled; throws naming the file when it is invalid. */
export function loadTaskScript(task: Task, sandbox: Sandbox): ReturnType<typeof parseScriptOrThrow> {
  const text = fillPlaceholders(readFileSync(task.scriptFile, 'utf8'), sandbox);
  return parseScriptOrThrow(parseYaml(text), task.scriptFile);
}

function parseScriptOrThrow(value: unknown, source: string) {
  const parsed = parseScript(value, source);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.script;
}

/** The `harness` command line a task stands for: its work root, model, fixture skills and agent flags. */
export function taskArgv(task: Task, sandbox: Sandbox, model: string): string[] {
  return [
    '-C',
    sandbox.workroot,
    '--model',
    model,
    '--permission-mode',
    'default',
    ...(sandbox.skills ? ['--skills', sandbox.skills] : []),
    ...(task.agent.autoSkills === false ? ['--no-auto-skills'] : []),
    ...(task.agent.sandbox === false ? ['--no-sandbox'] : []),
    ...(task.agent.maxTurns !== undefined ? ['--max-turns', String(task.agent.maxTurns)] : []),
  ];
}

/** Builds the session users run from the task's argv, sends every prompt, and returns the request count. */
async function drive(
  task: Task,
  sandbox: Sandbox,
  env: HarnessEnv,
  model: string,
  record: RunRecord,
  failures: string[],
): Promise<number> {
  const parsed = parseHarnessArgs(taskArgv(task, sandbox, model));
  if (!parsed.ok) throw new Error(`the task's flags: ${parsed.message}`);
  const harness = await buildHarness(parsed.flags, env, {
    home: sandbox.home,
    cwd: sandbox.dir,
    tuning: {
      clock: FIXED_CLOCK,
      rgPath: null,
      ...(task.agent.contextWindow !== undefined ? { contextWindow: task.agent.contextWindow } : {}),
      ...(task.agent.compactionThreshold !== undefined ? { compactionThreshold: task.agent.compactionThreshold } : {}),
    },
  });
  failures.push(...harness.discovery.problems.map((p) => `fixture skill skipped: ${p.path}: ${p.message}`));
  // The session users run, over the harness (its transcript is read after each compaction).
  const session = sessionOver(harness);
  let commands = 0;
  try {
    for (const prompt of task.prompts) {
      const send: Command = { id: `eval-${++commands}`, type: 'send', text: fillPlaceholders(prompt, sandbox) };
      for await (const event of session.run(send)) {
        if (event.type === 'approval_requested')
          void session.dispatch({
            id: `eval-${++commands}`,
            type: 'answer',
            requestId: event.requestId,
            answer: scriptedAnswer(task.approvals, record),
          });
        if (event.type !== 'status' && event.type !== 'command_result' && event.type !== 'closed')
          recordEvent(record, event, () => harness.agent.messages());
      }
    }
  } finally {
    await session.close();
  }
  for (const [i, reason] of record.stopReasons.entries()) {
    if (reason === 'error' || reason === 'max_turns' || reason === 'aborted')
      failures.push(
        `user turn ${i + 1} ended with ${reason}${record.errors.length ? ` (${record.errors.join('; ')})` : ''}`,
      );
  }
  return harness.agent.totals().requests;
}

/** The answer to the next question: the task's answers in order; a question beyond them is denied and counted. */
export function scriptedAnswer(answers: readonly ApprovalAnswer[], record: RunRecord): Answer {
  const answer = answers[record.asks] ?? {
    type: 'deny',
    message: 'the eval task scripted no answer for this question',
  };
  record.asks++;
  return answer;
}

/** Offline only: a scripted turn left unused, or a fallback reply, means the harness strayed from the script. */
function scriptProblems(server: MockServer, record: RunRecord): string[] {
  const out: string[] = [];
  const left = server.remainingTurns();
  if (left > 0) out.push(`offline: ${left} scripted turn(s) were never requested`);
  const strays = record.assistantTexts.filter((t) => t.startsWith('[mock-anthropic]'));
  if (strays.length > 0)
    out.push(`offline: the mock had no scripted turn for ${strays.length} request(s): ${strays[0]}`);
  return out;
}

function summarize(task: Task, record: RunRecord, failures: string[], requests: number, wallMs: number): TaskResult {
  const tokens: TokenTotals = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  for (const u of record.requestUsage) {
    tokens.input += u.input;
    tokens.output += u.output;
    tokens.cacheRead += u.cacheRead;
    tokens.cacheWrite += u.cacheWrite;
  }
  const sent = tokens.input + tokens.cacheRead + tokens.cacheWrite;
  return {
    task: task.name,
    expectation: task.expectation,
    passed: failures.length === 0,
    failures,
    turns: record.assistantTexts.length,
    requests: Math.max(requests, record.requestUsage.length),
    tokens,
    cacheReadShare: sent === 0 ? 0 : tokens.cacheRead / sent,
    wallMs,
  };
}
