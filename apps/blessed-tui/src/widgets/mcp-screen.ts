import type { McpServerAnswer, McpServerQuestion } from '@coding-harness/session';
import { MCP_DEFAULT, MCP_KEYS, mcpKey, mcpQuestionLines } from '../mcp-question.js';
import { escapeTags } from '../sanitize.js';
import { runPreScreen } from './pre-screen.js';
import type { PreScreenIo } from './pre-screen.js';

/**
 * The question about a repository's MCP server as a screen of its own, drawn while the session
 * is being built (like the trust question); resolves with the answer once the terminal is
 * restored; the session package records it.
 */
export function runMcpQuestion(question: McpServerQuestion, io: PreScreenIo = {}): Promise<McpServerAnswer> {
  return runPreScreen<McpServerAnswer>(
    {
      initial: MCP_DEFAULT,
      content: (selected, _size, theme) => {
        const lines = mcpQuestionLines(question, selected).map(escapeTags);
        const head = lines[0] ?? '';
        return [theme.wrap('bold', head), ...lines.slice(1), '', theme.wrap('gray-fg', escapeTags(MCP_KEYS))].join(
          '\n',
        );
      },
      key: (selected, name, ch) => {
        const r = mcpKey(selected, name, ch);
        if (r.type === 'answer') return { type: 'done', value: r.answer };
        // "all" is not offered for the last server: the selection skips it.
        return question.remaining === 0 && r.selected === 2 ? { type: 'select', selected: 1 } : r;
      },
    },
    io,
  );
}
