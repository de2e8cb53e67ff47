/**
 * Splits an argument string shell-style: whitespace separates, '…' is literal, "…" allows
 * `\"` and `\\`, a backslash outside quotes escapes the next character. An unclosed quote runs
 * to the end.
 */
export function splitArguments(args: string): string[] {
  const out: string[] = [];
  let cur = '';
  let has = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < args.length; i++) {
    const ch = args[i] ?? '';
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else cur += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === '\\' && (args[i + 1] === '"' || args[i + 1] === '\\')) cur += args[++i] ?? '';
      else cur += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      has = true;
    } else if (ch === '\\' && i + 1 < args.length) {
      cur += args[++i] ?? '';
      has = true;
    } else if (/\s/.test(ch)) {
      if (has || cur !== '') out.push(cur);
      cur = '';
      has = false;
    } else {
      cur += ch;
      has = true;
    }
  }
  if (has || cur !== '') out.push(cur);
  return out;
}

const PLACEHOLDER = /\$ARGUMENTS\[(\d+)\]|\$ARGUMENTS|\$(\d+)|\$\{(?:CLAUDE_)?SKILL_DIR\}/g;

/**
 * Expands a skill body: `$ARGUMENTS` becomes the whole argument string, `$ARGUMENTS[N]` and `$N`
 * the Nth argument (0-based, shell quotes respected, empty when missing), `${SKILL_DIR}` and
 * `${CLAUDE_SKILL_DIR}` the skill directory. With no argument placeholder and non-empty args,
 * `ARGUMENTS: <args>` is appended on its own line; with neither, the body is unchanged.
 */
export function expandSkillArguments(body: string, args: string, dir: string): string {
  let parts: string[] | undefined;
  let usedArgs = false;
  const expanded = body.replace(PLACEHOLDER, (match, idx?: string, n?: string) => {
    if (match.startsWith('${')) return dir;
    usedArgs = true;
    if (idx === undefined && n === undefined) return args;
    parts ??= splitArguments(args);
    return parts[Number(idx ?? n)] ?? '';
  });
  if (usedArgs || args.trim() === '') return expanded;
  return `${expanded}${expanded.endsWith('\n') || expanded === '' ? '' : '\n'}\nARGUMENTS: ${args}`;
}
