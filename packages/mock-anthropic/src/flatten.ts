import { blockTokens, canonicalJson, isRecord, withoutCacheControl } from './tokens.js';

/** One block of a request in cache order, with what the cache model needs to know about it. */
export interface FlatBlock {
  /** Estimated tokens of this block (see `blockTokens`). */
  tokens: number;
  /** Canonical JSON of where the block sits and what it holds, `cache_control` removed. */
  identity: string;
  /** True when the block carries `cache_control`. */
  breakpoint: boolean;
}

/**
 * Flattens a Messages request in the real API's cache order: each tool definition, then each
 * system block (a string system is one block), then every content block of every message
 * (a string content is one block).
 */
export function flattenRequest(body: Record<string, unknown>): FlatBlock[] {
  const blocks: FlatBlock[] = [];
  const add = (where: Record<string, unknown>, block: unknown): void => {
    blocks.push({
      tokens: blockTokens(block),
      identity: canonicalJson({ ...where, block: withoutCacheControl(block) }),
      breakpoint: isRecord(block) && block.cache_control != null,
    });
  };
  if (Array.isArray(body.tools)) for (const tool of body.tools) add({ at: 'tool' }, tool);
  if (typeof body.system === 'string') add({ at: 'system' }, body.system);
  else if (Array.isArray(body.system)) for (const block of body.system) add({ at: 'system' }, block);
  if (Array.isArray(body.messages)) {
    for (const message of body.messages) {
      if (!isRecord(message)) continue;
      const at = { at: 'message', role: message.role };
      if (Array.isArray(message.content)) for (const block of message.content) add(at, block);
      else add(at, message.content);
    }
  }
  return blocks;
}

/** Total estimated input tokens of a flattened request. */
export function totalTokens(blocks: FlatBlock[]): number {
  return blocks.reduce((sum, b) => sum + b.tokens, 0);
}
