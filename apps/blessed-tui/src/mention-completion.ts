import { mentionCompletions, mentionToken } from '@coding-harness/session';
import type { Completion } from './completion.js';

/**
 * The menu for an `@path` being typed at the end of the input: files and folders under the work
 * root (the session's completion), and MCP resources (`@server:uri`) first, each replacing the
 * typed `@word` when Tab picks it.
 */
export function mentionItems(text: string, workroot: string, mcp: readonly string[] = []): Completion[] {
  const token = mentionToken(text);
  if (token === undefined || workroot === '') return [];
  const head = text.slice(0, text.length - token.length);
  const resources = mcp.map((label) => ({ label, insert: `${head}${label} `, description: 'MCP resource' }));
  return [
    ...resources,
    ...mentionCompletions(workroot, text).map((label) => ({
      label,
      insert: label.endsWith('/') ? head + label : `${head}${label} `,
      description: label.endsWith('/') ? 'folder' : 'file',
    })),
  ];
}
