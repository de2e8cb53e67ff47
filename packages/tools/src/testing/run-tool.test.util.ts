/**
 * Test utility (not part of the package): runs a tool the way its tests read best, with the
 * result's content parts joined into one text (`resultText`), so a test of a text tool asserts
 * on the text the model gets.
 */
import { resultText } from '@coding-harness/model';
import type { ExecuteOptions, Tool, ToolContext, ToolResult } from '../types.js';

/** A tool result with its content as the text the model reads. */
export type TextResult = Omit<ToolResult, 'content'> & { content: string };

/** `tool.execute(input, ctx, opts)`, its content as text. */
export async function runTool<I>(
  tool: Tool<I>,
  input: I,
  ctx: ToolContext,
  opts?: ExecuteOptions,
): Promise<TextResult> {
  const result = await tool.execute(input, ctx, opts);
  return { ...result, content: resultText(result.content) };
}
