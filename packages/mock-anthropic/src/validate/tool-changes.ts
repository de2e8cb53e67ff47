/**
 * Mid-conversation tool changes (platform docs, build-with-claude/mid-conversation-system-messages,
 * "Mid-conversation tool changes" and "Define tools in a message"): `tool_addition` and
 * `tool_removal` blocks in `role: "system"` messages, on the models that take them, with their
 * beta header (`inline-tools-2026-09-15` covers definitions and references on the Claude API;
 * `mid-conversation-tool-changes-2026-07-01` references only). A reference must name a tool of
 * `tools` or one defined earlier in `messages` (else `tool_reference_unresolved`), and no change
 * may follow a paused assistant turn directly.
 */
import type { ApiErrorResponse } from '../errors.js';
import { invalid, invalidWithCode } from '../errors.js';
import type { ModelSpec } from '../model-table.js';
import { isRecord } from '../tokens.js';
import type { RequestHeaders } from './headers.js';
import { BETAS } from './headers.js';
import { endsInServerTool } from './messages.js';

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/;

/** Checks every tool change of a request's messages, in order. */
export function checkToolChanges(
  body: Record<string, unknown>,
  spec: ModelSpec,
  headers: RequestHeaders,
): ApiErrorResponse | undefined {
  const known = new Set(
    (Array.isArray(body.tools) ? body.tools : []).flatMap((t) =>
      isRecord(t) && typeof t.name === 'string' ? [t.name] : [],
    ),
  );
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const inline = headers.betas.has(BETAS.inlineTools);
  const byReference = inline || headers.betas.has(BETAS.toolChanges);
  for (const [i, message] of messages.entries()) {
    if (!isRecord(message) || message.role !== 'system' || !Array.isArray(message.content)) continue;
    for (const [j, block] of message.content.entries()) {
      if (!isRecord(block) || (block.type !== 'tool_addition' && block.type !== 'tool_removal')) continue;
      const at = `messages.${i}.content.${j}`;
      if (!byReference || !spec.toolChanges)
        return invalid(
          `${at}: Input tag '${String(block.type)}' found using 'type' does not match any of the expected tags`,
        );
      if (i > 0 && endsInServerTool(messages[i - 1]))
        return invalid(
          `${at}: ${String(block.type)} is not accepted right after a paused assistant turn; resume it first`,
        );
      const tool = block.tool;
      if (!isRecord(tool)) return invalid(`${at}.tool: Field required`);
      if (tool.type === 'tool_definition' && block.type === 'tool_addition') {
        if (!inline)
          return invalid(
            `${at}.tool: defining a tool in a message needs the anthropic-beta header "${BETAS.inlineTools}"`,
          );
        const def = tool.definition;
        if (!isRecord(def) || typeof def.name !== 'string' || !TOOL_NAME.test(def.name))
          return invalid(`${at}.tool.definition.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`);
        if (!isRecord(def.input_schema) || def.input_schema.type !== 'object')
          return invalid(`${at}.tool.definition.input_schema.type: Input should be 'object'`);
        known.add(def.name);
        continue;
      }
      if (tool.type !== 'tool_reference' || typeof tool.name !== 'string')
        return invalid(
          `${at}.tool: Input tag '${String(tool.type)}' found using 'type' does not match any of the expected tags`,
        );
      if (!known.has(tool.name))
        return invalidWithCode(
          `${at}.tool: the tool "${tool.name}" is not declared in tools or defined earlier in messages`,
          'tool_reference_unresolved',
        );
    }
  }
  return undefined;
}
