/**
 * A server's prompts as the user runs them: `prompts/list` (every page), the typed words bound to
 * the prompt's declared arguments in order, and a `prompts/get` result as the parts of one user
 * message (text, images, embedded resources). The session names them `/mcp__<server>__<prompt>`.
 */
import type { ResultPart } from '@coding-harness/model';
import { partOf } from './result.js';
import { resourceContentsParts } from './resources.js';
import type { McpClient } from './sdk.js';

/** One argument a prompt declares. */
export interface PromptArgumentInfo {
  name: string;
  description?: string;
  required?: boolean;
}

/** What the harness keeps of a server's prompt. */
export interface McpPromptInfo {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgumentInfo[];
}

/** The server's prompts (every page); empty when it offers none. */
export async function listPrompts(client: McpClient, timeoutMs: number): Promise<McpPromptInfo[]> {
  if (!client.getServerCapabilities()?.prompts) return [];
  const { prompts } = await client.listPrompts(undefined, { timeout: timeoutMs });
  return prompts as McpPromptInfo[];
}

/**
 * Words of an argument line: blanks separate them, `"…"` and `'…'` keep blanks inside one, and a
 * backslash takes the next character as it is.
 */
export function splitArguments(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i] as string;
    if (c === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line[(i += 1)];
    } else if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else word = (word ?? '') + c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? '') + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** `<city> [state]`: the declared arguments as a usage line (required in angle brackets). */
export function promptUsage(prompt: McpPromptInfo): string {
  return (prompt.arguments ?? []).map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`)).join(' ');
}

/**
 * The typed words bound to the declared arguments in order; words beyond the last argument join
 * it (a free-text last argument needs no quotes). A missing required argument is a message naming
 * the command and the argument; words for a prompt that takes none are refused likewise.
 */
export function bindArguments(
  command: string,
  prompt: McpPromptInfo,
  line: string,
): { ok: true; args: Record<string, string> } | { ok: false; message: string } {
  const declared = prompt.arguments ?? [];
  const words = splitArguments(line);
  const usage = `usage: ${command}${declared.length > 0 ? ` ${promptUsage(prompt)}` : ''}`;
  if (declared.length === 0 && words.length > 0)
    return { ok: false, message: `${command} takes no arguments, got "${line.trim()}"; ${usage}` };
  const args: Record<string, string> = {};
  declared.forEach((a, i) => {
    if (i >= words.length) return;
    args[a.name] = i === declared.length - 1 ? words.slice(i).join(' ') : (words[i] as string);
  });
  const missing = declared.find((a) => a.required && args[a.name] === undefined);
  if (missing !== undefined)
    return {
      ok: false,
      message: `${command} needs the argument ${missing.name}${missing.description ? ` (${missing.description})` : ''}; ${usage}`,
    };
  return { ok: true, args };
}

/** A `prompts/get` result as the user's message: its text, and the parts after it (images, resources). */
export interface PromptMessage {
  text: string;
  parts: ResultPart[];
}

type Block = Record<string, unknown> & { type?: unknown };

/**
 * The messages of a `prompts/get` result as one user message: every text in order (an assistant
 * message's text marked as such), images as image parts, an embedded resource's contents as
 * `resources/read` gives them, anything else a note naming it.
 */
export function promptMessage(result: Record<string, unknown>, maxChars: number): PromptMessage {
  const messages = Array.isArray(result.messages) ? (result.messages as Record<string, unknown>[]) : [];
  const texts: string[] = [];
  const parts: ResultPart[] = [];
  for (const message of messages) {
    const block = (message.content ?? {}) as Block;
    const mark = message.role === 'assistant' ? '(assistant) ' : '';
    if (block.type === 'text' && typeof block.text === 'string') texts.push(`${mark}${block.text}`);
    else if (block.type === 'resource' && typeof block.resource === 'object' && block.resource !== null)
      parts.push(...resourceContentsParts([block.resource as Record<string, unknown>], maxChars).parts);
    else {
      const part = partOf(block);
      if (part.type === 'text') texts.push(`${mark}${part.text}`);
      else parts.push(part);
    }
  }
  const text = texts.join('\n\n');
  if (text.length <= maxChars) return { text, parts };
  // A server's prompt is as untrusted as a tool's output: the same cap.
  const note = `[prompt cut: ${text.length - maxChars} more characters, over the ${maxChars}-character cap for MCP output; set MAX_MCP_OUTPUT_TOKENS to raise it]`;
  return { text: `${text.slice(0, maxChars)}\n${note}`, parts };
}

/** Runs `prompts/get` and returns the user's message, or the server's refusal as a message. */
export async function getPrompt(
  client: McpClient,
  name: string,
  args: Record<string, string>,
  options: { timeoutMs: number; maxChars: number },
): Promise<{ ok: true; message: PromptMessage } | { ok: false; message: string }> {
  try {
    const result = await client.getPrompt({ name, arguments: args }, { timeout: options.timeoutMs });
    return { ok: true, message: promptMessage(result as Record<string, unknown>, options.maxChars) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
