import type { ToolErrorCode, ToolResult } from './types.js';

/** A successful result: `content` (one text part) for the model, `display` (one line) for people. */
export function okResult(content: string, display: string): ToolResult {
  return { content: [{ type: 'text', text: content }], display, isError: false };
}

/**
 * A failure the model can act on; `display` defaults to the first line of the message, `code`
 * to `failed`.
 */
export function errorResult(content: string, display?: string, code: ToolErrorCode = 'failed'): ToolResult {
  return {
    content: [{ type: 'text', text: content }],
    display: display ?? `error: ${content.split('\n')[0] ?? ''}`.slice(0, 200),
    isError: true,
    errorCode: code,
  };
}

/** The error message of an unknown thrown value, for results that wrap I/O failures. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Returned when the call's signal fired before or during the work. */
export function abortedResult(what: string): ToolResult {
  return errorResult(`${what} was cancelled.`, 'cancelled', 'cancelled');
}

/** `1 line`, `3 lines`: counts in display summaries read as English. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}
