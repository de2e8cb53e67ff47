/**
 * The shapes shared by the loader, the runner, the checks, the metrics writer and compare.
 * Everything here is plain JSON so a result can be written to a file and read back unchanged.
 */

/** How reliably a task is expected to pass against a live model (offline, every task must pass). */
export type Expectation = 'always' | 'usually';

/** One scripted answer to an approval question, used in order; a question past the list is denied. */
export type ApprovalAnswer = { type: 'once' } | { type: 'session' } | { type: 'deny'; message?: string };

/** One check on the finished run. Paths are relative to the work root (`../x` is allowed for "outside" files). */
export type Check =
  | { kind: 'file_contains'; path: string; text: string }
  | { kind: 'file_not_contains'; path: string; text: string }
  | { kind: 'file_unchanged'; path: string }
  | { kind: 'file_absent'; path: string }
  | { kind: 'final_text_contains'; text: string }
  | { kind: 'tools_called'; tools: string[]; order: boolean }
  | { kind: 'tools_not_called'; tools: string[] }
  | { kind: 'skill_invoked'; skill: string }
  | { kind: 'tool_result_contains'; tool: string; text: string }
  | { kind: 'tool_error_contains'; tool: string; text: string }
  | { kind: 'asks'; count: number }
  | { kind: 'max_request_input_tokens'; tokens: number }
  | { kind: 'max_requests'; count: number }
  | { kind: 'compaction_keeps_skill'; skill: string; text: string };

/** Agent options a task may set (small numbers make compaction reachable in a short task). */
export interface TaskAgentOptions {
  contextWindow?: number;
  compactionThreshold?: number;
  maxTurns?: number;
  autoSkills?: boolean;
  /** False: the task runs with `--no-sandbox` (a task about approval questions, which the sandbox would make unnecessary). */
  sandbox?: boolean;
}

/** A task as loaded from `tasks/<name>/`: absolute paths to its fixture folders, validated fields. */
export interface Task {
  name: string;
  /** The task folder. */
  dir: string;
  description: string;
  /** The user turns, sent one after another in one session. */
  prompts: string[];
  expectation: Expectation;
  approvals: ApprovalAnswer[];
  agent: TaskAgentOptions;
  checks: Check[];
  /** `workroot/` inside the task folder (copied per run). */
  workrootFixture: string;
  /** `skills/` inside the task folder, when present (copied per run, given as the only skill root). */
  skillsFixture?: string;
  /** `script.yaml` inside the task folder: the scripted model for offline runs. */
  scriptFile: string;
}

/** Token totals of a run, as the API reported them. */
export interface TokenTotals {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** The outcome of one task in one run: what METRICS.md rows and result files hold. */
export interface TaskResult {
  task: string;
  expectation: Expectation;
  passed: boolean;
  /** One line per failed check (or the error that stopped the run); empty when passed. */
  failures: string[];
  /** Model replies (assistant messages) in the run. */
  turns: number;
  /** Model requests, compaction summaries included. */
  requests: number;
  tokens: TokenTotals;
  /** cacheRead / (input + cacheRead + cacheWrite); 0 when nothing was sent. */
  cacheReadShare: number;
  wallMs: number;
}

/** One run of the suite, as written to `results/<commit>-<timestamp>.json`. */
export interface RunResult {
  /** ISO time the run started (real clock; the agent's clock is fixed). */
  date: string;
  /** `git rev-parse --short HEAD`, or 'unknown'. */
  commit: string;
  model: string;
  mode: 'offline' | 'live';
  tasks: TaskResult[];
}
