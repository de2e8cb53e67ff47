import type { McpServerAnswer, McpServerQuestion } from '@coding-harness/session';
import { sanitize } from './sanitize.js';

/**
 * The question about a trusted repository's `.mcp.json` server not approved yet: the same
 * answers and meanings as `harness`'s REPL (yes and all are recorded, no asks again next time).
 */
export const MCP_CHOICES: readonly { answer: McpServerAnswer; key: string; label: string; meaning: string }[] = [
  {
    answer: 'approve',
    key: 'y',
    label: 'Yes',
    meaning: 'start it now and from now on (recorded until its command changes)',
  },
  { answer: 'skip', key: 'n', label: 'No', meaning: 'not this time (asked again next time)' },
  { answer: 'approve-all', key: 'a', label: 'All', meaning: 'this one and the rest of the file (recorded)' },
];

/** Where the list starts: "no", so an Enter pressed without reading runs nothing. */
export const MCP_DEFAULT = 1;

export const MCP_KEYS = '↑↓ choose · Enter answer · y yes · n no · a all · Esc no';

export type McpKeyResult = { type: 'select'; selected: number } | { type: 'answer'; answer: McpServerAnswer };

/** One key, pure: ↑↓ move, Enter answers the selected row, a letter answers at once, Esc and Ctrl-C answer "no". */
export function mcpKey(selected: number, name: string | undefined, ch: string | undefined): McpKeyResult {
  const last = MCP_CHOICES.length - 1;
  if (name === 'up') return { type: 'select', selected: Math.max(0, selected - 1) };
  if (name === 'down') return { type: 'select', selected: Math.min(last, selected + 1) };
  if (name === 'return' || name === 'enter') return { type: 'answer', answer: MCP_CHOICES[selected]?.answer ?? 'skip' };
  if (name === 'escape' || ch === '\x03') return { type: 'answer', answer: 'skip' };
  const choice = MCP_CHOICES.find((c) => c.key === ch);
  return choice ? { type: 'answer', answer: choice.answer } : { type: 'select', selected };
}

/** The question as plain lines (text from the repository sanitized), the selected choice marked `›`; "all" only when more servers follow. */
export function mcpQuestionLines(q: McpServerQuestion, selected: number): string[] {
  const line = (text: string): string => sanitize(text, { multiline: false });
  return [
    `New MCP server in this repository's ${line(q.source)}: ${line(q.name)}`,
    `  runs: ${line(q.runs)}`,
    '',
    'Use this MCP server?',
    ...MCP_CHOICES.map((c, i) => ({ c, i }))
      .filter(({ c }) => c.answer !== 'approve-all' || q.remaining > 0)
      .map(({ c, i }) => `${i === selected ? '›' : ' '} [${c.key}] ${c.label}: ${c.meaning}`),
  ];
}
