import type { ApiErrorResponse } from '../errors.js';
import { apiError, invalid } from '../errors.js';

/** API versions the real service accepts (platform docs, api/versioning). */
export const API_VERSIONS = ['2023-01-01', '2023-06-01', '2026-10-21'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

/** Beta header values the mock gives meaning to. */
export const BETAS = {
  thinkingBinding: 'thinking-binding-controls-2026-08-01',
  displayUpdates: 'thinking-display-updates-2026-08-18',
  contextManagement: 'context-management-2025-06-27',
  compaction: 'compact-2026-09-04',
  toolChanges: 'mid-conversation-tool-changes-2026-07-01',
  inlineTools: 'inline-tools-2026-09-15',
} as const;

/** What the headers of one request settle. */
export interface RequestHeaders {
  version: ApiVersion;
  betas: ReadonlySet<string>;
}

/**
 * Checks credentials and `anthropic-version` the way the real API does: a key in `x-api-key`
 * or `Authorization: Bearer` is required (401 otherwise), and the version header is required
 * and must name a released version (400).
 */
export function checkHeaders(
  headers: Record<string, string | string[] | undefined>,
): { ok: true; value: RequestHeaders } | { ok: false; error: ApiErrorResponse } {
  const key = one(headers['x-api-key']);
  const auth = one(headers.authorization);
  const bearer = auth && /^Bearer\s+\S+/i.test(auth);
  if (!key && !bearer) return { ok: false, error: apiError('authentication_error', 'x-api-key header is required') };
  const version = one(headers['anthropic-version']);
  if (!version) return { ok: false, error: invalid('anthropic-version: header is required') };
  if (!(API_VERSIONS as readonly string[]).includes(version)) {
    return {
      ok: false,
      error: invalid(`anthropic-version: "${version}" is not a valid version; use one of ${API_VERSIONS.join(', ')}`),
    };
  }
  const betas = new Set(
    (one(headers['anthropic-beta']) ?? '')
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean),
  );
  return { ok: true, value: { version: version as ApiVersion, betas } };
}

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}
