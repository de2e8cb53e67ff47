import { sanitize } from '@coding-harness/session';
import type { AskMcpServerFn, McpServerAnswer, McpServerQuestion } from '@coding-harness/session';
import type { Colors } from './colors.js';
import type { ReplQuestionDeps } from './repl-questions.js';

/** The lines above the question: which server of which file, and what it would run (text from the repository, sanitized). */
export function mcpQuestionLines(q: McpServerQuestion, c: Colors): string[] {
  const line = (text: string): string => sanitize(text, { multiline: false });
  return [
    c.yellow(`New MCP server in this repository's ${line(q.source)}: ${line(q.name)}`),
    `  runs: ${line(q.runs)}`,
    c.dim('  yes: start it now and from now on (recorded until its command changes) · no: not this time (asked again)'),
    ...(q.remaining > 0 ? [c.dim(`  all: this one and the other ${q.remaining} of the file`)] : []),
  ];
}

export const MCP_PROMPT = 'Use this MCP server? [y]es / [n]o / [a]ll ';

const ANSWERS: Readonly<Record<string, McpServerAnswer>> = {
  y: 'approve',
  yes: 'approve',
  n: 'skip',
  no: 'skip',
  a: 'approve-all',
  all: 'approve-all',
};

/** Reads an answer; undefined for anything else (the question is asked again). */
export function parseMcpAnswer(line: string): McpServerAnswer | undefined {
  const key = line.trim().toLowerCase();
  return Object.hasOwn(ANSWERS, key) ? ANSWERS[key] : undefined;
}

/** The REPL's question about a repository's MCP server, on its line queue; closed input is "no". */
export function mcpServerAsker(
  d: Pick<ReplQuestionDeps, 'out' | 'colors' | 'tty' | 'prompt' | 'lines'>,
): AskMcpServerFn {
  return async (question) => {
    d.out.write(`${mcpQuestionLines(question, d.colors).join('\n')}\n`);
    for (;;) {
      d.prompt(MCP_PROMPT);
      const line = await d.lines.next();
      if (line === null) {
        if (!d.tty) d.out.write('\n');
        return 'skip';
      }
      const answer = parseMcpAnswer(line);
      if (answer) return answer;
      if (line.trim() !== '') d.out.write(`${d.colors.yellow('please answer y (yes), n (no) or a (all)')}\n`);
    }
  };
}
