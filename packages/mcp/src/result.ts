/**
 * A `tools/call` result as the model gets it: text stays text, an image becomes an image part,
 * embedded resources and resource links become text naming them, structured content is added
 * as JSON when the text does not carry it; the whole is capped (Claude Code's
 * MAX_MCP_OUTPUT_TOKENS, default 25,000 tokens, counted here at 4 characters a token) with a note.
 */
import type { ResultPart } from '@coding-harness/model';

/** Claude Code's default cap on an MCP tool's output, in tokens. */
export const MCP_OUTPUT_TOKENS_DEFAULT = 25_000;
const CHARS_PER_TOKEN = 4;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

type Block = Record<string, unknown> & { type?: unknown };

function resourceText(resource: Record<string, unknown>): string {
  const uri = String(resource.uri ?? '');
  if (typeof resource.text === 'string') return `[resource ${uri}]\n${resource.text}`;
  const type = typeof resource.mimeType === 'string' ? resource.mimeType : 'binary';
  return `[resource ${uri} (${type}, not shown)]`;
}

/** One content block as a part (or a text note for what the model cannot take). */
export function partOf(block: Block): ResultPart {
  if (block.type === 'text' && typeof block.text === 'string') return { type: 'text', text: block.text };
  if (block.type === 'image' && typeof block.data === 'string' && typeof block.mimeType === 'string') {
    if (IMAGE_TYPES.has(block.mimeType)) return { type: 'image', mediaType: block.mimeType, data: block.data };
    return { type: 'text', text: `[image ${block.mimeType}: a type the model does not take, not shown]` };
  }
  if (block.type === 'resource' && typeof block.resource === 'object' && block.resource !== null)
    return { type: 'text', text: resourceText(block.resource as Record<string, unknown>) };
  if (block.type === 'resource_link') {
    const name = typeof block.name === 'string' ? ` ${block.name}` : '';
    const description = typeof block.description === 'string' ? `: ${block.description}` : '';
    return { type: 'text', text: `[resource link${name} ${String(block.uri ?? '')}${description}]` };
  }
  if (block.type === 'audio') return { type: 'text', text: `[audio ${String(block.mimeType ?? '')}, not shown]` };
  return { type: 'text', text: `[content of type ${String(block.type)}, not shown]` };
}

/**
 * The size of a part as counted against the cap, in characters: text by its length. An image is
 * not counted: the model pays for it by its pixels, not its base64 length, and the API has its own
 * per-image limit; cutting one in half would leave nothing usable.
 */
const sizeOf = (part: ResultPart): number => (part.type === 'text' ? part.text.length : 0);

/**
 * The parts within `maxTokens`: whole parts while they fit, then the text of the first that does
 * not fit cut, then a note saying how much was left out and how to raise the cap.
 */
export function capParts(parts: readonly ResultPart[], maxTokens: number): ResultPart[] {
  const budget = maxTokens * CHARS_PER_TOKEN;
  const total = parts.reduce((n, p) => n + sizeOf(p), 0);
  if (total <= budget) return [...parts];
  const out: ResultPart[] = [];
  let left = budget;
  for (const part of parts) {
    if (part.type !== 'text') out.push(part);
    else if (part.text.length <= left) {
      out.push(part);
      left -= part.text.length;
    } else if (left > 0) {
      out.push({ type: 'text', text: part.text.slice(0, left) });
      left = 0;
    }
  }
  out.push({
    type: 'text',
    text: `[output cut: about ${Math.ceil(total / CHARS_PER_TOKEN)} tokens, over the ${maxTokens}-token cap for MCP tool output; set MAX_MCP_OUTPUT_TOKENS to raise it, or ask the tool for less]`,
  });
  return out;
}

/** A whole `tools/call` result as parts, capped. */
export function resultParts(result: Record<string, unknown>, maxTokens: number): ResultPart[] {
  const blocks = Array.isArray(result.content) ? (result.content as Block[]) : [];
  const parts = blocks.map(partOf);
  const structured = result.structuredContent;
  if (structured !== undefined) {
    const json = JSON.stringify(structured);
    if (!parts.some((p) => p.type === 'text' && p.text.includes(json)))
      parts.push({ type: 'text', text: `structured content: ${json}` });
  }
  if (parts.length === 0) parts.push({ type: 'text', text: '(the tool returned no content)' });
  return capParts(parts, maxTokens);
}

/** The cap from MAX_MCP_OUTPUT_TOKENS, or the default when it is unset; a bad value is a notice. */
export function outputCapFromEnv(env: Readonly<Record<string, string | undefined>>): {
  maxTokens: number;
  notice?: string;
} {
  const raw = env.MAX_MCP_OUTPUT_TOKENS;
  if (raw === undefined || raw === '') return { maxTokens: MCP_OUTPUT_TOKENS_DEFAULT };
  const n = Number(raw);
  if (Number.isInteger(n) && n > 0) return { maxTokens: n };
  return {
    maxTokens: MCP_OUTPUT_TOKENS_DEFAULT,
    notice: `MAX_MCP_OUTPUT_TOKENS=${raw} is not a positive whole number; using ${MCP_OUTPUT_TOKENS_DEFAULT}`,
  };
}
