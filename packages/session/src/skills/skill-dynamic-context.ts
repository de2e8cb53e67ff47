/**
 * Dynamic context in a skill body, with exactly Claude Code's syntax: `` !`command` `` where the
 * `!` starts a line or follows whitespace, and a fenced block opened with ```` ```! ````. Each
 * command runs as bash before the model sees the skill, and its output takes the place of the
 * placeholder. A skill may come from a cloned repository, so every command is judged first, as a
 * bash call would be (the session's rules, read-only commands, the sandbox; asking nobody), all
 * of them before any runs: if one is refused nothing runs and the load names each refusal. They
 * run inside the session's sandbox when it has one.
 */
import { resultText } from '@coding-harness/model';
import type { Skill } from '@coding-harness/skills';
import { BASH_DEFAULT_TIMEOUT_MS, redactSecrets, runBash } from '@coding-harness/tools';
import type { ToolContext } from '@coding-harness/tools';
import type { ExpandedSkillText } from './skill-arguments.js';

/**
 * The verdict on a skill's dynamic context command: allowed, or not with the reason; `denied`
 * is true when a deny rule (or the mode) refused it, false when it would have needed asking.
 */
export type CommandVerdict = { allowed: true } | { allowed: false; denied: boolean; message: string };

/** Claude Code's block form: ```` ```! ````, the commands, a closing fence. */
const BLOCK = /```!\s*\n?([\s\S]*?)\n?```/g;
/** Claude Code's inline form: `!` at a line start or after whitespace, then a code span. */
const INLINE = /(?<=^|\s)!`([^`]+)`/gm;

/** Output of one command inlined before it is cut (head and tail kept). */
export const DYNAMIC_CONTEXT_OUTPUT_CAP = 10_000;

/** Programs whose exit code 1 means "nothing found", not failure (Claude Code's carve-out for bash). */
const NO_MATCH_PROGRAMS = [/^find\b/, /^grep\b/, /^git\s+diff\b/, /^diff\b/];

/** One placeholder found in a body. */
export interface DynamicCommand {
  /** The placeholder as written (`` !`git status` ``). */
  pattern: string;
  /** The command, trimmed. */
  command: string;
  start: number;
  end: number;
}

/**
 * The placeholders in `text`, in order, leaving out any that starts inside an inserted value (an
 * argument cannot smuggle in a command) and inline ones inside a block. Empty commands are not
 * placeholders.
 */
export function findDynamicCommands(text: string, inserted: ExpandedSkillText['inserted'] = []): DynamicCommand[] {
  const fromValue = (at: number): boolean => inserted.some(([s, e]) => at >= s && at < e);
  const found: DynamicCommand[] = [];
  for (const m of text.matchAll(BLOCK)) {
    const command = (m[1] ?? '').trim();
    if (command !== '' && !fromValue(m.index))
      found.push({ pattern: m[0], command, start: m.index, end: m.index + m[0].length });
  }
  if (text.includes('!`')) {
    const blocks = [...found];
    for (const m of text.matchAll(INLINE)) {
      const command = (m[1] ?? '').trim();
      const inBlock = blocks.some((b) => m.index >= b.start && m.index < b.end);
      if (command !== '' && !inBlock && !fromValue(m.index))
        found.push({ pattern: m[0], command, start: m.index, end: m.index + m[0].length });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The flag that allows exactly this command, quoted for a POSIX shell. */
export function allowFlagFor(command: string): string {
  const rule = `Bash(${command})`;
  return `--allowed-tools '${rule.replace(/'/g, `'\\''`)}'`;
}

/** Why a placeholder failed, in Claude Code's words, with what to do about it. */
function refusal(c: DynamicCommand, verdict: Extract<CommandVerdict, { allowed: false }>): string {
  const fix = verdict.denied
    ? ''
    : `; a skill's commands never ask, so allow it before loading the skill: ${allowFlagFor(c.command)} (or the same rule in the skill's allowed-tools, which apply when you run it with /name)`;
  return `Shell command permission check failed for pattern "${c.pattern}": ${verdict.message}${fix}`;
}

function cap(text: string): string {
  if (text.length <= DYNAMIC_CONTEXT_OUTPUT_CAP) return text;
  const half = Math.floor(DYNAMIC_CONTEXT_OUTPUT_CAP / 2);
  return `${text.slice(0, half)}\n… ${text.length - 2 * half} characters cut …\n${text.slice(-half)}`;
}

/** `runBash`'s content without its trailing status line. */
function outputOf(content: string): string {
  const body = content.replace(
    /\n\n(?:Exit code -?\d+\.|Command timed out[^\n]*|Command was cancelled[^\n]*|Killed by signal \w+\.)$/,
    '',
  );
  return body === '(no output)' ? '' : body;
}

/** The result of running a body's dynamic context: the body with outputs inlined, or why not. */
export type DynamicContextResult = { ok: true; text: string } | { ok: false; error: string };

/**
 * Judges every placeholder of `expanded`, then (only if all are allowed) runs them one after
 * another in the work root, inside the session's sandbox when it has one, and inlines each output
 * (capped, secrets redacted). A command that is not allowed fails the whole load before anything
 * ran, with Claude Code's message for each refused one; a command that fails (non-zero exit; exit
 * 1 of find, grep, git diff and diff means "no match" and is kept) stops the load. Without
 * `authorize` nothing runs and a body with placeholders fails to load.
 */
export async function runDynamicContext(
  expanded: ExpandedSkillText,
  skill: Skill,
  ctx: ToolContext,
  authorize?: (command: string) => Promise<CommandVerdict>,
): Promise<DynamicContextResult> {
  const commands = findDynamicCommands(expanded.text, expanded.inserted);
  if (commands.length === 0) return { ok: true, text: expanded.text };
  if (skill.shell === 'powershell')
    return { ok: false, error: 'the skill asks for `shell: powershell`; dynamic context runs only as bash here' };
  const refusals: string[] = [];
  for (const c of commands) {
    const verdict: CommandVerdict = authorize
      ? await authorize(c.command)
      : { allowed: false, denied: true, message: 'this session runs no skill commands' };
    if (!verdict.allowed) refusals.push(refusal(c, verdict));
  }
  if (refusals.length > 0)
    return {
      ok: false,
      error:
        refusals.length === 1 || commands.length === 1
          ? (refusals[0] as string)
          : `none of its ${commands.length} commands ran, because ${refusals.length} ${refusals.length === 1 ? 'is' : 'are'} not allowed:\n${refusals.map((r) => `- ${r}`).join('\n')}`,
    };
  let out = '';
  let last = 0;
  for (const c of commands) {
    const run = await runBash(c.command, ctx.root, BASH_DEFAULT_TIMEOUT_MS, ctx.signal, DYNAMIC_CONTEXT_OUTPUT_CAP, {
      ...(ctx.secrets ? { secrets: ctx.secrets } : {}),
      ...(ctx.env ? { env: ctx.env } : {}),
      ...(ctx.sandbox ? { sandbox: ctx.sandbox, sandboxHints: false } : {}),
    });
    const output = redactSecrets(outputOf(resultText(run.content)), ctx.secrets, ctx.secretLabels);
    const noMatch = run.display === 'exit 1' && NO_MATCH_PROGRAMS.some((p) => p.test(c.command));
    if (run.isError && !noMatch)
      return {
        ok: false,
        error: `Shell command failed for pattern "${c.pattern}": ${run.display}${output === '' ? '' : `\n${cap(output)}`}`,
      };
    out += expanded.text.slice(last, c.start) + cap(output.replace(/\n+$/, ''));
    last = c.end;
  }
  return { ok: true, text: out + expanded.text.slice(last) };
}
