/**
 * The mock's token estimate. It is deliberately simple and documented so tests can compute
 * expected usage by hand: one token per four characters, rounded up.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * JSON with object keys sorted, so two equal values always serialize to the same text.
 * Used for token counts of structured blocks and for cache prefix identity.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/**
 * Tokens of one request block: a plain string or a `text` block counts its text; any other
 * block (tool definition, tool_use, tool_result, image, thinking...) counts its canonical JSON
 * with `cache_control` removed.
 */
export function blockTokens(block: unknown): number {
  if (typeof block === 'string') return estimateTokens(block);
  const clean = withoutCacheControl(block);
  if (isRecord(clean) && clean.type === 'text' && typeof clean.text === 'string') return estimateTokens(clean.text);
  // A compaction block renders as its summary (its signature and metadata are not prompt text).
  if (isRecord(clean) && clean.type === 'compaction') return estimateTokens(String(clean.content ?? ''));
  return estimateTokens(canonicalJson(clean));
}

/** The block without its `cache_control` marker (a shallow copy; other values untouched). */
export function withoutCacheControl(block: unknown): unknown {
  if (!isRecord(block) || !('cache_control' in block)) return block;
  const { cache_control: _ignored, ...rest } = block;
  return rest;
}

/** True for plain (non-array) objects. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
