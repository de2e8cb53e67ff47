/**
 * The fallback for command lines that do not parse: deny patterns matched against the text and
 * every piece of it, also behind wrappers, `VAR=value` and quotes. Used only where the parser
 * gave up (the decision is then at least "ask", so this only decides between ask and deny).
 */
const SEPARATOR = /\|\||&&|[;&|\n\r]/;
const WRAPPER_WORDS = new Set([
  'sudo',
  'doas',
  'env',
  'nohup',
  'time',
  'command',
  'builtin',
  'exec',
  'nice',
  'xargs',
  'timeout',
  'stdbuf',
  'ionice',
  'chroot',
  'setsid',
  'eval',
]);

/** Collapses runs of spaces and tabs and trims: how commands and rule texts are compared. */
export function normalizeCommand(command: string): string {
  return command.replace(/[ \t]+/g, ' ').trim();
}

/** Whether the pattern's words (`rm -rf`) appear as a command anywhere in the text. */
export function deniedAsText(command: string, words: readonly string[], form: 'exact' | 'prefix'): boolean {
  const pattern = words.join(' ');
  return candidates(command).some((candidate) => {
    const named = candidate.replace(/^\S*\//, '');
    return [candidate, named].some((c) =>
      form === 'exact' ? c === pattern : c === pattern || c.startsWith(pattern + ' '),
    );
  });
}

function candidates(command: string): string[] {
  const unquoted = command.replace(/['"\\]/g, '');
  const pieces = [command, unquoted].flatMap((text) =>
    text
      .replace(/`|\$\(|<\(|>\(|[(){}]/g, ';')
      .split(SEPARATOR)
      .map(normalizeCommand),
  );
  const found = new Set<string>([normalizeCommand(command), normalizeCommand(unquoted)]);
  for (const piece of pieces) for (const variant of unwrapped(piece)) found.add(variant);
  found.delete('');
  return [...found];
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
    if (!isAssignment && !WRAPPER_WORDS.has(first) && !isWrapperArgument) break;
    afterWrapper = afterWrapper || WRAPPER_WORDS.has(first);
    words.shift();
    variants.push(words.join(' '));
  }
  return variants;
}
