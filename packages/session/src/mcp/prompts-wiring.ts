/**
 * The user's side of the session's MCP servers in one place: their prompts (slash commands),
 * their resources (`@server:uri` mentions) and their questions (elicitation), kept in step with
 * the servers' states and list changes. runtime.ts creates it next to the manager.
 */
import type { McpChange } from '@coding-harness/mcp';
import { createMcpElicitation } from './elicitation.js';
import type { McpElicitation } from './elicitation.js';
import { createMcpPrompts } from './prompts.js';
import type { McpPrompts, McpUxSource } from './prompts.js';
import { createMcpResources } from './resources.js';
import type { McpResources } from './resources.js';

/** `prompts/get` and `resources/read` give up after this long (Claude Code's MCP tool timeout is longer; these block a message). */
const REQUEST_TIMEOUT_MS = 30_000;
const CHARS_PER_TOKEN = 4;

export interface McpUx {
  readonly prompts: McpPrompts;
  readonly resources: McpResources;
  /** Present when a front end can answer servers' questions (the capability is declared then). */
  readonly elicitation?: McpElicitation;
  /** The manager's changes: a server that connects is listed, one that goes away forgotten. */
  onChange(change: McpChange): void;
  /** A server said its prompts or resources changed. */
  onListChanged(server: string, what: 'prompts' | 'resources'): void;
}

export function createMcpUx(source: McpUxSource, options: { maxOutputTokens: number; canElicit: boolean }): McpUx {
  const limits = { timeoutMs: REQUEST_TIMEOUT_MS, maxChars: options.maxOutputTokens * CHARS_PER_TOKEN };
  const prompts = createMcpPrompts(source, limits);
  const resources = createMcpResources(source, limits);
  return {
    prompts,
    resources,
    ...(options.canElicit ? { elicitation: createMcpElicitation() } : {}),
    onChange(change) {
      if (change.type !== 'state') return;
      if (change.status.state === 'connected') {
        void prompts.refresh(change.server);
        void resources.refresh(change.server);
      } else {
        prompts.forget(change.server);
        resources.forget(change.server);
      }
    },
    onListChanged(server, what) {
      void (what === 'prompts' ? prompts.refresh(server) : resources.refresh(server));
    },
  };
}
