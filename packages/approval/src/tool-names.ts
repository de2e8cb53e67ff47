/**
 * The tool names a rule may use. Our own names are canonical; Claude Code's names are accepted
 * (case-insensitively) so a settings file or a skill's `allowed-tools` written for Claude Code
 * works unchanged.
 */

/** Our tool names, in the order error messages list them. */
export const OUR_TOOLS = ['bash', 'read_file', 'write_file', 'edit_file', 'glob', 'grep', 'skill'] as const;

/** One of our tool names. */
export type ToolName = (typeof OUR_TOOLS)[number];

/** Claude Code's name (lower-cased) for each of our tools. */
const CLAUDE_ALIASES: ReadonlyMap<string, ToolName> = new Map(Object.entries({
  bash: 'bash',
  read: 'read_file',
  write: 'write_file',
  edit: 'edit_file',
  multiedit: 'edit_file',
  glob: 'glob',
  grep: 'grep',
  skill: 'skill',
} satisfies Record<string, ToolName>));

/** The Claude Code spelling of each of our tools, used in hints for people who know that syntax. */
export const CLAUDE_NAME: Readonly<Record<ToolName, string>> = {
  bash: 'Bash',
  read_file: 'Read',
  write_file: 'Write',
  edit_file: 'Edit',
  glob: 'Glob',
  grep: 'Grep',
  skill: 'Skill',
};

/** Claude Code tools this harness does not have: named in errors so the fix is obvious. */
const CLAUDE_ONLY = [
  'WebFetch', 'WebSearch', 'NotebookEdit', 'NotebookRead', 'Task', 'TodoWrite', 'LS', 'KillShell',
  'BashOutput', 'ExitPlanMode', 'SlashCommand', 'Agent',
];

/** Tools whose rule specifier is a path glob. */
export const PATH_TOOLS: ReadonlySet<string> = new Set(['read_file', 'write_file', 'edit_file', 'glob', 'grep']);

/**
 * Maps a rule's tool part to our name, or explains why it cannot.
 * Matching is case-insensitive for both our names and Claude Code's.
 */
export function resolveToolName(text: string): { ok: true; name: ToolName } | { ok: false; error: string } {
  const lower = text.toLowerCase();
  const ours = OUR_TOOLS.find((name) => name === lower);
  if (ours) return { ok: true, name: ours };
  const alias = CLAUDE_ALIASES.get(lower);
  if (alias) return { ok: true, name: alias };
  if (lower.startsWith('mcp__') || CLAUDE_ONLY.some((name) => name.toLowerCase() === lower)) {
    return { ok: false, error: `"${text}" is a Claude Code tool this harness does not have; remove it` };
  }
  const suggestion = closest(text);
  const hint = suggestion ? `did you mean ${suggestion}? ` : '';
  return {
    ok: false,
    error: `unknown tool "${text}"; ${hint}use one of ${OUR_TOOLS.join(', ')} (or Claude Code's ${Object.values(CLAUDE_NAME).join(', ')}, MultiEdit)`,
  };
}

/** The nearest known name, spelled in the style the user wrote (Claude Code's when capitalised). */
function closest(text: string): string | undefined {
  const lower = text.toLowerCase();
  const claude = [...Object.values(CLAUDE_NAME), 'MultiEdit'];
  const candidates = /^[A-Z]/.test(text) ? [...claude, ...OUR_TOOLS] : [...OUR_TOOLS, ...claude];
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(lower.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = editDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The kind of call each of our tools makes (what `grantForTurn`'s `maxKind` compares). */
export const KIND_OF_TOOL: Readonly<Record<ToolName, 'read' | 'write' | 'exec'>> = {
  bash: 'exec', read_file: 'read', write_file: 'write', edit_file: 'write', glob: 'read', grep: 'read', skill: 'read',
};

/** Kinds from narrowest to widest. */
export const KIND_RANK: Readonly<Record<'read' | 'write' | 'exec', number>> = { read: 0, write: 1, exec: 2 };
