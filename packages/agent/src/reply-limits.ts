/**
 * How deeply a tool call's input may nest, whatever the provider: JSON nested thousands deep
 * parses, but serializing it again overflows the stack (the stream-json output, the session file
 * and the next request body all did). The reply's size is capped by the provider's reader, where
 * the bytes accumulate (the Anthropic one: MAX_REPLY_CHARS in the model package).
 */

/** How deeply a tool call's input may nest (objects and arrays). */
export const MAX_TOOL_INPUT_DEPTH = 64;

/** The deepest nesting of objects and arrays in a JSON text, found in one pass without parsing it. */
export function jsonDepth(json: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < json.length; i += 1) {
    const ch = json.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i += 1;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (ch === 0x7d || ch === 0x5d) depth -= 1;
  }
  return deepest;
}

/** Whether a parsed value nests deeper than `limit` (checked without recursion, stopping at the limit). */
export function deeperThan(value: unknown, limit: number): boolean {
  const stack: Array<{ v: unknown; d: number }> = [{ v: value, d: 0 }];
  while (stack.length > 0) {
    const { v, d } = stack.pop() as { v: unknown; d: number };
    if (v === null || typeof v !== 'object') continue;
    if (d + 1 > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push({ v: child, d: d + 1 });
  }
  return false;
}

/** The result text of a tool call whose input nested too deeply (it was not run). */
export function tooDeepMessage(limit: number): string {
  return `This tool call was not run: its input nests more than ${limit} levels deep. Send a flatter input.`;
}
