/**
 * The MCP part of a user message, before the turn: a `/mcp__server__prompt` line becomes the
 * prompt's message (its text the turn's text, its images and resources parts after it), and
 * every `@server:uri` mention of the typed line attaches that resource. Each attachment (or why
 * one was not attached) is a notice; a prompt that cannot run is the send's error, nothing sent.
 */
import type { Part } from '@coding-harness/model';
import type { SessionEvent } from '@coding-harness/protocol';
import type { McpUx } from './prompts-wiring.js';

export async function mcpTurnInput(
  ux: McpUx | undefined,
  typed: string,
  emit: (event: SessionEvent) => void,
): Promise<{ text: string; parts: Part[] } | string> {
  if (ux === undefined) return { text: typed, parts: [] };
  const prompt = await ux.prompts.expand(typed);
  if (prompt !== undefined && !prompt.ok) return prompt.message;
  const attached = await ux.resources.attach(typed);
  for (const message of attached.notes) emit({ type: 'notice', message });
  if (prompt === undefined) return { text: typed, parts: attached.parts };
  return { text: prompt.text, parts: [...prompt.parts, ...attached.parts] };
}
