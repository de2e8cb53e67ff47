import { blockTokens, canonicalJson, isRecord, withoutCacheControl } from './tokens.js';

/** One block of a request in cache order, with what the cache model needs to know about it. */
export interface FlatBlock {
  /** Estimated tokens of this block (see `blockTokens`). */
  tokens: number;
  /** Canonical JSON of where the block sits and what it holds, `cache_control` removed. */
  identity: string;
  /** True when the block carries `cache_control` (or is the last block under top-level automatic caching). */
  breakpoint: boolean;
  /** The breakpoint's `cache_control.ttl` (default 5m). */
  ttl: '5m' | '1h';
}

/**
 * Flattens a Messages request in the real API's cache order: each tool definition, then each
 * system block (a string system is one block), then every content block of every message
 * (a string content is one block). A top-level `cache_control` (automatic caching) marks the
 * last block as a breakpoint.
 */
export function flattenRequest(body: Record<string, unknown>): FlatBlock[] {
  const blocks: FlatBlock[] = [];
  const add = (where: Record<string, unknown>, block: unknown): void => {
    const marker = isRecord(block) ? block.cache_control : undefined;
    blocks.push({
      tokens: blockTokens(block),
      identity: canonicalJson({ ...where, block: withoutCacheControl(block) }),
      breakpoint: marker != null,
      ttl: ttlOf(marker),
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
  const last = blocks.at(-1);
  if (body.cache_control != null && last && !last.breakpoint) {
    last.breakpoint = true;
    last.ttl = ttlOf(body.cache_control);
  }
  return blocks;
}

function ttlOf(marker: unknown): '5m' | '1h' {
  return isRecord(marker) && marker.ttl === '1h' ? '1h' : '5m';
}

/** Total estimated input tokens of a flattened request. */
export function totalTokens(blocks: FlatBlock[]): number {
  return blocks.reduce((sum, b) => sum + b.tokens, 0);
}
