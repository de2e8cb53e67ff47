import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiErrorResponse } from './errors.js';
import { randomId } from './ids.js';

const REDACTED_HEADERS = new Set(['x-api-key', 'authorization']);

/** Request headers as one string each, with credentials replaced by `[redacted]`. */
export function redactHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = REDACTED_HEADERS.has(name) ? '[redacted]' : Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Reads the whole request body as text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The body as JSON when it parses, else the raw text (undefined when empty). */
export function parseBody(raw: string): { json: true; value: unknown } | { json: false; value: string | undefined } {
  if (raw.length === 0) return { json: false, value: undefined };
  try {
    return { json: true, value: JSON.parse(raw) as unknown };
  } catch {
    return { json: false, value: raw };
  }
}

/** Sends a JSON response with a `request-id` header, as the real API does. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'request-id': randomId('req_'),
    ...headers,
  });
  res.end(text);
}

/** Sends an error in the real API's JSON shape. */
export function sendError(res: ServerResponse, error: ApiErrorResponse): void {
  sendJson(res, error.status, error.body, { 'request-id': error.body.request_id, ...error.headers });
}
