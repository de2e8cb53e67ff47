/**
 * `!command`: a command the user typed, run at once through the bash tool's machinery (the
 * session's sandbox when it has one, the credentials dropped from its environment and redacted
 * from its output) with no model request and no question (the user typed it; a deny rule still
 * refuses it, as in Claude Code). Its output is shown live as a tool call's, and the command with
 * its output joins the next user message in Claude Code's form (`<bash-input>`, `<bash-stdout>`,
 * `<bash-stderr>`: the two streams run on their own pipes here, unlike the bash tool's one), so
 * the model sees it on the next turn.
 */
import type { Policy } from '@coding-harness/approval';
import type { Part, ResultPart } from '@coding-harness/model';
import type { SessionEvent } from '@coding-harness/protocol';
import {
  BASH_DEFAULT_TIMEOUT_MS,
  BASH_OUTPUT_CAP,
  bashTool,
  createStreamRedactor,
  redactSecrets,
  runBash,
} from '@coding-harness/tools';
import type { BashRun, Sandbox, ToolRegistry } from '@coding-harness/tools';
import { attachedText } from './attached-part.js';

/** What running a `!command` needs. */
export interface BangDeps {
  root: string;
  secrets: readonly string[];
  sandbox?: Sandbox;
  /** The environment the command runs with (the session's, settings `env` over it); absent: process.env. */
  env?: NodeJS.ProcessEnv;
  policy: Pick<Policy, 'deniedByRule'>;
  registry: Pick<ToolRegistry, 'ruleNames'>;
  emit: (event: SessionEvent) => void;
  signal: AbortSignal;
}

/** What a `!command` leaves for the next turn (nothing when a rule refused it), its call id, and how it ended. */
export interface BangRun {
  callId: string;
  parts: Part[];
  /** False when a rule refused it or it did not succeed (an exit code other than 0, a timeout, a signal). */
  ok: boolean;
  /** How it ended in a few words (`exit 0`, `exit 2`, `denied`, `timed out after ...`). */
  display: string;
}

let calls = 0;

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Runs `command` as the user's own: events for the front end, parts for the next user message. */
export async function runBang(command: string, deps: BangDeps): Promise<BangRun> {
  // Unique within the session; no node:crypto at start-up (the bin loads this module eagerly).
  const callId = `bang_${Date.now().toString(36)}_${(calls += 1)}`;
  const name = bashTool.name;
  const ruleTool = deps.registry.ruleNames().find((entry) => entry.name === name);
  const input = { command };
  deps.emit({ type: 'tool_call_started', callId, name, kind: 'exec', input, summary: `! ${command}`, forced: true });
  const denied = deps.policy.deniedByRule({
    tool: name,
    kind: 'exec',
    input,
    target: command,
    summary: `${name}: ${command}`,
    ...(ruleTool ? { ruleTool } : {}),
  });
  if (denied !== undefined) {
    const content: ResultPart[] = [{ type: 'text', text: denied }];
    deps.emit({ type: 'tool_call_finished', callId, name, isError: true, display: 'denied', content });
    return { callId, parts: [], ok: false, display: 'denied' };
  }
  const started = Date.now();
  // One redactor per pipe: a secret is never split across stdout and stderr.
  const redactors = { stdout: createStreamRedactor(deps.secrets), stderr: createStreamRedactor(deps.secrets) };
  const update = (text: string, stream: 'stdout' | 'stderr'): void => {
    if (text !== '') deps.emit({ type: 'tool_update', callId, text, elapsedMs: Date.now() - started, stream });
  };
  const result = await runBash(command, deps.root, BASH_DEFAULT_TIMEOUT_MS, deps.signal, BASH_OUTPUT_CAP, {
    secrets: deps.secrets,
    stderrApart: true,
    ...(deps.env ? { env: deps.env } : {}),
    onOutput: (text, stream = 'stdout') => update(redactors[stream].push(text), stream),
    ...(deps.sandbox ? { sandbox: deps.sandbox } : {}),
  });
  update(redactors.stdout.end(), 'stdout');
  update(redactors.stderr.end(), 'stderr');
  const content = result.content.map((part) =>
    part.type === 'text' ? { ...part, text: redactSecrets(part.text, deps.secrets) } : part,
  );
  const display = redactSecrets(result.display, deps.secrets);
  deps.emit({ type: 'tool_call_finished', callId, name, isError: result.isError, display, content });
  const streams = transcriptStreams(result, deps.secrets);
  return {
    callId,
    parts: [
      attachedText(`<bash-input>${escape(command)}</bash-input>`),
      attachedText(
        `<bash-stdout>${escape(streams.stdout)}</bash-stdout><bash-stderr>${escape(streams.stderr)}</bash-stderr>`,
      ),
    ],
    ok: !result.isError,
    display,
  };
}

/**
 * What the transcript shows of each stream: stdout and stderr as printed (no trailing newline),
 * and, when the command did not succeed, the harness's closing line ("Exit code 1.", a timeout,
 * a sandbox note) after stderr.
 */
function transcriptStreams(result: BashRun, secrets: readonly string[]): { stdout: string; stderr: string } {
  const clean = (text: string | undefined): string => redactSecrets(text ?? '', secrets).replace(/\n$/, '');
  const stdout = clean(result.stdout);
  let stderr = clean(result.stderr);
  if (result.isError) {
    const full = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    const at = full.lastIndexOf('\n\n');
    const closing = redactSecrets(at >= 0 ? full.slice(at + 2) : full, secrets);
    stderr = stderr === '' ? closing : `${stderr}\n${closing}`;
  }
  return { stdout, stderr };
}
