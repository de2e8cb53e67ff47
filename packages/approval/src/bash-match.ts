/**
 * How bash commands meet rules. Allowing is strict: a command made of several sub-commands
 * (`&&`, `||`, `;`, `|`, `&`, line breaks) is allowed only when every sub-command is, and one
 * with command or process substitution, or output redirection to a file, is never allowed by a
 * prefix rule (the user is asked). Denying is liberal and best effort: a deny rule matches the
 * whole command or any piece of it, also behind `sudo`, `env`, `VAR=value` and quotes.
 */

/** The sub-commands of a command, or why the command cannot be judged piecewise. */
export type Split = { ok: true; commands: string[] } | { ok: false; reason: string };

/** What a bash rule says, for matching. */
export type BashPattern = { form: 'exact'; command: string } | { form: 'prefix'; prefix: string };

/** fd duplication (`2>&1`) and redirection to /dev/null: harmless, so they do not block a prefix match. */
const SAFE_REDIRECT = /(?<=^|[\s;&|])(?:[0-9]*>&[0-9]+|&>>?\s*\/dev\/null|[0-9]*>>?\s*\/dev\/null)(?=$|[\s;&|])/g;
const SUBSTITUTION = /`|\$\(|<\(|>\(/;
const SEPARATOR = /\|\||&&|[;&|\n\r]/;

/** Collapses runs of spaces and tabs and trims: how commands and rule texts are compared. */
export function normalizeCommand(command: string): string {
  return command.replace(/[ \t]+/g, ' ').trim();
}

/** Splits a command into sub-commands for allowing, or says why that is unsafe. */
export function splitForAllow(command: string): Split {
  const cleaned = command.replace(SAFE_REDIRECT, ' ');
  if (SUBSTITUTION.test(cleaned)) return { ok: false, reason: 'it uses command or process substitution' };
  if (cleaned.includes('>')) return { ok: false, reason: 'it redirects output to a file' };
  const commands = cleaned.split(SEPARATOR).map(normalizeCommand).filter((piece) => piece !== '');
  if (commands.length === 0) return { ok: false, reason: 'it is empty' };
  return { ok: true, commands };
}

/** Whether one simple command (no separators) matches one rule pattern. */
export function matchesPattern(command: string, pattern: BashPattern): boolean {
  if (pattern.form === 'exact') return command === pattern.command;
  return command === pattern.prefix || command.startsWith(pattern.prefix + ' ');
}

/**
 * The patterns that together allow `command`, one per sub-command, or undefined when some
 * sub-command is not allowed or the command cannot be judged piecewise. An exact pattern equal
 * to the whole command allows it as written.
 */
export function allowingPatterns<P extends BashPattern>(command: string, patterns: readonly P[]): P[] | undefined {
  const whole = normalizeCommand(command);
  const exact = patterns.find((pattern) => pattern.form === 'exact' && pattern.command === whole);
  if (exact) return [exact];
  const split = splitForAllow(command);
  if (!split.ok) return undefined;
  const used: P[] = [];
  for (const piece of split.commands) {
    const match = patterns.find((pattern) => matchesPattern(piece, pattern));
    if (!match) return undefined;
    if (!used.includes(match)) used.push(match);
  }
  return used;
}

const WRAPPERS = new Set(['sudo', 'doas', 'env', 'nohup', 'time', 'command', 'builtin', 'exec', 'nice', 'xargs', 'timeout', 'stdbuf', 'ionice', 'chroot', 'setsid']);

/** Whether a deny pattern catches `command` anywhere it can be seen without running a shell. */
export function deniedByPattern(command: string, pattern: BashPattern): boolean {
  return denyCandidates(command).some((candidate) => matchesPattern(candidate, pattern));
}

function denyCandidates(command: string): string[] {
  const unquoted = command.replace(/['"\\]/g, '');
  const pieces = [command, unquoted].flatMap((text) =>
    text.replace(/`|\$\(|<\(|>\(|[(){}]/g, ';').split(SEPARATOR).map(normalizeCommand),
  );
  const candidates = new Set<string>([normalizeCommand(command), normalizeCommand(unquoted)]);
  for (const piece of pieces) for (const variant of unwrapped(piece)) candidates.add(variant);
  candidates.delete('');
  return [...candidates];
}

/** The piece, then the piece with each leading `VAR=value`, wrapper or wrapper option removed. */
function unwrapped(piece: string): string[] {
  const variants = [piece];
  const words = piece.split(' ');
  let afterWrapper = false;
  while (words.length > 1) {
    const first = words[0] ?? '';
    const isAssignment = /^[A-Za-z_][A-Za-z0-9_]*=/.test(first);
    const isWrapperArgument = afterWrapper && (first.startsWith('-') || /^[0-9.]+[smhd]?$/.test(first));
    if (!isAssignment && !WRAPPERS.has(first) && !isWrapperArgument) break;
    afterWrapper = afterWrapper || WRAPPERS.has(first);
    words.shift();
    variants.push(words.join(' '));
  }
  return variants;
}

/** Tools whose second word is a sub-command (`git status`), so a session grant covers two words. */
const MULTI_COMMAND = new Set([
  'git', 'npm', 'pnpm', 'yarn', 'npx', 'bun', 'bunx', 'deno', 'cargo', 'go', 'docker', 'podman', 'kubectl', 'make',
  'pip', 'pip3', 'poetry', 'uv', 'gh', 'brew', 'apt', 'apt-get', 'dotnet', 'mvn', 'gradle', 'terraform', 'helm',
  'rustup', 'systemctl', 'turbo', 'nx', 'composer', 'bundle', 'rake', 'mix', 'swift', 'conda', 'hg', 'svn',
]);
/** `npm run build` grants `npm run build`, not every script. */
const SCRIPT_RUNNERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const SCRIPT_VERBS = new Set(['run', 'run-script', 'exec', 'dlx', 'x']);
/** First words that run arbitrary code: a session grant for them covers the exact command only. */
const SHELL_LIKE = new Set(['bash', 'sh', 'zsh', 'fish', 'dash', 'ksh', 'eval', 'source', '.', ...WRAPPERS]);

/**
 * What "allow for the session" grants for a command: per sub-command, its prefix (the first
 * word, or the first two for tools like git and npm; `npm run build` keeps three), or the exact
 * text where a prefix would grant too much (`sudo ...`, `bash -c ...`, `VAR=1 cmd`, `git -C x`)
 * or the command cannot be judged piecewise.
 */
export function sessionPatterns(command: string): BashPattern[] {
  const split = splitForAllow(command);
  if (!split.ok) return [{ form: 'exact', command: normalizeCommand(command) }];
  const patterns: BashPattern[] = [];
  for (const piece of split.commands) {
    const pattern = sessionPattern(piece);
    const duplicate = patterns.some((p) => JSON.stringify(p) === JSON.stringify(pattern));
    if (!duplicate) patterns.push(pattern);
  }
  return patterns;
}

function sessionPattern(piece: string): BashPattern {
  const words = piece.split(' ');
  const [first = '', second, third] = words;
  const exact: BashPattern = { form: 'exact', command: piece };
  if (first.includes('=') || first.includes('*') || SHELL_LIKE.has(first)) return exact;
  if (!MULTI_COMMAND.has(first)) return { form: 'prefix', prefix: first };
  if (second === undefined || second.startsWith('-') || second.includes('*')) return exact;
  if (SCRIPT_RUNNERS.has(first) && SCRIPT_VERBS.has(second)) {
    if (third === undefined || third.startsWith('-') || third.includes('*')) return exact;
    return { form: 'prefix', prefix: `${first} ${second} ${third}` };
  }
  return { form: 'prefix', prefix: `${first} ${second}` };
}
